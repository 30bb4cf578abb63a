// Grouped host-event appends for PostgreSQL. Every request a host answers owes a negotiation.decided
// record (interop.md §"The audit event"), so appends are the busiest write there is. Each used to
// be its own transaction of four round trips (BEGIN, the tenant's lock, INSERT, COMMIT), and the
// tenant lock made every append of a tenant wait for the one before it to commit: a GetTask load
// on one tenant stalled at a few hundred requests a second. Now the appends queued
// while a statement is out travel together in the next one: one round trip and one commit for the
// batch, the tenant locks taken in it (in tenant order, so two hosts never deadlock on them).
//
// A batch whose every append asked only for `wait: 'commit'` commits with synchronous_commit off:
// PostgreSQL acknowledges it before its WAL is flushed and flushes it within wal_writer_delay
// (200 ms by default). A server crash can lose those records; a crash of this host cannot.
import type { Pool } from 'pg';
import type { StoredHostEvent } from '../../../ports/store/host-event-store.ts';
import { Batches } from './batches.ts';
import { prepared } from './prepared.ts';

type Append = Omit<StoredHostEvent, 'seq'>;

interface Pending {
  event: Append;
  durable: boolean;
}

/**
 * One statement, its own transaction: the commit setting, then every tenant's advisory lock (the
 * InitPlans run before the first row is inserted), then the rows in the order given.
 */
const APPEND_SQL = `
  WITH cfg AS (
    SELECT set_config('synchronous_commit', COALESCE($7, current_setting('synchronous_commit')), true)
  ), locks AS (
    SELECT pg_advisory_xact_lock(hashtextextended('host_events:' || t, 0))
    FROM (SELECT DISTINCT unnest($2::text[]) AS t ORDER BY 1) tenants
  )
  INSERT INTO host_events (event_id, tenant, type, timestamp, delivery, payload)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
  WHERE (SELECT count(*) FROM cfg) >= 0 AND (SELECT count(*) FROM locks) >= 0
  RETURNING seq, event_id`;

/** SQLSTATE of a deadlock PostgreSQL broke by failing this statement (worth one more try). */
const DEADLOCK = '40P01';

export class HostEventBatches {
  private readonly batches = new Batches<Pending, number>(
    (batch) => this.insert(batch),
    (err) => (err as { code?: string }).code === DEADLOCK,
  );

  constructor(private readonly pool: Pool) {}

  /** Appends `event` with the next batch; resolves with its seq once that batch has committed. */
  append(event: Append, durable: boolean): Promise<number> {
    return this.batches.add({ event, durable });
  }

  private async insert(batch: readonly Pending[]): Promise<number[]> {
    const cols: string[][] = [[], [], [], [], [], []];
    for (const { event: e } of batch) {
      cols[0]!.push(e.eventId);
      cols[1]!.push(e.tenant);
      cols[2]!.push(e.type);
      cols[3]!.push(e.timestamp);
      cols[4]!.push(e.delivery);
      cols[5]!.push(JSON.stringify(e.payload));
    }
    const lazy = batch.every((p) => !p.durable);
    const { rows } = await this.pool.query<{ seq: number; event_id: string }>(
      prepared(APPEND_SQL, [...cols, lazy ? 'off' : null]),
    );
    const seqs = new Map(rows.map((r) => [r.event_id, r.seq]));
    return batch.map((p) => seqs.get(p.event.eventId)!);
  }
}
