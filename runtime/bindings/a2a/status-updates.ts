// The StreamResponse status updates of a task as its run's log grows: working, the interrupt that
// makes it input-required (with its metadata), each answer of a conversation (follow-up.ts), and
// the terminal status with the output artifact.
// Streams (SendStreamingMessage, SubscribeToTask) and push delivery (push-projection.ts) share the
// per-entry mapping `eventUpdates`.
import type { A2aWireTaskState } from '@wopgen/generated/a2a/task-state';
import type { RunStatus } from '@wopgen/generated/run-status';
import type { Subject } from '../../ports/auth.ts';
import { answerGoesOn, isTerminalEvent, type RunEvent } from '../../ports/events.ts';
import { taskNotFound } from './errors.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import {
  agentMessage,
  factsMetadata,
  interruptText,
  loadTaskView,
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

/** The updates one run-log entry makes, as `subject` may read them. */
export async function eventUpdates(
  deps: A2aDeps,
  subject: Subject,
  runId: string,
  contextId: string,
  e: RunEvent,
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
  if (e.type === 'run.started') return { updates: [update('TASK_STATE_WORKING')] };
  if (e.type === 'interrupt.resolved' && answerGoesOn(e.payload)) {
    return { updates: [update('TASK_STATE_WORKING')] };
  }
  if (e.type === 'interrupt.requested') {
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
  }
  if (e.type === 'conversation.exchanged') {
    const outcome = e.payload.outcome as JsonMap | undefined;
    const text = typeof outcome?.['text'] === 'string' ? outcome['text'] : '';
    const message = replyMessage(runId, contextId, {
      inReplyTo: null,
      turnIndex: e.payload.turnIndex,
      text,
      at: e.timestamp,
    });
    // The answer that closes the conversation is followed, in the same commit, by
    // `conversation.closed`: the run goes on, so a stream does not end at it.
    const next = await deps.ctx.core.readEvents(subject, runId, e.sequence, 1);
    const closes = next?.[0]?.type === 'conversation.closed';
    return {
      updates: [update('TASK_STATE_WORKING', { message })],
      ...(!closes && { ends: 'reply' as const }),
    };
  }
  if (isTerminalEvent(e)) {
    const v = await loadTaskView(deps.ctx.core, subject, runId, deps.ctx.now);
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
        status: extend(projectStatus(deps.ctx.contract.a2a.taskState, v), {
          timestamp: e.timestamp,
        }),
      },
    });
    return { updates, ends: 'terminal' };
  }
  return { updates: [] };
}

/** Status changes of a run after `afterSequence`, ending after a terminal or input-required status. */
export async function* statusUpdates(
  deps: A2aDeps,
  rc: A2aRequestContext,
  runId: string,
  contextId: string,
  afterSequence: number,
): AsyncGenerator<StreamResponse> {
  const stream = await deps.ctx.core.streamRunEvents(rc.subject, runId, {
    afterSequence,
    signal: rc.signal,
  });
  if (!stream) throw taskNotFound();
  for await (const e of stream) {
    const { updates, ends } = await eventUpdates(deps, rc.subject, runId, contextId, e);
    yield* updates;
    if (ends) return;
  }
}
