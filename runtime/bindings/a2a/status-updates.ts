// The StreamResponse status updates of a task as its run's log grows: working, the interrupt that
// makes it input-required (with its metadata), each answer of a conversation (follow-up.ts:
// input-required while the run waits for the next message, task-projection.ts `wireState`), and
// the terminal status with the output artifact.
// Streams (SendStreamingMessage, SubscribeToTask) and push delivery (push-projection.ts) share the
// per-entry mapping `eventUpdates`.
import type { A2aWireTaskState } from '@wopgen/generated/a2a/task-state';
import type { RunStatus } from '@wopgen/generated/run-status';
import type { Subject } from '../../ports/auth.ts';
import {
  answerGoesOn,
  type RunEvent,
  type RunEventType,
  type TerminalEventType,
} from '../../ports/events.ts';
import { insertedReads, storeReads, type EntryReads, type InsertedLog } from './entry-reads.ts';
import { taskNotFound } from './errors.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import {
  agentMessage,
  factsMetadata,
  interruptText,
  outputArtifact,
  projectStatus,
  replyMessage,
} from './task-projection.ts';
import type { JsonMap, StreamResponse, Task } from './wire.ts';
import { extend } from '../../util/extend.ts';

/** What one log entry contributes: its updates, and whether a stream of them ends there. */
export interface EntryUpdates {
  updates: StreamResponse[];
  /**
   * `interrupt`: the task now waits on the client; `reply`: the run answered a message and waits
   * for the next; `terminal`: the task is final.
   */
  ends?: 'interrupt' | 'reply' | 'terminal';
}

/** What a projector reads: the entry's task and where it is streamed from. */
interface Entry<T extends RunEventType> {
  deps: A2aDeps;
  subject: Subject;
  runId: string;
  contextId: string;
  e: Extract<RunEvent, { type: T }>;
  /** The next entry and the task's view (entry-reads.ts). */
  reads: EntryReads;
  /** The entry's time. */
  at: string;
  /** A status update of this entry's task, at the entry's time. */
  update(
    state: A2aWireTaskState,
    extra?: Partial<Task['status']>,
    metadata?: JsonMap,
  ): StreamResponse;
}

type Projector<T extends RunEventType> = (x: Entry<T>) => EntryUpdates | Promise<EntryUpdates>;

const none = (): EntryUpdates => ({ updates: [] });

/** The entry's terminal status (and, when completed, its output artifact first). */
async function terminal<T extends TerminalEventType>(x: Entry<T>) {
  const { deps, runId, contextId, at } = x;
  const v = await x.reads.view();
  if (!v) throw taskNotFound();
  const updates: StreamResponse[] = [];
  if (v.run.status === 'completed') {
    updates.push({
      artifactUpdate: {
        taskId: runId,
        contextId,
        artifact: outputArtifact((v.run.outputs ?? {}) as JsonMap),
        lastChunk: true,
      },
    });
  }
  updates.push({
    statusUpdate: {
      taskId: runId,
      contextId,
      status: extend(projectStatus(deps.ctx.contract.a2a.taskState, v), { timestamp: at }),
    },
  });
  return { updates, ends: 'terminal' } as const;
}

/**
 * What each run event type makes of a task's stream, one member per type of the spec's run-event
 * union (ports/events.ts): an event type the spec adds does not compile until it is decided here.
 */
