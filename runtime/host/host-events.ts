// The host event log service bindings see (ports/host-events.ts), over the HostEventStore port and
// the change feed: appends publish a `host` change; streams replay then follow, reading again at
// least every FOLLOW_POLL_MS so a change published by another process is not waited on forever.
import { mintEventId } from '../ids.ts';
import type { ChangeFeed } from '../ports/change-feed.ts';
import type { HostEvent } from '../ports/events.ts';
import type { HostEventLog } from '../ports/host-events.ts';
import type { HostEventStore, StoredHostEvent } from '../ports/store/host-event-store.ts';
import { FOLLOW_POLL_MS, withLocalAbort } from '../util/follow.ts';

const PAGE = 200;

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
): HostEventLog {
  const afterSeq = async (tenant: string, afterEventId?: string): Promise<number> =>
    afterEventId === undefined ? 0 : ((await store.hostEventSeq(tenant, afterEventId)) ?? 0);

  async function* follow(tenant: string, start: number, local: AbortSignal) {
    let after = start;
    const topic = { kind: 'host', tenant } as const;
    while (!local.aborted && !feed.isClosed) {
      const wake = feed.next(topic, { signal: local, timeoutMs: FOLLOW_POLL_MS });
      const batch = await store.listHostEvents(tenant, after, PAGE);
      for (const e of batch) {
        yield toHostEvent(e);
        after = e.seq;
      }
      if (batch.length < PAGE) await wake;
    }
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
      feed.publish({ kind: 'host', tenant });
      return toHostEvent(stored);
    },
    async list(tenant, afterEventId) {
      const events = await store.listHostEvents(tenant, await afterSeq(tenant, afterEventId), 1000);
      return events.map(toHostEvent);
    },
    stream(tenant, options) {
      return {
        async *[Symbol.asyncIterator]() {
          const start = await afterSeq(tenant, options.afterEventId);
          yield* withLocalAbort(options.signal, (local) => follow(tenant, start, local));
        },
      };
    },
  };
}
