// Peer (e): our host on PostgreSQL. With BENCH_POSTGRES=<postgres:// URL of a server> the bench
// gives each measured build of ours a database of its own on that server (test/helpers/postgres.ts,
// dropped at the end) and seeds tenant `big` there as seedRuns does in SQLite. The row's name says
// whether the server is durable (`fsync` and `synchronous_commit` on): a throwaway CI server runs with
// fsync off, and its figures must not pass for durable ones.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { freshDatabaseOn, type FreshDatabase } from '../../test/helpers/postgres.ts';
import { procCpuSeconds } from './peers.ts';

export interface BenchDatabase extends FreshDatabase {
  /** e.g. "PostgreSQL" or "PostgreSQL, fsync off". */
  label: string;
  /**
   * CPU seconds the whole server has used so far (postmaster, every backend and background
   * process, and the children it has reaped), or NaN when the server is not a process of this
   * machine that /proc shows.
   */
  cpuSeconds(): number;
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
  const postmaster = await postmasterPid(serverUrl);
  return {
    ...db,
    label: durable ? 'PostgreSQL' : 'PostgreSQL, fsync off',
    cpuSeconds: () => (postmaster === undefined ? NaN : serverCpuSeconds(postmaster)),
  };
}

/** The postmaster's pid: the parent of this connection's backend, when /proc shows it. */
async function postmasterPid(serverUrl: string): Promise<number | undefined> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const status = readFileSync(`/proc/${rows[0]!.pid}/status`, 'utf8');
    const ppid = /PPid:\s+(\d+)/.exec(status);
    return ppid ? Number(ppid[1]) : undefined;
  } catch {
    return undefined;
  } finally {
    await c.end();
  }
}

/** utime + stime of the postmaster, of its reaped children, and of every live child. */
function serverCpuSeconds(postmaster: number): number {
  let total = procCpuSeconds(postmaster, true);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) total += procCpuSeconds(Number(name));
    } catch {
      // The process exited between the listing and the read: its CPU is in the reaped total.
    }
  }
  return total;
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
