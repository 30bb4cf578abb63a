// How long a host waits on PostgreSQL (pool.ts applies them). Kept free of `pg` so the public
// declarations that name them (host/postgres.ts) need no @types/pg.

export interface PgTimeouts {
  /** Milliseconds to open a connection. */
  connectTimeoutMs: number;
  /** Milliseconds a query waits for a pooled connection, opening one included. */
  acquireTimeoutMs: number;
  /** Milliseconds one statement may run. */
  statementTimeoutMs: number;
}

export const DEFAULT_PG_TIMEOUTS: Readonly<PgTimeouts> = {
  connectTimeoutMs: 5_000,
  acquireTimeoutMs: 5_000,
  statementTimeoutMs: 5_000,
};
