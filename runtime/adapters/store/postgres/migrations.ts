// Versioned schema of the PostgreSQL store; the same tables and columns as the SQLite one
// (adapters/store/sqlite/migrations.ts) so both map rows with one mapping (sqlite/rows.ts). JSON
// values are kept as text, not jsonb: jsonb reorders keys, and a run's events must read back as
// written. Append new migrations; never edit an applied one.
import { LIST_FILTER_INDEXES_MIGRATION } from '../list-filter-indexes-migration.ts';
import { RUN_INDEXES_MIGRATION } from '../run-indexes-migration.ts';
import type { PushSecretBox } from '../push-secrets.ts';
import type { ClientBase } from 'pg';

export interface PgMigration {
  version: number;
  name: string;
  sql: string;
  /** A step SQL cannot say (it needs a key), run after `sql` in the same transaction. */
  run?: (client: ClientBase, ctx: PgMigrationContext) => Promise<void>;
}

/** What a code step of a migration may need from the store being opened. */
export interface PgMigrationContext {
  /** The push secret seal of this store, read through the migration's own connection. */
  pushSecrets(client: ClientBase): Promise<PushSecretBox>;
}

/**
 * Every host of a deployment starts against one database, often at once: migrations run inside a
 * transaction holding this advisory lock, so exactly one host applies each one and the others wait
 * and then see it applied. The number is fixed (any constant works; it only has to be shared).
 */
export const MIGRATION_LOCK = 0x776f7067; // "wopg"

