// SQLite migration 9: a database made at version 8 (what the previous release creates), holding
// A2A tasks, opens and migrates; each record gets its run's tenant and creation time, and a
// ListTasks page by context, status or workflow reads its candidates from an index range in the
// keyset's order (run-page-sql.ts), never a scan of the tenant's runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { pageKeysSql } from '../../runtime/adapters/store/run-page-sql.ts';
import { openSqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import { migrations } from '../../runtime/adapters/store/sqlite/migrations.ts';
import { namedParams, SQLITE_RUNS } from '../../runtime/adapters/store/sqlite/run-sql.ts';
import type { RunListQuery } from '../../runtime/ports/store/run-store.ts';
import { expectTaskListFilters, fiveRuns, sqliteAt } from './earlier-schema.ts';
import { runRecord } from './subjects.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const plan = (db: Database.Database, q: RunListQuery) => {
  const p = namedParams();
  const sql = pageKeysSql(q, p.bind, SQLITE_RUNS)!.sql;
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(p.params) as { detail: string }[])
    .map((r) => r.detail)
    .filter((d) => d.startsWith('SEARCH') || d.startsWith('SCAN'));
};

describe('SQLite migration 9', () => {
  it('migrates a version 8 database: records carry their run’s tenant and creation time', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-migration-9-'));
    const file = join(dir, 'store.db');
    const made = fiveRuns((over) => runRecord('acme', over));
    sqliteAt(file, 8, made, (db) => {
      const record = db.prepare(
        'INSERT INTO a2a_tasks (run_id, context_id, history, updated_at) VALUES (?, ?, ?, ?)',
      );
      made.forEach((r, i) => record.run(r.runId, `ctx-${i % 2}`, '[]', r.createdAt));
    });
    const s = openSqliteStores(file);
    try {
      expect(
        s.db.prepare('SELECT version, name FROM schema_migrations WHERE version > 8').all(),
      ).toEqual([{ version: 9, name: 'task list filters by context and workflow' }]);
      expect(
        s.db.prepare('SELECT run_id, tenant, created_at FROM a2a_tasks ORDER BY created_at').all(),
      ).toEqual(made.map((r) => ({ run_id: r.runId, tenant: 'acme', created_at: r.createdAt })));
      await expectTaskListFilters(s.runs, made);
    } finally {
      await s.close();
    }
  });

  it('reads each range’s candidates from its index, newest first, from the cursor on', () => {
    const db = new Database(':memory:');
    try {
      for (const m of migrations) db.exec(m.sql);
      const before = { createdAt: '2026-01-01T00:00:00.000Z', runId: 'acme/r' };
      expect(plan(db, { tenant: 'acme', limit: 50, contextId: 'c', before })).toEqual([
        'SEARCH a2a_tasks USING COVERING INDEX a2a_tasks_context (tenant=? AND context_id=? AND created_at<?)',
        'SCAN k',
        'SEARCH runs USING INDEX sqlite_autoindex_runs_1 (run_id=?)',
        'SEARCH x USING COVERING INDEX sqlite_autoindex_a2a_tasks_1 (run_id=?)',
      ]);
      expect(plan(db, { tenant: 'acme', limit: 50, workflowIds: ['a', 'b'], before })).toEqual([
        'SEARCH runs USING COVERING INDEX runs_tenant_workflow (tenant=? AND workflow_id=? AND created_at<?)',
        'SCAN k',
        'SEARCH runs USING COVERING INDEX runs_tenant_workflow (tenant=? AND workflow_id=? AND created_at<?)',
        'SCAN k',
      ]);
      // A filter no index decides is checked on the candidates of an index range, one run each.
      expect(plan(db, { tenant: 'acme', limit: 50, statusAfter: '2026', before })).toEqual([
        'SEARCH runs USING COVERING INDEX runs_tenant_created (tenant=? AND created_at<?)',
        'SCAN k',
        'SEARCH r USING INDEX sqlite_autoindex_runs_1 (run_id=?)',
      ]);
    } finally {
      db.close();
    }
  });
});
