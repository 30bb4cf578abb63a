// Store benchmark: A2A SendMessage (an echo run, created and completed) and GetTask throughput of
// `wopgen serve` on SQLite, on PostgreSQL, and as two hosts on one PostgreSQL database (requests
// alternate between them), all in one run on this machine. Each host is its own process (the
// compiled build, as users run it); the load comes from this process with CONCURRENCY requests in
// flight for SECONDS per measurement. Prints a table; asserts nothing.
//
//   WOPGEN_BENCH_POSTGRES=postgres://USER@HOST:PORT/DB npx tsx bench/store.ts
// (or `source .ci/postgres` first: WOPGEN_TEST_POSTGRES is used when the former is unset). The
// database must allow CREATE DATABASE: each case gets a fresh one, dropped afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const PG = process.env['WOPGEN_BENCH_POSTGRES'] ?? process.env['WOPGEN_TEST_POSTGRES'];
if (!PG) {
  process.stderr.write(
    'bench/store.ts needs a PostgreSQL server: set WOPGEN_BENCH_POSTGRES (or source .ci/postgres)\n',
  );
  process.exit(2);
}
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 32);
const KEY = 'bench-key-0123456789abcdef';

interface Host {
  url: string;
  child: ChildProcess;
}

/** Hosts still running when the bench stops early (an error) are killed with it. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

/** A port nobody listens on now (the kernel picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A host on its own port, logging warnings only (a line per request would cost the host time). */
async function serve(store: string): Promise<Host> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(root, 'bin/wopgen.js'), 'serve', '--port', String(port)],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        WOPGEN_STORE: store,
        WOPGEN_API_KEYS: `${KEY}=bench`,
        LOG_LEVEL: 'warn',
      },
    },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  const url = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 60_000; Date.now() < until;) {
    if (child.exitCode !== null) throw new Error(`serve exited ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/.well-known/openwop`)).ok) return { url, child };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`serve did not listen on ${url}`);
}

async function stop(h: Host): Promise<void> {
  const exited = new Promise((r) => h.child.once('exit', r));
  h.child.kill('SIGTERM');
  await exited;
}

async function rpc(url: string, method: string, params: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await r.json()) as { result?: Record<string, unknown>; error?: unknown };
  if (!body.result) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

/** CONCURRENCY loops calling `op` for SECONDS; ops per second and latency percentiles. */
async function measure(op: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await op(n++);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  return { perSec: latencies.length / SECONDS, p50: pct(0.5), p99: pct(0.99) };
}

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wopgen_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: PG });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(PG!);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function runCase(name: string, hosts: Host[]) {
  const pick = (i: number) => hosts[i % hosts.length]!.url;
  const tasks: string[] = [];
  async function send(url: string) {
    const r = await rpc(url, 'SendMessage', {
      message: {
        messageId: randomUUID(),
        role: 'ROLE_USER',
        parts: [{ text: 'bench' }],
        metadata: { openwop: { skill: 'echo' } },
      },
    });
    tasks.push((r['task'] as { id: string }).id);
  }
  // Warm-up (JIT, pools, query plans), unmeasured.
  for (let i = 0; i < 50; i++) await send(pick(i));
  const sendStats = await measure((i) => send(pick(i)));
  const getStats = await measure(async (i) => {
    await rpc(pick(i), 'GetTask', { id: tasks[i % tasks.length] });
  });
  return { name, send: sendStats, get: getStats };
}

const rows: Awaited<ReturnType<typeof runCase>>[] = [];
const dir = mkdtempSync(join(tmpdir(), 'wopgen-bench-store-'));
try {
  {
    const h = await serve(`sqlite:${join(dir, 'bench.db')}`);
    rows.push(await runCase('SQLite, 1 host', [h]).finally(() => stop(h)));
  }
  {
    const db = await freshDatabase();
    const h = await serve(db.url);
    rows.push(await runCase('PostgreSQL, 1 host', [h]).finally(() => stop(h)));
    await db.drop();
  }
  {
    const db = await freshDatabase();
    const hs = [await serve(db.url), await serve(db.url)];
    rows.push(await runCase('PostgreSQL, 2 hosts', hs).finally(() => Promise.all(hs.map(stop))));
    await db.drop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const f = (x: number) => x.toFixed(0).padStart(7);
const ms = (x: number) => x.toFixed(1).padStart(6);
console.log(
  `\n${cpus().length} CPUs, ${CONCURRENCY} requests in flight, ${SECONDS}s per measurement\n`,
);
console.log(
  '| store                | SendMessage/s | p50 ms | p99 ms | GetTask/s | p50 ms | p99 ms |',
);
console.log(
  '| -------------------- | ------------- | ------ | ------ | --------- | ------ | ------ |',
);
for (const r of rows) {
  console.log(
    `| ${r.name.padEnd(20)} | ${f(r.send.perSec).padStart(13)} | ${ms(r.send.p50)} | ${ms(r.send.p99)} | ${f(r.get.perSec).padStart(9)} | ${ms(r.get.p50)} | ${ms(r.get.p99)} |`,
  );
}
