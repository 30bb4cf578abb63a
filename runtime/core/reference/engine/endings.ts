// The changes that end a run: completed, failed (by a `fail` node or by the host itself) and
// cancelled. Each is one RunChange, so the status, the end time and the terminal event commit
// together; the engine commits them (engine.ts).
import type { JsonObject } from '../../../ports/json.ts';
import type { RunChange, RunRecord } from '../../../ports/store/run-store.ts';
import { LIVE } from './codes.ts';

type Ending = Omit<RunChange, 'at'>;

export function durationMs(run: RunRecord, now: Date): number {
  return Math.max(0, now.getTime() - Date.parse(run.startedAt ?? run.createdAt));
}

export function completedChange(run: RunRecord, outputs: JsonObject, now: Date): Ending {
  return {
    runId: run.runId,
    expectStatus: ['running'],
    patch: {
      status: 'completed',
      outputs,
      completedAt: now.toISOString(),
      currentNodeId: null,
    },
    events: [{ type: 'run.completed', payload: { outputs, durationMs: durationMs(run, now) } }],
  };
}

export function failedChange(
  run: RunRecord,
  error: { code: string; message: string },
  failedNodeId: string,
  now: Date,
): Ending {
  return {
    runId: run.runId,
    expectStatus: ['running'],
    patch: { status: 'failed', error, completedAt: now.toISOString(), currentNodeId: null },
    events: [
      {
        type: 'run.failed',
        payload: { error, failedNodeId, durationMs: durationMs(run, now) },
      },
    ],
  };
}

/** Cancels a live run and its open interrupts, with `run.cancelled`. */
export function cancelledChange(
  run: RunRecord,
  reason: string | undefined,
  cancelledBy: string | undefined,
  now: Date,
): Ending {
  const payload: JsonObject = { durationMs: durationMs(run, now) };
  if (reason !== undefined) payload.reason = reason;
  if (cancelledBy !== undefined) payload.cancelledBy = cancelledBy;
  return {
    runId: run.runId,
    expectStatus: LIVE,
    patch: {
      status: 'cancelled',
      completedAt: now.toISOString(),
      currentNodeId: null,
      engine: { nodeIndex: run.engine.nodeIndex, vars: run.engine.vars },
    },
    cancelOpenInterrupts: true,
    events: [{ type: 'run.cancelled', payload }],
  };
}
