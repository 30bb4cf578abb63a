// What every A2A handler call receives besides its params, and what the handlers are built over.
import type { Subject } from '../../ports/auth.ts';
import type { NewRunEvent } from '../../ports/events.ts';
import type { HostContext } from '../../context.ts';
import type { TraceContext } from '../../util/trace-context.ts';
import { agentOwns, type RoutedAgent } from './agent-routing.ts';
import { parseWireId } from '../../ids.ts';
import { taskNotFound } from './errors.ts';
import { loadTaskView, type TaskView } from './task-projection.ts';

/** What each handler call receives besides its params. */
export interface A2aRequestContext {
  subject: Subject;
  /** The negotiated A2A version. */
  version: string;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /**
   * Record this exchange's `negotiation.decided` on the run's log (once). Handlers call it when the
   * exchange creates, continues or cancels that run; otherwise it is the caller's host event.
   * `written`: the record went in with the run's insert (decisionRecord), so only mark it done.
   */
  bindRun(runId: string, written?: boolean): Promise<void>;
  /** This exchange's `negotiation.decided`, for createRun to write in a new run's insert. */
  decisionRecord(): NewRunEvent;
  /** The W3C trace context the request adopted (interop.md §"Trace context"), if any. */
  trace?: TraceContext;
  /** The agent the request's `tenant` routes to (interop.md §"Per-agent cards"), if any. */
  agent?: RoutedAgent;
}

export interface A2aDeps {
  ctx: HostContext;
}

/**
 * The task behind `runId` as the caller may see it; unknown, unreadable and (through an agent's R)
 * another agent's alike are TaskNotFound.
 */
export async function requireTaskView(
  deps: A2aDeps,
  rc: A2aRequestContext,
  runId: string,
): Promise<TaskView> {
  const v = await loadTaskView(deps.ctx.core, rc.subject, runId, deps.ctx.now);
  if (!v || !agentOwns(rc.agent, v.run.workflowId)) throw taskNotFound();
  return v;
}

/** The run id a wire task id names, or TaskNotFound (never a hint that the form was wrong). */
export function runIdOf(id: string): string {
  const runId = parseWireId(id);
  if (!runId) throw taskNotFound();
  return runId;
}

/** The sequence of the task's last event: where following it starts. */
export async function lastSequence(
  deps: A2aDeps,
  rc: A2aRequestContext,
  runId: string,
): Promise<number> {
  const last = await deps.ctx.core.lastSequence(rc.subject, runId);
  if (last === undefined) throw taskNotFound();
  return last;
}
