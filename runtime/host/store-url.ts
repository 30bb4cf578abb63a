// `--store` / `WOPGEN_STORE` → the store ports and the change feed that go with them:
//   sqlite:PATH (or sqlite::memory:)   the embedded default; one host process per database file
//   postgres://… or postgresql://…     any number of hosts on one database: the change
//                                      feed crosses hosts through LISTEN/NOTIFY
// Anything else is refused with a message naming both forms.
import { PostgresChangeFeed } from '../adapters/change-feed/postgres.ts';
import { InProcessChangeFeed } from '../adapters/change-feed/in-process.ts';
import { createPool, openPostgresStores } from '../adapters/store/postgres/index.ts';
import type { PgTimeouts } from '../adapters/store/postgres/timeouts.ts';
import { PgRunLeases } from '../adapters/store/postgres/run-leases.ts';
import { openSqliteStores } from '../adapters/store/sqlite/index.ts';
import type { ChangeFeed } from '../ports/change-feed.ts';
import type { RunLeases } from '../ports/run-leases.ts';
import type { Stores } from '../ports/store/index.ts';

export type StoreKind = 'sqlite' | 'postgres';

export interface OpenedStore {
  kind: StoreKind;
  /** `close` releases everything opened here (the leases' connections too). */
  stores: Stores;
  feed: ChangeFeed;
  /** Per-run exclusion across hosts; absent for SQLite (the engine's in-memory leases). */
  leases?: RunLeases;
}

export interface OpenStoreOptions {
  /** How long a dead host's runs stay unclaimed (PostgreSQL); 10 s by default. */
  leaseTtlMs?: number;
  /** PostgreSQL: connect, acquire and statement timeouts (adapters/store/postgres/pool.ts). */
  timeouts?: Partial<PgTimeouts>;
  onError?: (err: unknown) => void;
  /** The operator's key-encryption key: seals the push data key (adapters/store/push-secrets.ts). */
  kek?: string;
  /** PostgreSQL: told when the database stops answering and when it answers again. */
  onHealth?: (up: boolean, err?: unknown) => void;
}

const DEFAULT_LEASE_TTL_MS = 10_000;
/** Connections holding run locks, per host (each is held while one operation on one run runs). */
const LOCK_CONNECTIONS = 20;

const POSTGRES = /^postgres(ql)?:\/\/./;

/** Which adapter `url` names, or undefined when it names none. */
export function storeKind(url: string): StoreKind | undefined {
  if (/^sqlite:.+/.test(url)) return 'sqlite';
  if (POSTGRES.test(url)) return 'postgres';
  return undefined;
}

export const STORE_FORMS = 'sqlite:PATH or postgres://USER@HOST:PORT/DB';

/** The URL without its password (for logs and the start banner). */
export function redactStoreUrl(url: string): string {
  return url.replace(/^([a-z][\w+.-]*:\/\/[^:@/]*):[^@/]*@/i, '$1:***@');
}

export async function openStore(url: string, options: OpenStoreOptions = {}): Promise<OpenedStore> {
  const onError = options.onError;
  const kind = storeKind(url);
  if (kind === 'sqlite') {
    return {
      kind,
      stores: openSqliteStores(url.slice('sqlite:'.length), {
        ...(options.kek !== undefined && { kek: options.kek }),
      }),
      feed: new InProcessChangeFeed(),
    };
  }
  if (kind === 'postgres') {
    const opened = await openPostgresStores(url, {
      ...(options.kek !== undefined && { kek: options.kek }),
      ...(options.timeouts && { timeouts: options.timeouts }),
      ...(options.onHealth && { onHealth: options.onHealth }),
    });
    // The lock pool shares the stores' view of the database's health (one probe for both).
    const lockPool = createPool(url, LOCK_CONNECTIONS, opened.timeouts, opened.health);
    const stores: Stores = {
      ...opened,
      async close() {
        await lockPool.end();
        await opened.close();
      },
    };
    try {
      const feed = await PostgresChangeFeed.open({
        url,
        pool: opened.pool,
        connectTimeoutMs: opened.timeouts.connectTimeoutMs,
        ...(onError && { onError }),
      });
      const leases = new PgRunLeases({
        lockPool,
        pool: opened.pool,
        ttlMs: options.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS,
        ...(onError && { onError }),
      });
      return { kind, stores, feed, leases };
    } catch (err) {
      await stores.close();
      throw err;
    }
  }
  throw new Error(`unsupported store "${redactStoreUrl(url)}" (expected ${STORE_FORMS})`);
}
