// PostgreSQL adapter of the HostEventStore port: the host event log, ordered per tenant by the
// identity column `seq` (assigned by the database, so several hosts never hand out one twice).
// A reader resumes after the last seq it saw, so a tenant's seqs must also commit in order: a
// lower seq committing after a higher one was read would be skipped for ever. Appends of one
// tenant therefore take a transaction-scoped advisory lock on the tenant before drawing the seq.
import type { Pool } from 'pg';
import type { HostEventStore, StoredHostEvent } from '../../../ports/store/host-event-store.ts';
import { hostEventFromRow, type HostEventRow } from '../sqlite/rows.ts';
import { inTransaction } from './tx.ts';
import { extend } from '../../../util/extend.ts';

export class PgHostEventStore implements HostEventStore {
  constructor(private readonly pool: Pool) {}

  async appendHostEvent(e: Omit<StoredHostEvent, 'seq'>): Promise<StoredHostEvent> {
    const seq = await inTransaction(this.pool, async (c) => {
      await c.query("SELECT pg_advisory_xact_lock(hashtextextended('host_events:' || $1, 0))", [
        e.tenant,
      ]);
      const { rows } = await c.query<{ seq: number }>(
        `INSERT INTO host_events (event_id, tenant, type, timestamp, delivery, payload)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING seq`,
        [e.eventId, e.tenant, e.type, e.timestamp, e.delivery, JSON.stringify(e.payload)],
      );
      return rows[0]!.seq;
    });
    // extend, not `{ ...e, seq }`: V8's slow path (util/extend.ts), on every audited request.
    return extend(e, { seq });
  }

  async listHostEvents(
    tenant: string,
    afterSeq: number,
    limit: number,
  ): Promise<StoredHostEvent[]> {
    const { rows } = await this.pool.query<HostEventRow>(
      'SELECT * FROM host_events WHERE tenant = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [tenant, afterSeq, limit],
    );
    return rows.map(hostEventFromRow);
  }

  async hostEventSeq(tenant: string, eventId: string): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ seq: number }>(
      'SELECT seq FROM host_events WHERE tenant = $1 AND event_id = $2',
      [tenant, eventId],
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
    // Audit retention (issue 10): find the cut-off on the (tenant, seq) order, delete below it.
    const cut = await this.hostEventTailSeq(tenant, keep);
    if (cut === 0) return 0;
    const { rowCount } = await this.pool.query(
      'DELETE FROM host_events WHERE tenant = $1 AND seq <= $2',
      [tenant, cut],
    );
    return rowCount ?? 0;
  }
}
