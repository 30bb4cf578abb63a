// Versioned schema of the SQLite store. Append new migrations; never edit an applied one.
import { LIST_FILTER_INDEXES_MIGRATION } from '../list-filter-indexes-migration.ts';
import { RUN_INDEXES_MIGRATION } from '../run-indexes-migration.ts';
import type { PushSecretBox } from '../push-secrets.ts';
import type Database from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** A step SQL cannot say (it needs a key), run after `sql` in the same transaction. */
  run?: (db: Database.Database, ctx: MigrationContext) => void;
}

/** What a code step of a migration may need from the store being opened. */
export interface MigrationContext {
  /** The push secret seal of this store (push-secret-key.ts). */
  pushSecrets(): PushSecretBox;
}

export const migrations: readonly Migration[] = [
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
      ) WITHOUT ROWID;
      CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

      CREATE TABLE interrupts (
        interrupt_id TEXT PRIMARY KEY,
        run_id TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE,
        node_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        schema TEXT,
        approvers TEXT,
        connect_url TEXT,
        status TEXT NOT NULL CHECK (status IN ('open', 'resolved', 'cancelled')),
        resolution TEXT,
        created_at TEXT NOT NULL,
        resolved_at TEXT
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
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL UNIQUE,
        tenant TEXT NOT NULL,
        type TEXT NOT NULL,
        timestamp TEXT NOT NULL,
        delivery TEXT NOT NULL,
        payload TEXT NOT NULL
      );
      CREATE INDEX host_events_tenant ON host_events (tenant, seq);

      CREATE TABLE api_keys (
        key_hash BLOB PRIMARY KEY,
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
    `,
  },
  {
    version: 2,
    name: 'interrupt client requests',
    sql: `ALTER TABLE interrupts ADD COLUMN client_request TEXT;`,
  },
  {
    version: 3,
    name: 'spent single-use tokens',
    sql: `
      CREATE TABLE spent_tokens (
        token_id TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX spent_tokens_expiry ON spent_tokens (expires_at);
      DELETE FROM kv WHERE k LIKE 'mcp.requestState.used.%';
    `,
  },
  {
    // ListTasks page 1 must not depend on how many runs a tenant has:
    // a per-tenant count kept by triggers answers totalSize, and an index on the status time
    // serves a status-timestamp filter.
    version: 4,
    name: 'per-tenant run counts',
    sql: `
      CREATE TABLE run_counts (
        tenant TEXT PRIMARY KEY,
        runs INTEGER NOT NULL
      ) WITHOUT ROWID;
      INSERT INTO run_counts (tenant, runs) SELECT tenant, COUNT(*) FROM runs GROUP BY tenant;
      CREATE TRIGGER runs_count_insert AFTER INSERT ON runs BEGIN
        INSERT INTO run_counts (tenant, runs) VALUES (NEW.tenant, 1)
          ON CONFLICT (tenant) DO UPDATE SET runs = runs + 1;
      END;
      CREATE TRIGGER runs_count_delete AFTER DELETE ON runs BEGIN
        UPDATE run_counts SET runs = runs - 1 WHERE tenant = OLD.tenant;
      END;
      CREATE INDEX runs_tenant_status_at ON runs (tenant, status_at);
      `,
  },
  {
    // interop.md §"A2A push delivery": configs hold their token/credentials by reference only.
    version: 5,
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
        finished INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
      );
      CREATE INDEX push_configs_run ON push_configs (run_id, created_at);
      CREATE TABLE push_outbox (
        outbox_id INTEGER PRIMARY KEY AUTOINCREMENT,
        config_id TEXT NOT NULL REFERENCES push_configs (config_id) ON DELETE CASCADE,
        sequence INTEGER NOT NULL,
        part INTEGER NOT NULL,
        body TEXT NOT NULL,
        final INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'dead')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at INTEGER NOT NULL,
        lease_until INTEGER,
        created_at TEXT NOT NULL,
        settled_at TEXT,
        UNIQUE (config_id, sequence, part)
      );
      CREATE INDEX push_outbox_pending ON push_outbox (state, config_id, outbox_id);
      CREATE TABLE push_attempts (
        outbox_id INTEGER NOT NULL REFERENCES push_outbox (outbox_id) ON DELETE CASCADE,
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
    // A ListTasks filtered by state pages from an index instead of walking the tenant's runs:
    // the tenant's runs of one status, newest first, as the keyset orders them.
    version: 6,
    name: 'runs by tenant and status',
    sql: `
      CREATE INDEX runs_tenant_status_created ON runs (tenant, status, created_at DESC, run_id DESC);
    `,
  },
  // The write path of a created run: bench/store-insert.ts, run-indexes-migration.ts.
  { version: 7, ...RUN_INDEXES_MIGRATION },
  {
    // Push tokens and credentials written in clear by earlier releases are sealed (push-secrets.ts).
    version: 8,
    name: 'push secrets sealed',
    sql: '',
    run(db, ctx) {
      const box = ctx.pushSecrets();
      const update = db.prepare('UPDATE push_secrets SET value = ? WHERE secret_ref = ?');
      const rows = db.prepare('SELECT secret_ref, value FROM push_secrets').all() as {
        secret_ref: string;
        value: string;
      }[];
      for (const r of rows) {
        const sealed = box.sealClear(r.secret_ref, r.value);
        if (sealed !== undefined) update.run(sealed, r.secret_ref);
      }
    },
  },
  // ListTasks by context or agent from an index: list-filter-indexes-migration.ts.
  { version: 9, ...LIST_FILTER_INDEXES_MIGRATION },
];

/** Apply every migration newer than the recorded version, each in its own transaction. */
export function migrate(db: Database.Database, ctx: MigrationContext): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as {
    v: number | null;
  };
  const current = row.v ?? 0;
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      m.run?.(db, ctx);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    })();
  }
  return migrations.at(-1)?.version ?? 0;
}
