// The host event log service bindings see (ports/host-events.ts), over the HostEventStore port and
// the change feed: appends publish a `host` change; streams replay then follow, reading again at
// least every FOLLOW_POLL_MS so a change published by another process is not waited on forever.
// Bounded: each tenant scope keeps its newest `hostEventRetention`
// events (older ones are pruned as new ones arrive), and a stream without a known Last-Event-ID
// replays only the newest `hostEventTail`, paged from the store, never the whole log.
import { mintEventId } from '../ids.ts';
import type { ChangeFeed } from '../ports/change-feed.ts';
import type { HostEvent } from '../ports/events.ts';
import type { HostEventLog } from '../ports/host-events.ts';
import type { HostEventStore, StoredHostEvent } from '../ports/store/host-event-store.ts';
import type { HostLimits } from '../http/limits.ts';
import { FOLLOW_POLL_MS, withLocalAbort } from '../util/follow.ts';

const PAGE = 200;
/**
 * Prune at most once per this many appends of a tenant, and at most once per retention/16 (so the
 * cap is exceeded by at most a sixteenth). A prune finds its cut-off by stepping over the kept
 * events, so its cost grows with the retention: at the default 10,000 kept and a prune every 64
 * appends, pruning was ~2% of a read's CPU (CPU profile; each read records an audit event).
 */
const PRUNE_EVERY = 1024;

function toHostEvent(e: StoredHostEvent): HostEvent {
  return {
    eventId: e.eventId,
    type: e.type,
    timestamp: e.timestamp,
    delivery: e.delivery,
    payload: e.payload,
  };
}

export function hostEventLog(
  store: HostEventStore,
  feed: ChangeFeed,
  now: () => Date,
  limits: Pick<HostLimits, 'hostEventRetention' | 'hostEventTail'>,
): HostEventLog {
  const appendsSincePrune = new Map<string, number>();
  const pruneEvery = Math.max(1, Math.min(PRUNE_EVERY, Math.ceil(limits.hostEventRetention / 16)));

  /** Where a reader starts: after its Last-Event-ID when the log still holds it, else the tail. */
  const startSeq = async (tenant: string, afterEventId?: string): Promise<number> => {
    const known =
      afterEventId === undefined ? undefined : await store.hostEventSeq(tenant, afterEventId);
    return known ?? store.hostEventTailSeq(tenant, limits.hostEventTail);
  };

  async function* follow(tenant: string, start: number, local: AbortSignal) {
    let after = start;
    const topic = { kind: 'host', tenant } as const;
    while (!local.aborted && !feed.isClosed) {
      // The wait is taken before the read (so no append is missed) and withdrawn when the page was
      // full and the loop reads again at once: no waiter is left behind per page.
      const pageWait = new AbortController();
      const onAbort = (): void => pageWait.abort();
      local.addEventListener('abort', onAbort, { once: true });
      const wake = feed.next(topic, { signal: pageWait.signal, timeoutMs: FOLLOW_POLL_MS });
      try {
        const batch = await store.listHostEvents(tenant, after, PAGE);
        for (const e of batch) {
          yield toHostEvent(e);
          after = e.seq;
        }
        if (batch.length < PAGE) await wake;
      } finally {
        pageWait.abort();
        local.removeEventListener('abort', onAbort);
      }
    }
  }

  async function retain(tenant: string): Promise<void> {
    const n = (appendsSincePrune.get(tenant) ?? 0) + 1;
    if (n < pruneEvery) {
      appendsSincePrune.set(tenant, n);
      return;
    }
    appendsSincePrune.delete(tenant);
    await store.pruneHostEvents(tenant, limits.hostEventRetention);
  }

  return {
    async append(tenant, event, options) {
      const stored = await store.appendHostEvent(
        {
          eventId: mintEventId(),
          tenant,
          type: event.type,
          timestamp: now().toISOString(),
          delivery: event.delivery,
          payload: { ...event.payload },
        },
        options,
      );
      await retain(tenant);
      feed.publish({ kind: 'host', tenant });
      return toHostEvent(stored);
    },
    async list(tenant, afterEventId) {
      const after =
        afterEventId === undefined ? 0 : ((await store.hostEventSeq(tenant, afterEventId)) ?? 0);
      const events = await store.listHostEvents(tenant, after, 1000);
      return events.map(toHostEvent);
    },
    stream(tenant, options) {
      return {
        async *[Symbol.asyncIterator]() {
          const start = await startSeq(tenant, options.afterEventId);
          yield* withLocalAbort(options.signal, (local) => follow(tenant, start, local));
        },
      };
    },
  };
}
