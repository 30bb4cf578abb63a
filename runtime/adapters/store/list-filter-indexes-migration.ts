// One schema change applied by both SQL stores (SQLite migration 9, PostgreSQL migration 7): the
// same text in both dialects. It is part of two applied migrations: never edit it.
//
// Every ListTasks filter pages from an index (interop.md §Isolation; run-page-sql.ts) instead of
// walking the tenant's runs: the A2A record carries its run's tenant and creation time, so a
// context's tasks are one index range in the keyset's order, and an agent's tasks (its workflows)
// are one range per workflow. Ascending, as run-indexes-migration.ts explains; read backwards.
export const LIST_FILTER_INDEXES_MIGRATION = {
  name: 'task list filters by context and workflow',
  sql: `
    ALTER TABLE a2a_tasks ADD COLUMN tenant TEXT;
    ALTER TABLE a2a_tasks ADD COLUMN created_at TEXT;
    UPDATE a2a_tasks SET (tenant, created_at) =
      (SELECT r.tenant, r.created_at FROM runs r WHERE r.run_id = a2a_tasks.run_id);
    CREATE INDEX a2a_tasks_context ON a2a_tasks (tenant, context_id, created_at, run_id);
    CREATE INDEX runs_tenant_workflow ON runs (tenant, workflow_id, created_at, run_id);
  `,
};
