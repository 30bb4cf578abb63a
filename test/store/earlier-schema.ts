// A database as an earlier release leaves it, for the migration tests: the migrations up to
// `version` applied and recorded, and rows written by that release's schema. Also the list checks
// the task-list migrations (SQLite 9, PostgreSQL 7) make after migrating.
import Database from 'better-sqlite3';
import pg from 'pg';
import { expect } from 'vitest';
import { pgMigrations } from '../../runtime/adapters/store/postgres/migrations.ts';
import { migrations } from '../../runtime/adapters/store/sqlite/migrations.ts';
import { runToRow } from '../../runtime/adapters/store/sqlite/rows.ts';
import { INSERT_RUN_SQL } from '../../runtime/adapters/store/sqlite/run-sql.ts';
import type { RunListQuery, RunRecord, RunStore } from '../../runtime/ports/store/run-store.ts';

/** A SQLite file at `version` holding `runs`; `fill` writes more with that schema. */
export function sqliteAt(
  file: string,
  version: number,
  runs: readonly RunRecord[],
  fill?: (db: Database.Database) => void,
): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  for (const m of migrations.filter((m) => m.version <= version)) {
    db.exec(m.sql);
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, 'then');
  }
  const insert = db.prepare(INSERT_RUN_SQL);
  for (const r of runs) insert.run(runToRow(r));
  fill?.(db);
  db.close();
}

/** A PostgreSQL database at `version` holding `runs`; `fill` writes more with that schema. */
export async function postgresAt(
  url: string,
  version: number,
  runs: readonly RunRecord[],
  fill?: (c: pg.Client) => Promise<void>,
): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`CREATE TABLE schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    for (const m of pgMigrations.filter((m) => m.version <= version)) {
      await c.query(m.sql);
      await c.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [m.version, m.name, '']);
    }
    for (const r of runs) {
      const row = runToRow(r);
      const cols = Object.keys(row);
      await c.query(
        `INSERT INTO runs (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(row),
      );
    }
    await fill?.(c);
  } finally {
    await c.end();
  }
}

/** Five runs of `acme`, newest last: r0 and r1 of workflow `echo`, the rest of `other`. */
export function fiveRuns(make: (over: Partial<RunRecord>) => RunRecord): RunRecord[] {
  return [0, 1, 2, 3, 4].map((i) =>
    make({ createdAt: `2026-01-01T00:00:0${i}.000Z`, workflowId: i < 2 ? 'echo' : 'other' }),
  );
}

/** After migrating `fiveRuns` whose records are in contexts `ctx-<i % 2>`: the lists by each. */
export async function expectTaskListFilters(runs: RunStore, made: RunRecord[]): Promise<void> {
  const ids = async (q: Omit<RunListQuery, 'tenant' | 'limit'>) =>
    (await runs.listRuns({ tenant: 'acme', limit: 10, ...q })).runs.map((r) => r.runId);
  const of = (...is: number[]) => is.map((i) => made[i]!.runId);
  expect(await ids({ contextId: 'ctx-0' })).toEqual(of(4, 2, 0));
  expect(await ids({ workflowIds: ['echo'] })).toEqual(of(1, 0));
  expect(await runs.countMatchingRuns!('acme', { contextId: 'ctx-1' })).toBe(2);
}
