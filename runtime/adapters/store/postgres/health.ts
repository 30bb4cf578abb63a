// Whether this host can reach its PostgreSQL database. A failure that says the database is out of
// reach (pool.ts `classify`) marks it down: every query then fails at once with
// StoreUnavailableError instead of each waiting out its own timeouts, so a stalled database costs a
// request its timeouts once, not on every request. A probe (a connection of its own and `SELECT 1`,
// under the same timeouts) runs every PROBE_MS while down and marks it up as soon as it answers;
// nothing else has to happen for the host to serve again.
import pg from 'pg';
import { StoreUnavailableError } from '../../../ports/errors.ts';
import type { PgTimeouts } from './timeouts.ts';

const PROBE_MS = 500;

export interface StoreHealthOptions {
  url: string;
  timeouts: PgTimeouts;
  /** Told once per change: down (with what said so) and up again. */
  onChange?: (up: boolean, err?: unknown) => void;
}

export class StoreHealth {
  private isDown = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly o: StoreHealthOptions) {}

  get down(): boolean {
    return this.isDown;
  }

  /** The error a query gets while the database is down. */
  refusal(): StoreUnavailableError {
    return new StoreUnavailableError();
  }

  /** The database did not answer: refuse queries until a probe reaches it. */
  markDown(err: unknown): void {
    if (this.isDown || this.closed) return;
    this.isDown = true;
    this.o.onChange?.(false, err);
    this.schedule();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => void this.probe(), PROBE_MS);
    this.timer.unref();
  }

  private async probe(): Promise<void> {
    const { url, timeouts } = this.o;
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: timeouts.connectTimeoutMs,
      query_timeout: timeouts.statementTimeoutMs,
    });
    // A probe's connection that fails later (the server gone again) must not crash the host.
    client.on('error', () => undefined);
    let reached = false;
    try {
      await client.connect();
      await client.query('SELECT 1');
      reached = true;
      await client.end().catch(() => undefined);
    } catch {
      // Still down: drop the socket (a stalled server would never answer a polite end).
      client.connection.stream.destroy();
    }
    if (this.closed) return;
    if (!reached) return this.schedule();
    this.isDown = false;
    this.o.onChange?.(true);
  }
}
