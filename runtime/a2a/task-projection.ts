// The forward projection run → A2A Task (interop.md §"The durable-task projection"):
//   - `Task.id` is the raw `<tenant>/<opaque>` runId; `contextId` is the A2A record's, or the runId
//     itself for a run that was not started over A2A;
//   - state from the generated `projectA2aTaskState(status, openInterruptKind)`;
//   - while waiting: `metadata.openwop.interrupt = {interruptId, kind, nodeId, ...}` and an agent
//     status message describing the interrupt (with `connectUrl` for credential interrupts);
//   - completed: an agent status message with the outputs (`{data}` plus a text part when
//     `outputs.text` is a string) and the stable artifact `output`;
//   - failed: an agent status message with the error message.
import { projectA2aTaskState } from '../../generated/a2a/task-state.ts';
import type { Subject } from '../auth/subject.ts';
import type { Interrupt, RunCore, RunSnapshot } from '../core/port.ts';
import type { A2aTaskRecord, Store } from '../store/port.ts';
import type { Artifact, JsonMap, Message, Part, Task, TaskStatus } from './wire.ts';

export type A2aTaskStore = Pick<Store, 'getA2aTask' | 'putA2aTask'>;

export const OUTPUT_ARTIFACT_ID = 'output';

export interface TaskView {
  run: RunSnapshot;
  interrupt?: Interrupt;
  record?: A2aTaskRecord;
  /** When the run entered its current status (the last status-changing event). */
  statusAt: string;
}

/** Everything the projection needs, or undefined when the caller cannot read the run. */
export async function loadTaskView(
  core: RunCore,
  tasks: A2aTaskStore,
  subject: Subject,
  runId: string,
  now: () => Date,
): Promise<TaskView | undefined> {
  const run = await core.getRun(subject, runId);
  if (!run) return undefined;
  const [open, record, times] = await Promise.all([
    core.openInterrupts(subject, runId),
    tasks.getA2aTask(runId),
    core.runTimes(subject, runId),
  ]);
  const view: TaskView = { run, statusAt: times?.statusAt ?? now().toISOString() };
  const interrupt = open?.[0];
  if (interrupt) view.interrupt = interrupt;
  if (record) view.record = record;
  return view;
}

export function contextIdOf(view: { run: RunSnapshot; record?: A2aTaskRecord }): string {
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

export function interruptMetadata(i: Interrupt): JsonMap {
  const m: JsonMap = { interruptId: i.interruptId, kind: i.kind, nodeId: i.nodeId };
  if (i.schema) m['schema'] = i.schema;
  if (i.approvers) m['approvers'] = i.approvers;
  if (i.connectUrl) m['connectUrl'] = i.connectUrl;
  // What a custom interrupt asks the caller's client to run; its result is the answer.
  if (i.clientRequest) m['clientRequest'] = i.clientRequest as unknown as JsonMap;
  return m;
}

export function outputArtifact(outputs: JsonMap): Artifact {
  return { artifactId: OUTPUT_ARTIFACT_ID, name: 'output', parts: [{ data: outputs }] };
}

export function projectStatus(view: TaskView): TaskStatus {
  const { run, interrupt } = view;
  const state = projectA2aTaskState(run.status, interrupt?.kind).wire;
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
    const text =
      interrupt.kind === 'approval'
        ? 'approval required: answer with metadata.openwop.interrupt.action approve|reject'
        : interrupt.kind === 'credential'
          ? `credential required${interrupt.connectUrl ? `: connect at ${interrupt.connectUrl}` : ''}`
          : `${interrupt.kind} required`;
    status.message = agentMessage(run.runId, contextId, `interrupt-${interrupt.interruptId}`, [
      { text },
      { data: interruptMetadata(interrupt) },
    ]);
  }
  return status;
}

export interface ProjectionOptions {
  /** Most recent messages to include; undefined = all, 0 = none. */
  historyLength?: number;
  includeArtifacts?: boolean;
}

export function projectTask(view: TaskView, options: ProjectionOptions = {}): Task {
  const { run } = view;
  const task: Task = { id: run.runId, contextId: contextIdOf(view), status: projectStatus(view) };
  const history = (view.record?.history ?? []) as Message[];
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
