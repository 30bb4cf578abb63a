// SQLite migration 7: a database made at version 6 (what the previous release creates)
// opens, migrates, and answers every run query as before, from ascending run indexes and a partial
// index of the live runs that recovery's status lookup actually uses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import { migrations } from '../../runtime/adapters/store/sqlite/migrations.ts';
import { runsByStatusSql } from '../../runtime/adapters/store/sqlite/run-sql.ts';
import type { RunRecord } from '../../runtime/ports/store/run-store.ts';
import { sqliteAt } from './earlier-schema.ts';
import { listedBy, runRecord } from './subjects.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const STATUSES = ['completed', 'pending', 'running', 'failed', 'cancelling', 'cancelled'] as const;

/** Index name → its columns with their order, and whether it is partial. */
function indexes(db: Database.Database): Record<string, string> {
  const out: Record<string, string> = {};
  const names = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'runs'")
    .all() as { name: string; sql: string | null }[];
  for (const { name, sql } of names) {
    const cols = (
      db.prepare(`PRAGMA index_xinfo(${name})`).all() as {
        name: string | null;
        desc: number;
        key: number;
      }[]
    )
      .filter((c) => c.key === 1)
      .map((c) => `${c.name}${c.desc ? ' DESC' : ''}`);
    out[name] = `${cols.join(', ')}${sql?.includes('WHERE') ? ' (partial)' : ''}`;
  }
  return out;
}

const plan = (db: Database.Database, sql: string, ...params: string[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
    .map((r) => r.detail)
    .join(' | ');

describe('SQLite migration 7', () => {
  it('migrates a version 6 database: ascending run indexes, live runs indexed by status', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-migration-7-'));
    const file = join(dir, 'store.db');
    const made = STATUSES.map((status, i) =>
      runRecord('acme', { status, createdAt: `2026-01-01T00:00:0${i}.000Z` }),
    );
    sqliteAt(file, 6, made);
    const s = openSqliteStores(file);
    try {
      expect(
        s.db.prepare('SELECT version, name FROM schema_migrations WHERE version = 7').all(),
      ).toEqual([{ version: 7, name: 'ascending run indexes, live runs by status' }]);
      expect(indexes(s.db)).toEqual({
        sqlite_autoindex_runs_1: 'run_id',
        runs_tenant_created: 'tenant, created_at, run_id',
        runs_tenant_status_at: 'tenant, status_at',
        runs_tenant_status_created: 'tenant, status, created_at, run_id',
        runs_live: 'status (partial)',
        // Migration 8's (sqlite-migration-8.test.ts).
        runs_tenant_workflow: 'tenant, workflow_id, created_at, run_id',
      });

      // The runs written before the migration read as before: newest first, by keyset pages.
      const ids = (rs: RunRecord[]) => rs.map((r) => r.runId);
      const newest = ids([...made].reverse());
      const page1 = await listedBy(s.runs, { tenant: 'acme', limit: 4 });
      expect(ids(page1)).toEqual(newest.slice(0, 4));
      const last = page1.at(-1)!;
      const page2 = await listedBy(s.runs, {
        tenant: 'acme',
        limit: 4,
        before: { createdAt: last.createdAt, runId: last.runId },
      });
      expect(ids(page2)).toEqual(newest.slice(4));
      expect(
        ids(
          await listedBy(s.runs, { tenant: 'acme', limit: 9, statuses: ['completed', 'failed'] }),
        ),
      ).toEqual([made[3]!.runId, made[0]!.runId]);
      expect(await s.runs.countRuns!('acme')).toBe(6);

      // Recovery's lookup: oldest first, from the partial index; an ended status still answers.
      expect(ids(await s.runs.listRunsByStatus(['pending', 'running', 'cancelling']))).toEqual([
        made[1]!.runId,
        made[2]!.runId,
        made[4]!.runId,
      ]);
      expect(ids(await s.runs.listRunsByStatus(['cancelled', 'running']))).toEqual([
        made[2]!.runId,
        made[5]!.runId,
      ]);
      const live = ['pending', 'running', 'cancelling'];
      expect(plan(s.db, runsByStatusSql(live), ...live)).toContain('USING INDEX runs_live');
      // A run that ends leaves the partial index.
      await s.runs.commitRunChange({
        runId: made[1]!.runId,
        at: '2026-01-01T00:01:00.000Z',
        patch: { status: 'completed' },
      });
      expect(ids(await s.runs.listRunsByStatus(['pending']))).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('pages by the ascending indexes, read backwards, for the newest-first keyset', () => {
    const db = new Database(':memory:');
    try {
      for (const m of migrations) db.exec(m.sql);
      // listRuns' statements (run-store.ts), with the parameters it binds.
      const planOf = (sql: string, params: Record<string, string | number>) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[])
          .map((r) => r.detail)
          .join(' | ');
      const keyset = `SELECT * FROM runs WHERE tenant = @tenant AND (created_at < @bc OR
        (created_at = @bc AND run_id < @br)) ORDER BY created_at DESC, run_id DESC LIMIT @limit`;
      expect(planOf(keyset, { tenant: 't', bc: 'a', br: 'r', limit: 50 })).toBe(
        'SEARCH runs USING INDEX runs_tenant_created (tenant=? AND created_at<?)',
      );
      const byStatus = `SELECT * FROM runs WHERE tenant = @tenant AND status IN (@st0)
        ORDER BY created_at DESC, run_id DESC LIMIT @limit`;
      expect(planOf(byStatus, { tenant: 't', st0: 'completed', limit: 50 })).toBe(
        'SEARCH runs USING INDEX runs_tenant_status_created (tenant=? AND status=?)',
      );
    } finally {
      db.close();
    }
  });
});
