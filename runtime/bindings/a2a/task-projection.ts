// The forward projection run → A2A Task (interop.md §"The durable-task projection"):
//   - `Task.id` is the raw `<tenant>/<opaque>` runId; `contextId` is the A2A record's, or the runId
//     itself for a run that was not started over A2A;
//   - state from the served contract's projection (`a2a.taskState.project(status, openInterruptKind)`),
//     except between two turns of a conversation (`wireState`);
//   - while waiting: `metadata.openwop.interrupt = {interruptId, kind, nodeId, ...}` and an agent
//     status message describing the interrupt (with `connectUrl` for credential interrupts);
//   - completed: an agent status message with the outputs (`{data}` plus a text part when
//     `outputs.text` is a string) and the stable artifact `output`;
//   - failed: an agent status message with the error message;
//   - a task in a conversation (a declared input path, follow-up.ts): the run's answers are agent
//     messages in the history, each after the message it answers, and the last is the status message.
import type { A2aWireTaskState } from '@wopgen/generated/a2a/task-state';
import type { ServedContract } from '../../contract/served.ts';
import type { Subject } from '../../ports/auth.ts';
import type { Interrupt } from '../../ports/interrupts.ts';
import type {
  BindingRecord,
  ConversationReply,
  RunCore,
  RunSnapshot,
  RunView,
} from '../../ports/run-core.ts';
import { awaitsMessage } from '../../ports/workflows.ts';
import { DEFAULT_APPROVAL_ACTIONS } from '../../util/approval-answer.ts';
import type { Artifact, JsonMap, Message, Part, Task, TaskStatus } from './wire.ts';
import { extend } from '../../util/extend.ts';

export const OUTPUT_ARTIFACT_ID = 'output';

/** The served contract's run status → task state projection. */
export type A2aStates = ServedContract['a2a']['taskState'];

export interface TaskView {
  run: RunSnapshot;
  interrupt?: Interrupt;
  record?: BindingRecord;
  /** The run's conversation answers, oldest first (RunView.replies). */
  replies?: ConversationReply[];
  /** The run waits for the next message of a conversation (RunView.awaitingMessage). */
  awaitingMessage?: boolean;
  /** When the run entered its current status (the last status-changing event). */
  statusAt: string;
}

/** Everything the projection needs, or undefined when the caller cannot read the run. */
/** What a task projection needs of a run's view (RunCore.runView / listRunViews). */
export function taskViewOf(rv: RunView): TaskView {
  const view: TaskView = { run: rv.run, statusAt: rv.times.statusAt };
  if (rv.open[0]) view.interrupt = rv.open[0];
  if (rv.record) view.record = rv.record;
  if (rv.replies) view.replies = rv.replies;
  if (rv.awaitingMessage) view.awaitingMessage = true;
  return view;
}

export async function loadTaskView(
  core: RunCore,
  subject: Subject,
  runId: string,
  now: () => Date,
): Promise<TaskView | undefined> {
  if (core.runView) {
    const rv = await core.runView(subject, runId, 'a2a');
    return rv && taskViewOf(rv);
  }
  const run = await core.getRun(subject, runId);
  if (!run) return undefined;
  const [open, record, times] = await Promise.all([
    core.openInterrupts(subject, runId),
    core.bindingRecord(subject, runId, 'a2a'),
    core.runTimes(subject, runId),
  ]);
  const view: TaskView = { run, statusAt: times?.statusAt ?? now().toISOString() };
  const interrupt = open?.[0];
  if (interrupt) view.interrupt = interrupt;
  if (record) view.record = record;
  if (
    run.status === 'running' &&
    awaitsMessage(await core.getWorkflow(subject, run.workflowId), run)
  )
    view.awaitingMessage = true;
  return view;
}

export function contextIdOf(view: { run: RunSnapshot; record?: BindingRecord }): string {
  return view.record?.contextId ?? view.run.runId;
}

export function agentMessage(
  taskId: string,
  contextId: string,
  suffix: string,
  parts: Part[],
): Message {
  return { messageId: `${taskId}#${suffix}`, role: 'ROLE_AGENT', parts, taskId, contextId };
}

/** The port's client ask in the wire vocabulary the run log and A2A metadata use. */
export function clientRequestOf(ask: NonNullable<Interrupt['clientAsk']>): JsonMap {
  const method = ask.kind === 'sampling' ? 'sampling/createMessage' : 'roots/list';
  return { method, params: ask.params };
}

/** What A2A metadata says of an interrupt (the run log's `interrupt.requested` says the same). */
export interface InterruptFacts {
  interruptId: string;
  kind: string;
  nodeId: string;
  schema?: object;
  approvers?: string[];
  actions?: readonly string[];
  connectUrl?: string;
  provider?: string;
  scopes?: readonly string[];
  reason?: string;
  clientRequest?: object;
}

export function factsMetadata(f: InterruptFacts): JsonMap {
  const m: JsonMap = { interruptId: f.interruptId, kind: f.kind, nodeId: f.nodeId };
  if (f.schema) m['schema'] = f.schema;
  if (f.approvers) m['approvers'] = f.approvers;
  if (f.actions) m['actions'] = [...f.actions];
  if (f.connectUrl) m['connectUrl'] = f.connectUrl;
  // A credential names what to connect, never material (upstream CredentialData).
  if (f.provider !== undefined) m['provider'] = f.provider;
  if (f.scopes) m['scopes'] = [...f.scopes];
  if (f.reason !== undefined) m['reason'] = f.reason;
  // What a custom interrupt asks the caller's client to run; its result is the answer.
  if (f.clientRequest) m['clientRequest'] = f.clientRequest;
  return m;
}

