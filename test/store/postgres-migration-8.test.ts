// PostgreSQL migration 8: a tenant's run count in shards. A database at version 7 with runs of two
// tenants migrates with its counts; and two connections inserting runs of one tenant no longer
// wait for each other's commit (migration 3's single counter row was locked by each insert until
// its commit). Skipped without WOPGEN_TEST_POSTGRES.
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { openPostgresStores } from '../../runtime/adapters/store/postgres/index.ts';
import { runToRow } from '../../runtime/adapters/store/sqlite/rows.ts';
import type { RunRecord } from '../../runtime/ports/store/run-store.ts';
import { freshDatabase, type FreshDatabase } from '../helpers/postgres.ts';
import { describeIf, POSTGRES } from '../helpers/requires.ts';
import { postgresAt } from './earlier-schema.ts';
import { runRecord } from './subjects.ts';

const suite = describeIf(POSTGRES);

/** One run's insert as a statement of its own (the schema's, not the store's). */
function insertRun(c: pg.Client, r: RunRecord) {
  const row = runToRow(r);
  const cols = Object.keys(row);
  return c.query(
    `INSERT INTO runs (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(row),
  );
}

suite('PostgreSQL migration 8', () => {
  let db: FreshDatabase | undefined;
  const clients: pg.Client[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.end().catch(() => undefined);
    await db?.drop();
    db = undefined;
  });

  const connect = async () => {
    const c = new pg.Client({ connectionString: db!.url });
    await c.connect();
    clients.push(c);
    const { rows } = await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return { c, shard: rows[0]!.pid % 64 };
  };

  it('migrates a version 7 database with its counts, and keeps counting inserts and deletes', async () => {
    db = await freshDatabase();
    const made = [
      ...Array.from({ length: 3 }, () => runRecord('acme')),
      ...Array.from({ length: 2 }, () => runRecord('beta')),
    ];
    await postgresAt(db.url, 7, made);
    const s = await openPostgresStores(db.url);
    try {
      const { rows: versions } = await s.pool.query(
        'SELECT version, name FROM schema_migrations WHERE version = 8',
      );
      expect(versions).toEqual([
        { version: 8, name: 'per-tenant run counts in shards, counted per statement' },
      ]);
      expect([await s.runs.countRuns('acme'), await s.runs.countRuns('beta')]).toEqual([3, 2]);
      await Promise.all([s.runs.insertRun(runRecord('acme')), s.runs.insertRun(runRecord('acme'))]);
      await s.pool.query('DELETE FROM runs WHERE run_id = $1', [made[3]!.runId]);
      expect([await s.runs.countRuns('acme'), await s.runs.countRuns('beta')]).toEqual([5, 1]);
      expect(await s.runs.countRuns('gamma')).toBe(0);
    } finally {
      await s.close();
    }
  });

  it("a tenant's inserts on two connections do not wait for each other's commit", async () => {
    db = await freshDatabase();
    const s = await openPostgresStores(db.url);
    await s.close();
    const one = await connect();
    // A second connection on another shard (a shard is the backend's pid modulo 64).
    let two = await connect();
    while (two.shard === one.shard) two = await connect();
    await one.c.query('BEGIN');
    await insertRun(one.c, runRecord('acme'));
    // Before migration 8 this insert waited for the first one's commit on the counter row.
    await two.c.query("SET lock_timeout = '5s'");
    await insertRun(two.c, runRecord('acme'));
    await one.c.query('COMMIT');
    const { rows } = await two.c.query<{ n: string }>(
      "SELECT SUM(runs)::int AS n FROM run_count_shards WHERE tenant = 'acme'",
    );
    expect(rows).toEqual([{ n: 2 }]);
  });
});
