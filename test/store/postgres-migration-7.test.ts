// PostgreSQL migration 7 (the SQLite store's migration 9): a database at version 6 holding A2A
// tasks migrates; each record gets its run's tenant and creation time, the context and workflow
// indexes exist, and a ListTasks page by context or workflow answers from them. Skipped without
// WOPGEN_TEST_POSTGRES.
import { afterEach, expect, it } from 'vitest';
import { openPostgresStores } from '../../runtime/adapters/store/postgres/index.ts';
import { freshDatabase, type FreshDatabase } from '../helpers/postgres.ts';
import { describeIf, POSTGRES } from '../helpers/requires.ts';
import { expectTaskListFilters, fiveRuns, postgresAt } from './earlier-schema.ts';
import { runRecord } from './subjects.ts';

const suite = describeIf(POSTGRES);

suite(`PostgreSQL migration 7`, () => {
  let db: FreshDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  it('migrates a version 6 database: records carry their run’s tenant and creation time', async () => {
    db = await freshDatabase();
    const made = fiveRuns((over) => runRecord('acme', over));
    await postgresAt(db.url, 6, made, async (c) => {
      for (const [i, r] of made.entries()) {
        await c.query(
          'INSERT INTO a2a_tasks (run_id, context_id, history, updated_at) VALUES ($1, $2, $3, $4)',
          [r.runId, `ctx-${i % 2}`, '[]', r.createdAt],
        );
      }
    });
    const s = await openPostgresStores(db.url);
    try {
      const { rows: versions } = await s.pool.query(
        'SELECT version, name FROM schema_migrations WHERE version = 7',
      );
      expect(versions).toEqual([{ version: 7, name: 'task list filters by context and workflow' }]);
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
      await expectTaskListFilters(s.runs, made);
    } finally {
      await s.close();
    }
  });
});