export function interruptMetadata(i: Interrupt): JsonMap {
  const { clientAsk, ...facts } = i;
  return factsMetadata(clientAsk ? { ...facts, clientRequest: clientRequestOf(clientAsk) } : facts);
}

/**
 * What the status message of a waiting task tells the client to do: an approval names the actions
 * its gate allows, in the spec's vocabulary (interrupt.md §Approval); a credential names where to
 * connect.
 */
export function interruptText(
  f: Pick<InterruptFacts, 'kind' | 'actions' | 'connectUrl' | 'provider'>,
): string {
  if (f.kind === 'approval') {
    const actions = (f.actions ?? DEFAULT_APPROVAL_ACTIONS).join('|');
    return `approval required: answer with metadata.openwop.interrupt.action ${actions}`;
  }
  if (f.kind === 'credential') {
    const what = f.provider !== undefined ? ` ${f.provider}` : '';
    return `credential required${f.connectUrl ? `: connect${what} at ${f.connectUrl}` : ''}`;
  }
  return `${f.kind} required`;
}

/** The agent message of one conversation answer. */
export function replyMessage(taskId: string, contextId: string, reply: ConversationReply): Message {
  return agentMessage(taskId, contextId, `reply-${reply.turnIndex}`, [{ text: reply.text }]);
}

/**
 * The history with the run's answers, each after the message it answers (the first message of the
 * task for an answer to the message that started the run); an answer whose message is not in the
 * history follows the rest.
 */
function withReplies(history: Message[], view: TaskView, contextId: string): Message[] {
  const replies = view.replies ?? [];
  if (replies.length === 0) return history;
  const answers = (inReplyTo: string | null) => replies.filter((r) => r.inReplyTo === inReplyTo);
  const placed = new Set<ConversationReply>();
  const out: Message[] = [];
  history.forEach((m, i) => {
    out.push(m);
    for (const r of [...(i === 0 ? answers(null) : []), ...answers(m.messageId)]) {
      if (placed.has(r)) continue;
      placed.add(r);
      out.push(replyMessage(view.run.runId, contextId, r));
    }
  });
  for (const r of replies) if (!placed.has(r)) out.push(replyMessage(view.run.runId, contextId, r));
  return out;
}

export function outputArtifact(outputs: JsonMap): Artifact {
  return { artifactId: OUTPUT_ARTIFACT_ID, name: 'output', parts: [{ data: outputs }] };
}

/**
 * The task's wire state. Between two turns of a conversation the run is `running` but waits on the
 * client, so the task is INPUT_REQUIRED: a blocking SendMessage returns and a stream ends there
 * (A2A §3.1.1, §3.1.2: at a terminal or interrupted state). A follow-up is still taken: SendMessage
 * case selection reads the run status (send-case.ts), which stays `running`.
 */
export function wireState(
  states: A2aStates,
  view: Pick<TaskView, 'run' | 'interrupt' | 'awaitingMessage'>,
): A2aWireTaskState {
  if (view.awaitingMessage) return 'TASK_STATE_INPUT_REQUIRED';
  return states.project(view.run.status, view.interrupt?.kind).wire;
}

export function projectStatus(states: A2aStates, view: TaskView): TaskStatus {
  const { run, interrupt } = view;
  const state = wireState(states, view);
  const status: TaskStatus = { state, timestamp: view.statusAt };
  const contextId = contextIdOf(view);
  if (run.status === 'completed') {
    const outputs = (run.outputs ?? {}) as JsonMap;
    const parts: Part[] = [];
    if (typeof outputs['text'] === 'string') parts.push({ text: outputs['text'] });
    parts.push({ data: outputs });
    status.message = agentMessage(run.runId, contextId, 'completed', parts);
  } else if (run.status === 'failed') {
    const message = run.error?.message ?? 'the run failed';
    status.message = agentMessage(run.runId, contextId, 'failed', [{ text: message }]);
  } else if (interrupt) {
    status.message = agentMessage(run.runId, contextId, `interrupt-${interrupt.interruptId}`, [
      { text: interruptText(interrupt) },
      { data: interruptMetadata(interrupt) },
    ]);
  } else if (view.replies?.length) {
    status.message = replyMessage(run.runId, contextId, view.replies.at(-1)!);
  }
  return status;
}

export interface ProjectionOptions {
  /** Most recent messages to include; undefined = all, 0 = none. */
  historyLength?: number;
  includeArtifacts?: boolean;
}

export function projectTask(
  states: A2aStates,
  view: TaskView,
  options: ProjectionOptions = {},
): Task {
  const { run } = view;
  const task: Task = {
    id: run.runId,
    contextId: contextIdOf(view),
    status: projectStatus(states, view),
  };
  // Each stored message belongs to this task and its context (stamped here, not when stored,
  // since a task-creating message is stored before its run id exists).
  const contextId = task.contextId;
  // extend, not `{ ...m, taskId, contextId }`: the same object at a fraction of the cost (util/extend.ts).
  const stored = ((view.record?.history ?? []) as unknown as Message[]).map((m): Message =>
    extend(m, { taskId: run.runId, contextId }),
  );
  const history = withReplies(stored, view, contextId);
  const n = options.historyLength;
  const kept = n === undefined ? history : n === 0 ? [] : history.slice(-n);
  if (kept.length > 0) task.history = kept;
  if (options.includeArtifacts !== false && run.status === 'completed') {
    task.artifacts = [outputArtifact((run.outputs ?? {}) as JsonMap)];
  }
  const openwop: JsonMap = { workflowId: run.workflowId };
  if (view.interrupt) openwop['interrupt'] = interruptMetadata(view.interrupt);
  task.metadata = { openwop };
  return task;
}
