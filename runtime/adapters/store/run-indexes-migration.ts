// One schema change applied by both SQL stores (SQLite migration 7, PostgreSQL migration 5): the
// same text in both dialects. It is part of two applied migrations: never edit it.
//
// A DESC index takes each new run at the left of its tenant's range, where a page split leaves both
// halves half full (both engines keep only the rightmost page full on a split), and SQLite
// renumbers the split's pages, which makes that commit scan its whole page cache: ~5 WAL frames a
// commit between the two indexes. Ascending, a new run appends, and ORDER BY created_at DESC,
// run_id DESC reads the index backwards. Only recovery looks runs up by status: its index keeps
// the live runs only (live-runs.ts).
export const RUN_INDEXES_MIGRATION = {
  name: 'ascending run indexes, live runs by status',
  sql: `
    DROP INDEX runs_tenant_created;
    CREATE INDEX runs_tenant_created ON runs (tenant, created_at, run_id);
    DROP INDEX runs_tenant_status_created;
    CREATE INDEX runs_tenant_status_created ON runs (tenant, status, created_at, run_id);
    DROP INDEX runs_status;
    CREATE INDEX runs_live ON runs (status)
      WHERE status NOT IN ('completed', 'failed', 'cancelled');
  `,
};
