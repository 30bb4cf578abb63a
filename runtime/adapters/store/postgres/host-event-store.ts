// PostgreSQL adapter of the HostEventStore port: the host event log, ordered per tenant by the
// identity column `seq` (assigned by the database, so several hosts never hand out one twice).
// A reader resumes after the last seq it saw, so a tenant's seqs must also commit in order: a
// lower seq committing after a higher one was read would be skipped for ever. Appends of one
// tenant therefore take a transaction-scoped advisory lock on the tenant before drawing the seq;
// appends travel in batches, one statement each (host-event-batch.ts).
import type { Pool } from 'pg';
import type { HostEventStore, StoredHostEvent } from '../../../ports/store/host-event-store.ts';
import { hostEventFromRow, type HostEventRow } from '../sqlite/rows.ts';
import { HostEventBatches } from './host-event-batch.ts';
import { extend } from '../../../util/extend.ts';
import { prepared } from './prepared.ts';

const HOST_EVENT_COLUMNS = 'seq, event_id, tenant, type, timestamp, delivery, payload';

export class PgHostEventStore implements HostEventStore {
  private readonly batches: HostEventBatches;

  constructor(private readonly pool: Pool) {
    this.batches = new HostEventBatches(pool);
  }

  async appendHostEvent(
    e: Omit<StoredHostEvent, 'seq'>,
    options: { wait?: 'durable' | 'commit' } = {},
  ): Promise<StoredHostEvent> {
    const seq = await this.batches.append(e, options.wait !== 'commit');
    // extend, not `{ ...e, seq }`: V8's slow path (util/extend.ts), on every audited request.
    return extend(e, { seq });
  }

  async listHostEvents(
    tenant: string,
    afterSeq: number,
    limit: number,
  ): Promise<StoredHostEvent[]> {
    const { rows } = await this.pool.query<HostEventRow>(
      prepared(
        `SELECT ${HOST_EVENT_COLUMNS} FROM host_events WHERE tenant = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
        [tenant, afterSeq, limit],
      ),
    );
    return rows.map(hostEventFromRow);
  }

  async hostEventSeq(tenant: string, eventId: string): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ seq: number }>(
      prepared('SELECT seq FROM host_events WHERE tenant = $1 AND event_id = $2', [
        tenant,
        eventId,
      ]),
    );
    return rows[0]?.seq;
  }

  async hostEventTailSeq(tenant: string, count: number): Promise<number> {
    const { rows } = await this.pool.query<{ seq: number }>(
      'SELECT seq FROM host_events WHERE tenant = $1 ORDER BY seq DESC LIMIT 1 OFFSET $2',
      [tenant, count],
    );
    return rows[0]?.seq ?? 0;
  }

  async pruneHostEvents(tenant: string, keep: number): Promise<number> {
    // Audit retention: find the cut-off on the (tenant, seq) order, delete below it.
    const cut = await this.hostEventTailSeq(tenant, keep);
    if (cut === 0) return 0;
    const { rowCount } = await this.pool.query(
      'DELETE FROM host_events WHERE tenant = $1 AND seq <= $2',
      [tenant, cut],
    );
    return rowCount ?? 0;
  }
}
