// The StreamResponse status updates of a task as its run's log grows: working, the interrupt that
// makes it input-required (with its metadata), and the terminal status with the output artifact.
import { projectA2aTaskState, type A2aWireTaskState } from '@wopgen/generated/a2a/task-state';
import type { RunStatus } from '@wopgen/generated/run-status';
import { isTerminalEvent, type RunEvent } from '../../ports/events.ts';
import { taskNotFound } from './errors.ts';
import { requireTaskView, type A2aDeps, type A2aRequestContext } from './request-context.ts';
import { agentMessage, factsMetadata, outputArtifact, projectStatus } from './task-projection.ts';
import type { JsonMap, StreamResponse, Task } from './wire.ts';

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
  const update = (
    state: A2aWireTaskState,
    e: RunEvent,
    extra: Partial<Task['status']> = {},
    metadata?: JsonMap,
  ) =>
    ({
      statusUpdate: {
        taskId: runId,
        contextId,
        status: { state, timestamp: e.timestamp, ...extra },
        ...(metadata ? { metadata } : {}),
      },
    }) satisfies StreamResponse;
  for await (const e of stream) {
    if (e.type === 'run.started') yield update('TASK_STATE_WORKING', e);
    else if (e.type === 'interrupt.resolved' && e.payload.action === 'accept') {
      yield update('TASK_STATE_WORKING', e);
    } else if (e.type === 'interrupt.requested') {
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
        { text: `${kind} required` },
        { data: info },
      ]);
      yield update(
        projectA2aTaskState(status, kind).wire,
        e,
        { message },
        { openwop: { interrupt: info } },
      );
      return;
    } else if (isTerminalEvent(e)) {
      const v = await requireTaskView(deps, rc, runId);
      if (v.run.status === 'completed') {
        yield {
          artifactUpdate: {
            taskId: runId,
            contextId,
            artifact: outputArtifact((v.run.outputs ?? {}) as JsonMap),
            lastChunk: true,
          },
        };
      }
      yield {
        statusUpdate: {
          taskId: runId,
          contextId,
          status: { ...projectStatus(v), timestamp: e.timestamp },
        },
      };
      return;
    }
  }
}
