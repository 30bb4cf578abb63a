// PostgreSQL RunLeases: several hosts on one database (ports/run-leases.ts).
// - `exclusive` holds a session advisory lock on the run (keyed by a hash of its id) on a connection
//   of its own for the duration of the operation, so at most one host operates on a run at a time;
//   a host that dies drops its connection and with it the lock. The holder then records itself as
//   the run's lease holder.
// - Every host renews its leases every ttl/3 (database time); a dead host's leases expire.
// - `claimOrphans` picks live runs whose lease is expired, or absent on a run created more than a
//   lease time ago (its creator leases it as it takes its first step: first-turn.ts; claimed in
//   between, it would have two carriers and an outbound step of it would be sent twice), with
//   `FOR UPDATE … SKIP LOCKED` and takes their lease in the same statement; the conflict clause
//   re-checks the expiry against the latest committed lease, so of two hosts sweeping at once
//   exactly one gets a run.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { RunLeases } from '../../../ports/run-leases.ts';
import { KeyedChain } from '../../../util/keyed-chain.ts';

export interface PgRunLeasesOptions {
  /** Connections that hold run locks (kept apart from the stores' pool so a held lock never starves the queries of the operation it guards). */
  lockPool: pg.Pool;
  /** The stores' pool: lease bookkeeping. */
  pool: pg.Pool;
  /** How long a lease outlives its holder's last renewal. */
  ttlMs: number;
  onError?: (err: unknown) => void;
}

export class PgRunLeases implements RunLeases {
  readonly holder = randomUUID();
  readonly sweepEveryMs: number;
  private readonly chain = new KeyedChain();
  private readonly renewal: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly o: PgRunLeasesOptions) {
    this.sweepEveryMs = Math.max(50, Math.floor(o.ttlMs / 2));
    this.renewal = setInterval(() => void this.renew(), Math.max(50, Math.floor(o.ttlMs / 3)));
    this.renewal.unref();
  }

  private get ttlSeconds(): number {
    return this.o.ttlMs / 1000;
  }

  exclusive<T>(runId: string, fn: () => Promise<T>): Promise<T> {
    // One connection per run per host: operations of this host queue here, not on the database.
    return this.chain.run(runId, async () => {
      const client = await this.o.lockPool.connect();
      let broken: Error | undefined;
      try {
        await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [runId]);
        await this.o.pool.query(
          `INSERT INTO run_leases (run_id, holder, expires_at)
           SELECT $1, $2, clock_timestamp() + make_interval(secs => $3) WHERE EXISTS (SELECT 1 FROM runs WHERE run_id = $1)
           ON CONFLICT (run_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at`,
          [runId, this.holder, this.ttlSeconds],
        );
        return await fn();
      } finally {
        try {
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [runId]);
        } catch (err) {
          broken = err as Error;
        }
        // A connection whose unlock failed is dropped, which releases whatever it still holds.
        client.release(broken);
      }
    });
  }

  async claimOrphans(statuses: readonly string[], limit: number): Promise<string[]> {
    if (this.closed) return [];
    const { rows } = await this.o.pool.query<{ run_id: string }>(
      `WITH orphan AS (
         SELECT r.run_id, r.created_at FROM runs r LEFT JOIN run_leases l ON l.run_id = r.run_id
         WHERE r.status = ANY($1::text[])
           AND (l.run_id IS NULL AND r.created_at < $5 OR l.expires_at < clock_timestamp())
         ORDER BY r.created_at, r.run_id LIMIT $2
         FOR UPDATE OF r SKIP LOCKED)
       INSERT INTO run_leases (run_id, holder, expires_at)
       SELECT run_id, $3, clock_timestamp() + make_interval(secs => $4) FROM orphan
       ON CONFLICT (run_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE run_leases.expires_at < clock_timestamp()
       RETURNING run_id`,
      // created_at is the creating host's ISO time: compared as text, with this host's clock.
      [
        statuses,
        limit,
        this.holder,
        this.ttlSeconds,
        new Date(Date.now() - this.o.ttlMs).toISOString(),
      ],
    );
    return rows.map((r) => r.run_id);
  }

  /** Extends this host's leases; drops the ones of runs that no longer need a carrier. */
  private async renew(): Promise<void> {
    if (this.closed) return;
    try {
      await this.o.pool.query(
        `UPDATE run_leases SET expires_at = clock_timestamp() + make_interval(secs => $2)
         WHERE holder = $1`,
        [this.holder, this.ttlSeconds],
      );
      await this.o.pool.query(
        `DELETE FROM run_leases l USING runs r
         WHERE l.run_id = r.run_id AND l.holder = $1
           AND r.status NOT IN ('pending', 'running', 'cancelling')`,
        [this.holder],
      );
    } catch (err) {
      this.o.onError?.(err);
    }
  }

  /** Stops renewing and hands this host's runs back at once (a graceful stop need not wait out the TTL). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.renewal);
    await this.o.pool
      .query('DELETE FROM run_leases WHERE holder = $1', [this.holder])
      .catch((err: unknown) => this.o.onError?.(err));
  }
}
