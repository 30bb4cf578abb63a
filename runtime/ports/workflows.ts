// What a binding may know of a workflow, served by the RunCore (never the definition itself): enough
// to list it as a skill or tool, check arguments, decide whether a client can take part, and report
// progress.
import type { JsonObject } from './json.ts';

/** The kinds of question a run of the workflow may put to the caller's side. */
export interface ClientAsks {
  /** A form a person fills in (approvals, clarifications, inputs). */
  form: boolean;
  /** A URL a person opens (credentials). */
  url: boolean;
  /** A sampling request the caller's client runs. */
  sampling: boolean;
  /** A roots listing the caller's client answers. */
  roots: boolean;
}

/**
 * A question put to the caller before a run starts: its answer (an object of `schema`, a form) is
 * the run's input `name`. Asked only when the arguments lack that input.
 */
export interface FirstQuestion {
  name: string;
  prompt: string;
  schema: JsonObject;
}

export interface WorkflowView {
  id: string;
  description: string;
  /** JSON Schema of the run inputs. */
  inputSchema: JsonObject;
  /** Whether a caller must run it as a task; absent means optional. */
  taskSupport?: 'forbidden' | 'optional' | 'required';
  asks: ClientAsks;
  /**
   * A declared input path (interop-map SendMessage, "taskId, run not suspended and not terminal"):
   * the nodes at which a running run of this workflow takes further messages
   * (RunCore.sendRunMessage). A `running` run whose `currentNodeId` is one of them is waiting for
   * the next message. Absent: a message to a running run is refused.
   */
  messages?: { nodeIds: readonly string[] };
  /**
   * Questions asked before a run starts (MCP: an InputRequiredResult with no run behind it, so a
   * task client can answer them before its task exists, SEP-2663's MRTR-then-task composition).
   */
  asksFirst?: readonly FirstQuestion[];
  /** Progress: the number of steps, and the step (0-based) each node id belongs to. */
  steps: { total: number; stepOf: Readonly<Record<string, number>> };
}

/**
 * Whether a run of `workflow` waits for the next message (WorkflowView.messages): `running` at a
 * node of the declared input path, between two turns of a conversation.
 */
export function awaitsMessage(
  workflow: Pick<WorkflowView, 'messages'> | undefined,
  run: { status: string; currentNodeId?: string | undefined },
): boolean {
  return (
    run.status === 'running' &&
    run.currentNodeId !== undefined &&
    (workflow?.messages?.nodeIds.includes(run.currentNodeId) ?? false)
  );
}
