// What bench/store-insert.ts varies: each variant changes one thing of the store as the host opens
// it (or, marked "mem", one thing on top of temp_store = MEMORY), to show what that thing costs on
// the write path of a created run.
import type Database from 'better-sqlite3';

export interface Variant {
  name: string;
  apply?(db: Database.Database): void;
}

type Change = (db: Database.Database) => void;
const exec =
  (sql: string): Change =>
  (db) =>
    db.exec(sql);
const pragma =
  (p: string): Change =>
  (db) =>
    void db.pragma(p);
const memory = pragma('temp_store = MEMORY');

const changes: [string, Change][] = [
  ['-runs_status', exec('DROP INDEX runs_status')],
  ['-runs_tenant_status_at', exec('DROP INDEX runs_tenant_status_at')],
  ['-runs_tenant_status_created', exec('DROP INDEX runs_tenant_status_created')],
  ['-runs_tenant_created', exec('DROP INDEX runs_tenant_created')],
  [
    'ascending run indexes',
    exec(`DROP INDEX runs_tenant_created; DROP INDEX runs_tenant_status_created;
      CREATE INDEX runs_tenant_created ON runs (tenant, created_at, run_id);
      CREATE INDEX runs_tenant_status_created ON runs (tenant, status, created_at, run_id);`),
  ],
  [
    'partial runs_status',
    exec(`DROP INDEX runs_status;
      CREATE INDEX runs_live ON runs (status) WHERE status NOT IN ('completed', 'failed', 'cancelled');`),
  ],
  [
    'idempotency without rowid',
    exec(`DROP TABLE idempotency; CREATE TABLE idempotency (tenant TEXT NOT NULL,
      principal TEXT NOT NULL, key TEXT NOT NULL, request_digest TEXT NOT NULL,
      run_id TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE, created_at TEXT NOT NULL,
      PRIMARY KEY (tenant, principal, key)) WITHOUT ROWID`),
  ],
  ['-count trigger', exec('DROP TRIGGER runs_count_insert; DROP TRIGGER runs_count_delete')],
  ['foreign_keys off', pragma('foreign_keys = OFF')],
  ['cache_size 64MB', pragma('cache_size = -65536')],
  ['mmap 256MB', pragma('mmap_size = 268435456')],
];

export const variants: Variant[] = [
  { name: 'as opened' },
  { name: 'temp_store memory', apply: memory },
  ...changes.map(([name, change]) => ({ name, apply: change })),
  ...changes.map(([name, change]) => ({
    name: `mem ${name}`,
    apply: (db: Database.Database) => {
      memory(db);
      change(db);
    },
  })),
];
