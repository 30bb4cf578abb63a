// PostgreSQL migration 5 (the SQLite store's migration 7): a database at version 4 with
// runs in it migrates, ends with ascending run indexes and a partial index of the live runs, and
// answers the run queries as before. Skipped without WOPGEN_TEST_POSTGRES.
import { afterEach, expect, it } from 'vitest';
import { openPostgresStores } from '../../runtime/adapters/store/postgres/index.ts';
import type { RunRecord } from '../../runtime/ports/store/run-store.ts';
import { freshDatabase, type FreshDatabase } from '../helpers/postgres.ts';
import { describeIf, POSTGRES } from '../helpers/requires.ts';
import { postgresAt } from './earlier-schema.ts';
import { listedBy, runRecord } from './subjects.ts';

const suite = describeIf(POSTGRES);

suite(`PostgreSQL migration 5`, () => {
  let db: FreshDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  it('migrates a version 4 database: ascending run indexes, live runs indexed by status', async () => {
    db = await freshDatabase();
    const statuses = ['completed', 'pending', 'running', 'failed', 'cancelling'] as const;
    const made = statuses.map((status, i) =>
      runRecord('acme', { status, createdAt: `2026-01-01T00:00:0${i}.000Z` }),
    );
    // The database as the previous release leaves it, its runs written by that release's schema.
    await postgresAt(db.url, 4, made);
    const s = await openPostgresStores(db.url);
    try {
      const { rows: versions } = await s.pool.query(
        'SELECT version, name FROM schema_migrations WHERE version = 5',
      );
      expect(versions).toEqual([
        { version: 5, name: 'ascending run indexes, live runs by status' },
      ]);
      const { rows: indexes } = await s.pool.query<{ indexname: string; indexdef: string }>(
        "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'runs' ORDER BY indexname",
      );
      const defs = Object.fromEntries(
        indexes.map((i) => [i.indexname, i.indexdef.replace(/^.* USING btree /, '')]),
      );
      expect(defs).toEqual({
        runs_live: `(status) WHERE (status <> ALL (ARRAY['completed'::text, 'failed'::text, 'cancelled'::text]))`,
        runs_pkey: '(run_id)',
        runs_tenant_created: '(tenant, created_at, run_id)',
        runs_tenant_status_at: '(tenant, status_at)',
        runs_tenant_status_created: '(tenant, status, created_at, run_id)',
        // Migration 6's (postgres-migration-6.test.ts).
        runs_tenant_workflow: '(tenant, workflow_id, created_at, run_id)',
      });
      const ids = (rs: RunRecord[]) => rs.map((r) => r.runId);
      expect(ids(await listedBy(s.runs, { tenant: 'acme', limit: 9 }))).toEqual(
        ids([...made].reverse()),
      );
      expect(ids(await s.runs.listRunsByStatus(['pending', 'running', 'cancelling']))).toEqual(
        ids([made[1]!, made[2]!, made[4]!]),
      );
      expect(ids(await s.runs.listRunsByStatus(['failed', 'pending']))).toEqual(
        ids([made[1]!, made[3]!]),
      );
    } finally {
      await s.close();
    }
  });
});
