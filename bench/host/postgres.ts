// Peer (e): our host on PostgreSQL. With BENCH_POSTGRES=<postgres:// URL of a server> the bench
// gives each measured build of ours a database of its own on that server (test/helpers/postgres.ts,
// dropped at the end) and seeds tenant `big` there as seedRuns does in SQLite. The row's name says
// whether the server is durable (`fsync` and `synchronous_commit` on): a throwaway CI server runs with
// fsync off, and its figures must not pass for durable ones.
import pg from 'pg';
import { freshDatabaseOn, type FreshDatabase } from '../../test/helpers/postgres.ts';

export interface BenchDatabase extends FreshDatabase {
  /** e.g. "PostgreSQL" or "PostgreSQL, fsync off". */
  label: string;
}

export async function freshDatabase(serverUrl: string): Promise<BenchDatabase> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let durable: boolean;
  try {
    const fsync = (await admin.query<{ fsync: string }>('SHOW fsync')).rows[0]!.fsync;
    const sync = (await admin.query<{ synchronous_commit: string }>('SHOW synchronous_commit'))
      .rows[0]!.synchronous_commit;
    durable = fsync === 'on' && sync !== 'off';
  } finally {
    await admin.end();
  }
  const db = await freshDatabaseOn(serverUrl);
  return { ...db, label: durable ? 'PostgreSQL' : 'PostgreSQL, fsync off' };
}

/** seedRuns (ours.ts) on PostgreSQL: `count` copies of tenant `big`'s one run. */
export async function seedRunsPg(url: string, count: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `INSERT INTO runs SELECT 'big/bench' || lpad(n::text, 18, '0'), tenant, workflow_id, status,
         owner, inputs, outputs, error, metadata, transport, trust_boundary, created_at, updated_at,
         status_at, started_at, completed_at, current_node_id, definition, engine
       FROM generate_series(1, $1::int) AS n, (SELECT * FROM runs WHERE tenant = 'big' LIMIT 1) r`,
      [count],
    );
    await c.query('ANALYZE runs');
  } finally {
    await c.end();
  }
}
