// The host event log's persistence: append-only per tenant, ordered by a store-assigned `seq`.
import type { JsonObject } from '../json.ts';

export interface StoredHostEvent {
  seq: number;
  eventId: string;
  tenant: string;
  type: string;
  timestamp: string;
  delivery: 'durable' | 'ephemeral';
  payload: JsonObject;
}

export interface HostEventStore {
  /**
   * Appends once the event is durable, or with `wait: 'commit'` once it is committed (visible to
   * readers) and made durable by a sync within a bounded delay (SQLite: 10 ms; a power loss in that
   * window can lose it, a process crash cannot). A store with no such distinction ignores it.
   */
  appendHostEvent(
    event: Omit<StoredHostEvent, 'seq'>,
    options?: { wait?: 'durable' | 'commit' },
  ): Promise<StoredHostEvent>;
  /** Host events of `tenant` after `afterSeq` (exclusive), oldest first. */
  listHostEvents(tenant: string, afterSeq: number, limit: number): Promise<StoredHostEvent[]>;
  hostEventSeq(tenant: string, eventId: string): Promise<number | undefined>;
  /** The seq just before the newest `count` events of `tenant` (0 when it has no more than that). */
  hostEventTailSeq(tenant: string, count: number): Promise<number>;
  /** Deletes all but the newest `keep` events of `tenant` (audit retention); how many went. */
  pruneHostEvents(tenant: string, keep: number): Promise<number>;
}
