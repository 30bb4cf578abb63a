// The host event log as bindings see it: durable events of a tenant that belong to no run
// (negotiation records of exchanges without a run; schemas/host-event.schema.json).
import type { HostEvent } from './events.ts';

export interface HostEventLog {
  /** `wait: 'commit'`: see HostEventStore.appendHostEvent (a grouped append). */
  append(
    tenant: string,
    event: { type: string; delivery: 'durable'; payload: object },
    options?: { wait?: 'durable' | 'commit' },
  ): Promise<HostEvent>;
  /** Events of `tenant` after `afterEventId` (all when absent or unknown), oldest first. */
  list(tenant: string, afterEventId?: string): Promise<HostEvent[]>;
  /** Replays, then follows appends until aborted or the log closes. */
  stream(
    tenant: string,
    options: { afterEventId?: string; signal?: AbortSignal },
  ): AsyncIterable<HostEvent>;
}
