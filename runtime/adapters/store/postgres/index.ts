// The PostgreSQL adapter: every store port over one `pg` Pool (parameterized queries only), one
// file per port. Any number of hosts may open the same database at once: migrations apply under
// an advisory lock, and every exclusion between hosts is a row lock or a unique key (see
// run-store.ts, binding-state.ts). `BIGINT` columns (host event `seq`, token expiry) read as JS
// numbers: both stay far below 2^53.
import pg from 'pg';
import type { Stores } from '../../../ports/store/index.ts';
import { PgApiKeyStore } from './api-key-store.ts';
import { PgBindingState } from './binding-state.ts';
import { PgHostEventStore } from './host-event-store.ts';
import { migratePg } from './migrations.ts';
import { pgPushSecrets } from './push-secret-key.ts';
import { PgPushStore } from './push-store.ts';
import type { PushSecretBox } from '../push-secrets.ts';
import { PgRunStore } from './run-store.ts';

const INT8_OID = 20;

export interface PostgresStores extends Stores {
  runs: PgRunStore;
  /** The pool the stores share (the change feed and the leases take their connections from it). */
  readonly pool: pg.Pool;
}

export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary'
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server dropped must not crash the host; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

export interface PostgresOpenOptions {
  /**
   * The operator's key-encryption key (WOPGEN_MCP_STATE_KEK): the push data key is kept sealed
   * under it (push-secrets.ts: once the host has checked it, `push.sealSecretKey`). Without it
   * that key is kept in clear in the store.
   */
  kek?: string;
}

/** Connect to `url` (a postgres:// URL), apply migrations, and return the stores over one pool. */
export async function openPostgresStores(
  url: string,
  options: PostgresOpenOptions = {},
): Promise<PostgresStores> {
  const pool = createPool(url);
  let secrets: PushSecretBox;
  try {
    const client = await pool.connect();
    try {
      await migratePg(client, { pushSecrets: (tx) => pgPushSecrets(tx, options.kek) });
      // Read on every open: a key the KEK given cannot open refuses the store now.
      secrets = await pgPushSecrets(client, options.kek);
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end();
    throw err;
  }
  const state = new PgBindingState(pool);
  let closed = false;
  return {
    pool,
    runs: new PgRunStore(pool),
    hostEvents: new PgHostEventStore(pool),
    apiKeys: new PgApiKeyStore(pool),
    tokens: state,
    kv: state,
    push: new PgPushStore(pool, secrets, options.kek),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