const projectors: { readonly [T in RunEventType]: Projector<T> } = {
  'run.started': ({ update }) => ({ updates: [update('TASK_STATE_WORKING')] }),
  'interrupt.resolved': ({ e, update }) =>
    answerGoesOn(e.payload) ? { updates: [update('TASK_STATE_WORKING')] } : none(),
  'interrupt.requested': ({ deps, runId, contextId, e, update }) => {
    const p = e.payload;
    const kind = p.kind;
    const status: RunStatus =
      kind === 'approval'
        ? 'waiting-approval'
        : kind === 'external-event'
          ? 'waiting-external'
          : 'waiting-input';
    const info = factsMetadata(p);
    const message = agentMessage(runId, contextId, `interrupt-${p.interruptId}`, [
      { text: interruptText(p) },
      { data: info },
    ]);
    const state = deps.ctx.contract.a2a.taskState.project(status, kind).wire;
    return {
      updates: [update(state, { message }, { openwop: { interrupt: info } })],
      ends: 'interrupt',
    };
  },
  'conversation.opened': async ({ reads, e, update }) => {
    // Opened with no first message to answer (the same commit holds no exchange): the run waits
    // for one, so the task is input-required.
    if ((await reads.following(e))?.type === 'conversation.exchanged') return { updates: [] };
    return { updates: [update('TASK_STATE_INPUT_REQUIRED')], ends: 'reply' };
  },
  'conversation.exchanged': async ({ reads, runId, contextId, e, update }) => {
    const outcome = e.payload.outcome as JsonMap | undefined;
    const text = typeof outcome?.['text'] === 'string' ? outcome['text'] : '';
    const message = replyMessage(runId, contextId, {
      inReplyTo: null,
      turnIndex: e.payload.turnIndex,
      text,
      at: e.timestamp,
    });
    // The answer that closes the conversation is followed, in the same commit, by
    // `conversation.closed`: the run goes on (working), so a stream does not end at it. Any other
    // answer leaves the run waiting for the next message: input-required, where a stream ends.
    if ((await reads.following(e))?.type === 'conversation.closed') {
      return { updates: [update('TASK_STATE_WORKING', { message })] };
    }
    return { updates: [update('TASK_STATE_INPUT_REQUIRED', { message })], ends: 'reply' };
  },
  'run.completed': terminal,
  'run.failed': terminal,
  'run.cancelled': terminal,
  // The log's own bookkeeping and the audit record change nothing a client sees of the task.
  'node.suspended': none,
  'node.completed': none,
  'log.appended': none,
  'negotiation.decided': none,
  'conversation.closed': none,
};

/** The updates one run-log entry makes, as `subject` may read them (from the store by default). */
export async function eventUpdates(
  deps: A2aDeps,
  subject: Subject,
  runId: string,
  contextId: string,
  e: RunEvent,
  reads: EntryReads = storeReads(deps, subject, runId),
): Promise<EntryUpdates> {
  const update = (
    state: A2aWireTaskState,
    extra: Partial<Task['status']> = {},
    metadata?: JsonMap,
  ): StreamResponse => ({
    statusUpdate: {
      taskId: runId,
      contextId,
      status: { state, timestamp: e.timestamp, ...extra },
      ...(metadata ? { metadata } : {}),
    },
  });
  // An entry of a type this host does not know (a newer store) changes nothing of the task.
  if (!Object.hasOwn(projectors, e.type)) return none();
  const project = projectors[e.type] as Projector<RunEventType>;
  return project({
    deps,
    subject,
    runId,
    contextId,
    e,
    reads,
    at: e.timestamp,
    update,
  } as Entry<RunEventType>);
}

/**
 * Status changes of a run after `afterSequence`, ending after a terminal or input-required status.
 * With `inserted` (the log the request created the run with), those entries are projected from
 * memory, and the store is subscribed to only when the stream goes on past them: a run that ended or
 * stopped in its first turn is streamed with no read, wait or abort signal of its own.
 */
export async function* statusUpdates(
  deps: A2aDeps,
  rc: A2aRequestContext,
  runId: string,
  contextId: string,
  afterSequence: number,
  inserted?: InsertedLog,
): AsyncGenerator<StreamResponse> {
  const fromStore = storeReads(deps, rc.subject, runId);
  let after = afterSequence;
  if (inserted) {
    const reads = insertedReads(inserted, fromStore);
    for (const e of inserted.events) {
      if (e.sequence <= after) continue;
      const { updates, ends } = await eventUpdates(deps, rc.subject, runId, contextId, e, reads);
      yield* updates;
      if (ends) return;
      after = e.sequence;
    }
  }
  const stream = await deps.ctx.core.streamRunEvents(rc.subject, runId, {
    afterSequence: after,
    signal: rc.signal,
  });
  if (!stream) throw taskNotFound();
  for await (const e of stream) {
    const { updates, ends } = await eventUpdates(deps, rc.subject, runId, contextId, e, fromStore);
    yield* updates;
    if (ends) return;
  }
}
