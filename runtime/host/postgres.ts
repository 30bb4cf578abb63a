// The PostgreSQL adapter for a host implementer (wopgen/runtime): the store ports,
// the change feed and the run leases over one database, typed by the ports alone, so the public
// declarations name no `pg` type and a consumer needs no @types/pg. Any number of hosts may open
// the same database (README "Several hosts on one PostgreSQL database"): the feed crosses hosts
// through LISTEN/NOTIFY and the leases hand a dead host's runs to another.
import type { ChangeFeed } from '../ports/change-feed.ts';
import type { RunLeases } from '../ports/run-leases.ts';
import type { Stores } from '../ports/store/index.ts';
import type { PgTimeouts } from '../adapters/store/postgres/timeouts.ts';
import { openStore, storeKind } from './store-url.ts';

export type { PgTimeouts } from '../adapters/store/postgres/timeouts.ts';

export interface PostgresOptions {
  /** `postgres://USER@HOST:PORT/DB` (the password is better kept in PGPASSWORD or ~/.pgpass). */
  url: string;
  /** How long a dead host's runs stay unclaimed before another host takes them; 10 s by default. */
  leaseTtlMs?: number;
  /**
   * Connect, acquire and statement timeouts (5 s each by default): past them a request
   * is answered 503 in its binding's shape instead of waiting on a database that stopped answering.
   */
  timeouts?: Partial<PgTimeouts>;
  /** Failures of the background connections (the listening one, lease renewal): log them. */
  onError?: (err: unknown) => void;
  /**
   * The key-encryption key the push secrets' data key is sealed under (README "Secrets at rest");
   * give every host the same one, and the same as `mcp.requestStateKek`.
   */
  kek?: string;
  /** Told when the database stops answering and when it answers again. */
  onHealth?: (up: boolean, err?: unknown) => void;
}

/** What a host over PostgreSQL is composed from: give all three to createHost and createRunCore. */
export interface PostgresParts {
  /** Every store port; `close` releases every connection opened here. */
  stores: Stores;
  /** The change feed spanning every host on the database. */
  feed: ChangeFeed;
  /** Per-run exclusion across hosts (createRunCore's `leases`). */
  leases: RunLeases;
}

/** Connects, applies the schema migrations (under an advisory lock) and opens the listener. */
export async function openPostgres(options: PostgresOptions): Promise<PostgresParts> {
  if (storeKind(options.url) !== 'postgres')
    throw new Error('openPostgres needs a postgres:// or postgresql:// URL');
  const opened = await openStore(options.url, {
    ...(options.leaseTtlMs !== undefined && { leaseTtlMs: options.leaseTtlMs }),
    ...(options.timeouts && { timeouts: options.timeouts }),
    ...(options.onError && { onError: options.onError }),
    ...(options.kek !== undefined && { kek: options.kek }),
    ...(options.onHealth && { onHealth: options.onHealth }),
  });
  if (!opened.leases) throw new Error('the PostgreSQL store opened without run leases');
  return { stores: opened.stores, feed: opened.feed, leases: opened.leases };
}