export const pgMigrations: readonly PgMigration[] = [
  {
    version: 1,
    name: 'initial',
    sql: `
      CREATE TABLE runs (
        run_id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        workflow_id TEXT NOT NULL,
        status TEXT NOT NULL,
        owner TEXT NOT NULL,
        inputs TEXT NOT NULL,
        outputs TEXT,
        error TEXT,
        metadata TEXT,
        transport TEXT NOT NULL,
        trust_boundary TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        status_at TEXT NOT NULL,
        started_at TEXT,
        completed_at TEXT,
        current_node_id TEXT,
        definition TEXT NOT NULL,
        engine TEXT NOT NULL
      );
      CREATE INDEX runs_tenant_created ON runs (tenant, created_at DESC, run_id DESC);
      CREATE INDEX runs_status ON runs (status);

      CREATE TABLE events (
        run_id TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE,
        sequence INTEGER NOT NULL,
        type TEXT NOT NULL,
        timestamp TEXT NOT NULL,
        payload TEXT NOT NULL,
        PRIMARY KEY (run_id, sequence)
      );
      CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'events are append-only'; END $$;
      CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
        FOR EACH ROW EXECUTE FUNCTION events_append_only();

      CREATE TABLE interrupts (
        interrupt_id TEXT PRIMARY KEY,
        run_id TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE,
        node_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        schema TEXT,
        approvers TEXT,
        connect_url TEXT,
        client_request TEXT,
        status TEXT NOT NULL CHECK (status IN ('open', 'resolved', 'cancelled')),
        resolution TEXT,
        created_at TEXT NOT NULL,
        resolved_at TEXT,
        -- Insertion order, the tie-break among interrupts opened by one change (SQLite's rowid).
        ord BIGINT GENERATED ALWAYS AS IDENTITY
      );
      CREATE INDEX interrupts_run ON interrupts (run_id, status);

      CREATE TABLE idempotency (
        tenant TEXT NOT NULL,
        principal TEXT NOT NULL,
        key TEXT NOT NULL,
        request_digest TEXT NOT NULL,
        run_id TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        PRIMARY KEY (tenant, principal, key)
      );

      CREATE TABLE host_events (
        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event_id TEXT NOT NULL UNIQUE,
        tenant TEXT NOT NULL,
        type TEXT NOT NULL,
        timestamp TEXT NOT NULL,
        delivery TEXT NOT NULL,
        payload TEXT NOT NULL
      );
      CREATE INDEX host_events_tenant ON host_events (tenant, seq);

      CREATE TABLE api_keys (
        key_hash BYTEA PRIMARY KEY,
        tenant TEXT NOT NULL,
        subject_id TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      CREATE TABLE a2a_tasks (
        run_id TEXT PRIMARY KEY REFERENCES runs (run_id) ON DELETE CASCADE,
        context_id TEXT NOT NULL,
        history TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE kv (
        k TEXT PRIMARY KEY,
        v TEXT NOT NULL
      );

      CREATE TABLE spent_tokens (
        token_id TEXT PRIMARY KEY,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX spent_tokens_expiry ON spent_tokens (expires_at);

      -- Which host carries a live run forward (ports/run-leases.ts); database time, so the hosts'
      -- clocks need not agree.
      CREATE TABLE run_leases (
        run_id TEXT PRIMARY KEY REFERENCES runs (run_id) ON DELETE CASCADE,
        holder TEXT NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX run_leases_holder ON run_leases (holder);
    `,
  },
  {
    // interop.md §"A2A push delivery" (the SQLite store's migration 5, same tables): a config holds
    // its token/credentials by reference only. Times a host compares (`next_at`, `lease_until`) are
    // epoch ms the caller passes, as in SQLite; `lease_until` keeps two hosts off one push.
    version: 2,
    name: 'a2a push configs, secrets and outbox',
    sql: `
      CREATE TABLE push_secrets (
        secret_ref TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE push_configs (
        config_id TEXT PRIMARY KEY,
        run_id TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE,
        tenant TEXT NOT NULL,
        owner TEXT NOT NULL,
        url TEXT NOT NULL,
        scheme TEXT,
        secret_ref TEXT,
        cursor INTEGER NOT NULL,
        finished BOOLEAN NOT NULL DEFAULT FALSE,
        created_at TEXT NOT NULL
      );
      CREATE INDEX push_configs_run ON push_configs (run_id, created_at);
      CREATE INDEX push_configs_unfinished ON push_configs (created_at) WHERE NOT finished;
      CREATE TABLE push_outbox (
        outbox_id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        config_id TEXT NOT NULL REFERENCES push_configs (config_id) ON DELETE CASCADE,
        sequence INTEGER NOT NULL,
        part INTEGER NOT NULL,
        body TEXT NOT NULL,
        final BOOLEAN NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'dead')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at BIGINT NOT NULL,
        lease_until BIGINT,
        created_at TEXT NOT NULL,
        settled_at TEXT,
        UNIQUE (config_id, sequence, part)
      );
      CREATE INDEX push_outbox_pending ON push_outbox (config_id, outbox_id) WHERE state = 'pending';
      CREATE INDEX push_outbox_dead ON push_outbox (outbox_id) WHERE state = 'dead';
      CREATE TABLE push_attempts (
        outbox_id BIGINT NOT NULL REFERENCES push_outbox (outbox_id) ON DELETE CASCADE,
        attempt INTEGER NOT NULL,
        at TEXT NOT NULL,
        outcome TEXT NOT NULL,
        status INTEGER,
        error TEXT,
        PRIMARY KEY (outbox_id, attempt)
      );
    `,
  },
  {
    // ListTasks' totalSize must not cost a scan of the tenant's runs (the SQLite store's migration
    // 4): a per-tenant count kept by a trigger. The upsert takes the tenant's counter row lock, so
    // concurrent inserts from any number of hosts add up; a rolled-back insert rolls its +1 back.
    version: 3,
    name: 'per-tenant run counts',
    sql: `
      CREATE TABLE run_counts (
        tenant TEXT PRIMARY KEY,
        runs BIGINT NOT NULL
      );
      INSERT INTO run_counts (tenant, runs) SELECT tenant, COUNT(*) FROM runs GROUP BY tenant;
      CREATE FUNCTION runs_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO run_counts (tenant, runs) VALUES (NEW.tenant, 1)
            ON CONFLICT (tenant) DO UPDATE SET runs = run_counts.runs + 1;
        ELSE
          UPDATE run_counts SET runs = runs - 1 WHERE tenant = OLD.tenant;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER runs_count AFTER INSERT OR DELETE ON runs
        FOR EACH ROW EXECUTE FUNCTION runs_count();
    `,
  },
  {
    // The SQLite store's migration 6: a ListTasks filtered by state pages from an index.
    version: 4,
    name: 'runs by tenant and status',
    sql: `
      CREATE INDEX runs_tenant_status_created ON runs (tenant, status, created_at DESC, run_id DESC);
      CREATE INDEX runs_tenant_status_at ON runs (tenant, status_at);
    `,
  },
  // The write path of a created run: bench/store-insert.ts, run-indexes-migration.ts.
  { version: 5, ...RUN_INDEXES_MIGRATION },
  {
    // The SQLite store's migration 8: push secrets written in clear are sealed (push-secrets.ts).
    version: 6,
    name: 'push secrets sealed',
    sql: '',
    async run(client, ctx) {
      const box = await ctx.pushSecrets(client);
      const { rows } = await client.query<{ secret_ref: string; value: string }>(
        'SELECT secret_ref, value FROM push_secrets FOR UPDATE',
      );
      for (const r of rows) {
        const sealed = box.sealClear(r.secret_ref, r.value);
        if (sealed !== undefined)
          await client.query('UPDATE push_secrets SET value = $1 WHERE secret_ref = $2', [
            sealed,
            r.secret_ref,
          ]);
      }
    },
  },
  // ListTasks by context or agent from an index: list-filter-indexes-migration.ts.
  { version: 7, ...LIST_FILTER_INDEXES_MIGRATION },
  {
    // Migration 3's counter row was locked by every insert of its tenant until that insert's
    // commit was flushed, so a tenant's new runs committed one fsync after another (every host
    // included): ~650 a second here, whatever the load. A statement now adds its runs to the
    // shard of the connection it runs on (one row per tenant and shard), so concurrent writers
    // share the server's WAL flushes instead of queueing for the row; the count is their sum.
    // The trigger counts per statement (transition tables): a batch of inserts is one upsert.
    version: 8,
    name: 'per-tenant run counts in shards, counted per statement',
    sql: `
      CREATE TABLE run_count_shards (
        tenant TEXT NOT NULL,
        shard INTEGER NOT NULL,
        runs BIGINT NOT NULL,
        PRIMARY KEY (tenant, shard)
      );
      INSERT INTO run_count_shards (tenant, shard, runs) SELECT tenant, 0, runs FROM run_counts;
      DROP TRIGGER runs_count ON runs;
      DROP FUNCTION runs_count();
      DROP TABLE run_counts;
      CREATE FUNCTION runs_count_shard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO run_count_shards (tenant, shard, runs)
            SELECT tenant, pg_backend_pid() % 64, COUNT(*) FROM counted GROUP BY tenant ORDER BY tenant
            ON CONFLICT (tenant, shard) DO UPDATE SET runs = run_count_shards.runs + excluded.runs;
        ELSE
          INSERT INTO run_count_shards (tenant, shard, runs)
            SELECT tenant, pg_backend_pid() % 64, -COUNT(*) FROM counted GROUP BY tenant ORDER BY tenant
            ON CONFLICT (tenant, shard) DO UPDATE SET runs = run_count_shards.runs + excluded.runs;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER runs_count_insert AFTER INSERT ON runs REFERENCING NEW TABLE AS counted
        FOR EACH STATEMENT EXECUTE FUNCTION runs_count_shard();
      CREATE TRIGGER runs_count_delete AFTER DELETE ON runs REFERENCING OLD TABLE AS counted
        FOR EACH STATEMENT EXECUTE FUNCTION runs_count_shard();
    `,
  },
];

/** Apply every migration newer than the recorded version, one transaction, under the lock. */
export async function migratePg(client: ClientBase, ctx: PgMigrationContext): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const { rows } = await client.query<{ v: number | null }>(
      'SELECT MAX(version) AS v FROM schema_migrations',
    );
    const current = rows[0]?.v ?? 0;
    for (const m of pgMigrations) {
      if (m.version <= current) continue;
      await client.query(m.sql);
      await m.run?.(client, ctx);
      await client.query(
        'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
        [m.version, m.name, new Date().toISOString()],
      );
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
  return pgMigrations.at(-1)?.version ?? 0;
}
