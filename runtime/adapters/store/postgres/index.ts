// The PostgreSQL adapter: every store port over one `pg` Pool (parameterized queries only), one
// file per port. Any number of hosts may open the same database at once: migrations apply under
// an advisory lock, and every exclusion between hosts is a row lock or a unique key (see
// run-store.ts, binding-state.ts). `BIGINT` columns (host event `seq`, token expiry) read as JS
// numbers: both stay far below 2^53.
import pg from 'pg';
import type { Stores } from '../../../ports/store/index.ts';
import { PgApiKeyStore } from './api-key-store.ts';
import { PgBindingState } from './binding-state.ts';
import { StoreHealth } from './health.ts';
import { PgHostEventStore } from './host-event-store.ts';
import { migratePg } from './migrations.ts';
import { connectionConfig, createPool, DEFAULT_PG_TIMEOUTS, type PgTimeouts } from './pool.ts';
import { pgPushSecrets } from './push-secret-key.ts';
import { PgPushStore } from './push-store.ts';
import type { PushSecretBox } from '../push-secrets.ts';
import { PgRunStore } from './run-store.ts';

export { createPool, DEFAULT_PG_TIMEOUTS, type PgTimeouts } from './pool.ts';
export { StoreHealth } from './health.ts';

export interface PostgresStores extends Stores {
  runs: PgRunStore;
  /** The pool the stores share (the change feed and the leases take their connections from it). */
  readonly pool: pg.Pool;
  /** Whether the database answers; shared by every pool opened on it (pool.ts, health.ts). */
  readonly health: StoreHealth;
  readonly timeouts: PgTimeouts;
}

export interface PostgresOpenOptions {
  /**
   * The operator's key-encryption key (WOPGEN_MCP_STATE_KEK): the push data key is kept sealed
   * under it (push-secrets.ts: once the host has checked it, `push.sealSecretKey`). Without it
   * that key is kept in clear in the store.
   */
  kek?: string;
  timeouts?: Partial<PgTimeouts>;
  /** Told when the database stops answering and when it answers again. */
  onHealth?: (up: boolean, err?: unknown) => void;
}

/**
 * Applies the migrations on a connection of its own (waiting for another host's may take long, so
 * no statement timeout) and reads the push secret seal through it.
 */
async function migrate(
  url: string,
  timeouts: PgTimeouts,
  kek: string | undefined,
): Promise<PushSecretBox> {
  const { connectionString, connectionTimeoutMillis } = connectionConfig(url, timeouts);
  const client = new pg.Client({ connectionString, connectionTimeoutMillis });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await migratePg(client, { pushSecrets: (tx) => pgPushSecrets(tx, kek) });
    // Read on every open: a key the KEK given cannot open refuses the store now.
    return await pgPushSecrets(client, kek);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Connect to `url` (a postgres:// URL), apply migrations, and return the stores over one pool. */
export async function openPostgresStores(
  url: string,
  options: PostgresOpenOptions = {},
): Promise<PostgresStores> {
  const timeouts = { ...DEFAULT_PG_TIMEOUTS, ...options.timeouts };
  const secrets = await migrate(url, timeouts, options.kek);
  const health = new StoreHealth({
    url,
    timeouts,
    ...(options.onHealth && { onChange: options.onHealth }),
  });
  const pool = createPool(url, 10, timeouts, health);
  const state = new PgBindingState(pool);
  let closed = false;
  return {
    pool,
    health,
    timeouts,
    runs: new PgRunStore(pool),
    hostEvents: new PgHostEventStore(pool),
    apiKeys: new PgApiKeyStore(pool),
    tokens: state,
    kv: state,
    push: new PgPushStore(pool, secrets, options.kek),
    async close() {
      if (closed) return;
      closed = true;
      health.close();
      await pool.end();
    },
  };
}
