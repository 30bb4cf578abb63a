// Replay-then-follow over the run store: a run's events end after its terminal event. A wake-up on
// the change feed says "read again"; without one the reader reads again after FOLLOW_POLL_MS, so a
// change published elsewhere (another process) is never waited on forever.
import { isTerminalRunStatus } from '@wopgen/generated/run-status';
import type { ChangeFeed } from '../../ports/change-feed.ts';
import { TERMINAL_EVENT_TYPES, type RunEvent } from '../../ports/events.ts';
import type { RunStore, StoredRunEvent } from '../../ports/store/run-store.ts';
import { FOLLOW_POLL_MS, withLocalAbort } from '../../util/follow.ts';

const PAGE = 200;

/** A stored entry as the port's typed event (the engine appended it with that type's payload). */
export function toRunEvent(e: StoredRunEvent): RunEvent {
  return {
    runId: e.runId,
    sequence: e.sequence,
    type: e.type,
    timestamp: e.timestamp,
    payload: e.payload,
  } as RunEvent;
}

/** After an empty read: the run still lives, has ended with nothing more to read, or has more. */
async function tail(
  runs: RunStore,
  runId: string,
  after: number,
): Promise<'live' | 'done' | 'more'> {
  const run = await runs.getRun(runId);
  if (run && !isTerminalRunStatus(run.status)) return 'live';
  return (await runs.readEvents(runId, after, 1)).length === 0 ? 'done' : 'more';
}

export function followRunEvents(
  runs: RunStore,
  feed: ChangeFeed,
  runId: string,
  afterSequence: number,
  signal?: AbortSignal,
): AsyncGenerator<RunEvent> {
  return withLocalAbort(signal, async function* (local) {
    let after = afterSequence;
    const topic = { kind: 'run', runId } as const;
    while (!local.aborted && !feed.isClosed) {
      const wake = feed.next(topic, { signal: local, timeoutMs: FOLLOW_POLL_MS });
      const batch = await runs.readEvents(runId, after, PAGE);
      for (const e of batch) {
        yield toRunEvent(e);
        after = e.sequence;
        if (TERMINAL_EVENT_TYPES.has(e.type as RunEvent['type'])) return;
      }
      if (batch.length === PAGE) continue;
      if (batch.length === 0) {
        // Cursor past the terminal event (or run gone): nothing more will come.
        const state = await tail(runs, runId, after);
        if (state === 'done') return;
        if (state === 'more') continue;
      }
      await wake;
    }
  });
}
