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
  appendHostEvent(event: Omit<StoredHostEvent, 'seq'>): Promise<StoredHostEvent>;
  /** Host events of `tenant` after `afterSeq` (exclusive), oldest first. */
  listHostEvents(tenant: string, afterSeq: number, limit: number): Promise<StoredHostEvent[]>;
  hostEventSeq(tenant: string, eventId: string): Promise<number | undefined>;
  /** The seq just before the newest `count` events of `tenant` (0 when it has no more than that). */
  hostEventTailSeq(tenant: string, count: number): Promise<number>;
  /** Deletes all but the newest `keep` events of `tenant` (audit retention); how many went. */
  pruneHostEvents(tenant: string, keep: number): Promise<number>;
}
