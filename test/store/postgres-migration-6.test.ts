// PostgreSQL migration 6 (the SQLite store's migration 8): a database at version 5 holding A2A
// tasks migrates; each record gets its run's tenant and creation time, the context and workflow
// indexes exist, and a ListTasks page by context or workflow answers as before the migration.
// Skipped without WOPGEN_TEST_POSTGRES.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresStores } from '../../runtime/adapters/store/postgres/index.ts';
import { pgMigrations } from '../../runtime/adapters/store/postgres/migrations.ts';
import { runToRow } from '../../runtime/adapters/store/sqlite/rows.ts';
import type { RunListQuery } from '../../runtime/ports/store/run-store.ts';
import {
  freshDatabase,
  NO_POSTGRES,
  POSTGRES_URL,
  type FreshDatabase,
} from '../helpers/postgres.ts';
import { runRecord } from './subjects.ts';

const suite = POSTGRES_URL ? describe : describe.skip;

suite(`PostgreSQL migration 6${POSTGRES_URL ? '' : ` (${NO_POSTGRES})`}`, () => {
  let db: FreshDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  it('migrates a version 5 database: records carry their run’s tenant and creation time', async () => {
    db = await freshDatabase();
    const made = [0, 1, 2, 3, 4].map((i) =>
      runRecord('acme', {
        createdAt: `2026-01-01T00:00:0${i}.000Z`,
        workflowId: i < 2 ? 'echo' : 'other',
      }),
    );
    // The database as the previous release leaves it, each run with an A2A record.
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      await c.query(`CREATE TABLE schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
      for (const m of pgMigrations.filter((m) => m.version <= 5)) {
        await c.query(m.sql);
        await c.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [m.version, m.name, '']);
      }
      for (const [i, r] of made.entries()) {
        const row = runToRow(r);
        const cols = Object.keys(row);
        await c.query(
          `INSERT INTO runs (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
          Object.values(row),
        );
        await c.query(
          'INSERT INTO a2a_tasks (run_id, context_id, history, updated_at) VALUES ($1, $2, $3, $4)',
          [r.runId, `ctx-${i % 2}`, '[]', r.createdAt],
        );
      }
    } finally {
      await c.end();
    }
    const s = await openPostgresStores(db.url);
    try {
      const { rows: versions } = await s.pool.query(
        'SELECT version, name FROM schema_migrations WHERE version > 5',
      );
      expect(versions).toEqual([{ version: 6, name: 'task list filters by context and workflow' }]);
      const { rows: records } = await s.pool.query(
        'SELECT run_id, tenant, created_at FROM a2a_tasks ORDER BY created_at',
      );
      expect(records).toEqual(
        made.map((r) => ({ run_id: r.runId, tenant: 'acme', created_at: r.createdAt })),
      );
      const { rows: indexes } = await s.pool.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes
          WHERE indexname IN ('a2a_tasks_context', 'runs_tenant_workflow') ORDER BY indexname`,
      );
      expect(indexes.map((i) => [i.indexname, i.indexdef.replace(/^.* USING btree /, '')])).toEqual(
        [
          ['a2a_tasks_context', '(tenant, context_id, created_at, run_id)'],
          ['runs_tenant_workflow', '(tenant, workflow_id, created_at, run_id)'],
        ],
      );
      const ids = async (q: Omit<RunListQuery, 'tenant' | 'limit'>) =>
        (await s.runs.listRuns({ tenant: 'acme', limit: 10, ...q })).runs.map((r) => r.runId);
      expect(await ids({ contextId: 'ctx-0' })).toEqual(
        [made[4]!, made[2]!, made[0]!].map((r) => r.runId),
      );
      expect(await ids({ workflowIds: ['echo'] })).toEqual(
        [made[1]!, made[0]!].map((r) => r.runId),
      );
      expect(await s.runs.countMatchingRuns!('acme', { contextId: 'ctx-1' })).toBe(2);
    } finally {
      await s.close();
    }
  });
});
