// Grouped host-event appends for PostgreSQL. Every request a host answers owes a negotiation.decided
// record (interop.md §"The audit event"), so appends are the busiest write there is. Each used to
// be its own transaction of four round trips (BEGIN, the tenant's lock, INSERT, COMMIT), and the
// tenant lock made every append of a tenant wait for the one before it to commit: a GetTask load
// on one tenant stalled at a few hundred requests a second (issue 13). Now the appends queued
// while a statement is out travel together in the next one: one round trip and one commit for the
// batch, the tenant locks taken in it (in tenant order, so two hosts never deadlock on them).
//
// A batch whose every append asked only for `wait: 'commit'` commits with synchronous_commit off:
// PostgreSQL acknowledges it before its WAL is flushed and flushes it within wal_writer_delay
// (200 ms by default). A server crash can lose those records; a crash of this host cannot.
import type { Pool } from 'pg';
import type { StoredHostEvent } from '../../../ports/store/host-event-store.ts';

type Append = Omit<StoredHostEvent, 'seq'>;

interface Pending {
  event: Append;
  durable: boolean;
  resolve(seq: number): void;
  reject(err: unknown): void;
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
  private queue: Pending[] = [];
  private inFlight = false;

  constructor(private readonly pool: Pool) {}

  /** Appends `event` with the next batch; resolves with its seq once that batch has committed. */
  append(event: Append, durable: boolean): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ event, durable, resolve, reject });
      if (!this.inFlight) void this.drain();
    });
  }

  /** Sends batches one after another until the queue is empty. */
  private async drain(): Promise<void> {
    this.inFlight = true;
    try {
      // Let the current turn's other appends join the first batch.
      await new Promise((r) => setImmediate(r));
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        await this.send(batch);
      }
    } finally {
      this.inFlight = false;
    }
  }

  private async send(batch: Pending[], retried = false): Promise<void> {
    try {
      const seqs = await this.insert(batch);
      for (const p of batch) p.resolve(seqs.get(p.event.eventId)!);
    } catch (err) {
      if ((err as { code?: string }).code === DEADLOCK && !retried) return this.send(batch, true);
      // Nothing of the batch is in (one statement): each append alone, so one bad row fails alone.
      if (batch.length > 1) {
        for (const p of batch) await this.send([p], true);
        return;
      }
      batch[0]!.reject(err);
    }
  }

  private async insert(batch: readonly Pending[]): Promise<Map<string, number>> {
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
    const { rows } = await this.pool.query<{ seq: number; event_id: string }>(APPEND_SQL, [
      ...cols,
      lazy ? 'off' : null,
    ]);
    return new Map(rows.map((r) => [r.event_id, r.seq]));
  }
}
