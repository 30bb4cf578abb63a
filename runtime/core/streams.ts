// Replay-then-follow iterators over the store: run events end after a terminal run event; host events
// follow until aborted or the core closes.
import type { StoredHostEvent, StoredRunEvent, Store } from '../store/port.ts';
import type { Signals } from './notifier.ts';
import type { HostEvent, RunEvent } from './port.ts';
import { isTerminalRunStatus } from '../../generated/run-status.ts';

export const TERMINAL_EVENT_TYPES: ReadonlySet<string> = new Set([
  'run.completed',
  'run.failed',
  'run.cancelled',
]);
const PAGE = 200;

export function toRunEvent(e: StoredRunEvent): RunEvent {
  return {
    runId: e.runId,
    sequence: e.sequence,
    type: e.type,
    timestamp: e.timestamp,
    payload: e.payload,
  };
}

export function toHostEvent(e: StoredHostEvent): HostEvent {
  return {
    eventId: e.eventId,
    type: e.type,
    timestamp: e.timestamp,
    delivery: e.delivery,
    payload: e.payload,
  };
}

export async function* followRunEvents(
  store: Store,
  signals: Signals,
  runId: string,
  afterSequence: number,
  signal?: AbortSignal,
): AsyncGenerator<RunEvent> {
  // Waiters registered by this stream are released when it ends, however it ends.
  const local = new AbortController();
  const onAbort = (): void => local.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let after = afterSequence;
    while (!signal?.aborted && !signals.isClosed) {
      const wake = signals.next(runId, { signal: local.signal });
      const batch = await store.readEvents(runId, after, PAGE);
      for (const e of batch) {
        yield toRunEvent(e);
        after = e.sequence;
        if (TERMINAL_EVENT_TYPES.has(e.type)) return;
      }
      if (batch.length === PAGE) continue;
      if (batch.length === 0) {
        // Cursor past the terminal event (or run gone): nothing more will come.
        const run = await store.getRun(runId);
        if (!run || isTerminalRunStatus(run.status)) {
          const more = await store.readEvents(runId, after, 1);
          if (more.length === 0) return;
          continue;
        }
      }
      await wake;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    local.abort();
  }
}

export async function* followHostEvents(
  store: Store,
  signals: Signals,
  tenant: string,
  afterSeq: number,
  signal?: AbortSignal,
): AsyncGenerator<HostEvent> {
  // Waiters registered by this stream are released when it ends, however it ends.
  const local = new AbortController();
  const onAbort = (): void => local.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let after = afterSeq;
    while (!signal?.aborted && !signals.isClosed) {
      const wake = signals.next(tenant, { signal: local.signal });
      const batch = await store.listHostEvents(tenant, after, PAGE);
      for (const e of batch) {
        yield toHostEvent(e);
        after = e.seq;
      }
      if (batch.length < PAGE) await wake;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    local.abort();
  }
}
