// What bench/store-insert.ts varies: each variant changes one thing of the store as the host opens
// it, to show what that thing costs (or would save) on the write path of a created run.
import type Database from 'better-sqlite3';

export interface Variant {
  name: string;
  /** Before the store opens the new file (a page size must be set before the first table). */
  create?(db: Database.Database): void;
  apply?(db: Database.Database): void;
}

const exec = (sql: string) => (db: Database.Database) => db.exec(sql);
const pragma = (p: string) => (db: Database.Database) => void db.pragma(p);

const version6 = exec(`DROP INDEX runs_tenant_created; DROP INDEX runs_tenant_status_created;
  DROP INDEX runs_live;
  CREATE INDEX runs_tenant_created ON runs (tenant, created_at DESC, run_id DESC);
  CREATE INDEX runs_tenant_status_created ON runs (tenant, status, created_at DESC, run_id DESC);
  CREATE INDEX runs_status ON runs (status);`);

export const variants: Variant[] = [
  { name: 'as opened' },
  // What index.ts's temp_store = MEMORY saves: the journals spill to temp files without it.
  { name: 'temp_store file', apply: pragma('temp_store = DEFAULT') },
  // What migration 7 saves: the run indexes as version 6 left them.
  { name: 'indexes of version 6', apply: version6 },
  // The store before its write-path levers: both of the above.
  {
    name: 'before (file, version 6)',
    apply: (db) => {
      db.pragma('temp_store = DEFAULT');
      version6(db);
    },
  },
  {
    name: 'DESC run indexes (v6)',
    apply: exec(`DROP INDEX runs_tenant_created; DROP INDEX runs_tenant_status_created;
      CREATE INDEX runs_tenant_created ON runs (tenant, created_at DESC, run_id DESC);
      CREATE INDEX runs_tenant_status_created ON runs (tenant, status, created_at DESC, run_id DESC);`),
  },
  {
    name: 'full runs_status (v6)',
    apply: exec('DROP INDEX runs_live; CREATE INDEX runs_status ON runs (status);'),
  },
  { name: '-runs_tenant_status_at', apply: exec('DROP INDEX runs_tenant_status_at') },
  { name: '-runs_tenant_status_created', apply: exec('DROP INDEX runs_tenant_status_created') },
  { name: '-runs_tenant_created', apply: exec('DROP INDEX runs_tenant_created') },
  {
    name: 'idempotency without rowid',
    apply: exec(`DROP TABLE idempotency; CREATE TABLE idempotency (tenant TEXT NOT NULL,
      principal TEXT NOT NULL, key TEXT NOT NULL, request_digest TEXT NOT NULL,
      run_id TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE, created_at TEXT NOT NULL,
      PRIMARY KEY (tenant, principal, key)) WITHOUT ROWID`),
  },
  {
    name: 'a2a_tasks without rowid',
    apply: exec(`DROP TABLE a2a_tasks; CREATE TABLE a2a_tasks (
      run_id TEXT PRIMARY KEY REFERENCES runs (run_id) ON DELETE CASCADE,
      context_id TEXT NOT NULL, history TEXT NOT NULL, updated_at TEXT NOT NULL, tenant TEXT,
      created_at TEXT) WITHOUT ROWID;
      CREATE INDEX a2a_tasks_context ON a2a_tasks (tenant, context_id, created_at, run_id)`),
  },
  // What migration 8 costs: ListTasks by context and by agent from an index.
  {
    name: '-list filter indexes (v7)',
    apply: exec('DROP INDEX a2a_tasks_context; DROP INDEX runs_tenant_workflow'),
  },
  { name: '-a2a_tasks_context', apply: exec('DROP INDEX a2a_tasks_context') },
  { name: '-runs_tenant_workflow', apply: exec('DROP INDEX runs_tenant_workflow') },
  {
    name: '-count trigger',
    apply: exec('DROP TRIGGER runs_count_insert; DROP TRIGGER runs_count_delete'),
  },
  { name: 'page_size 8192', create: pragma('page_size = 8192') },
  { name: 'page_size 16384', create: pragma('page_size = 16384') },
  { name: 'foreign_keys off', apply: pragma('foreign_keys = OFF') },
  { name: 'cache_size 2MB', apply: pragma('cache_size = -2000') },
  { name: 'cache_size 64MB', apply: pragma('cache_size = -65536') },
  { name: 'mmap 256MB', apply: pragma('mmap_size = 268435456') },
];
