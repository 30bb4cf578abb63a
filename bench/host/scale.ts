// `npm run bench:scale` — 1, 2 and 4 hosts (`wopgen serve`) on one PostgreSQL database, the load
// spread over them (the same total connections, split evenly), for GetTask, SendMessage and MCP
// `tools/call`. Each host count has its own database on the server and its own hosts, all started
// at once; each round measures every host count back to back (interleaved), and the table gives the
// median round: aggregate req/s, per host, the aggregate against one host's, per-host efficiency
// (aggregate / (hosts × one host's)), the hosts' CPU and the database server's CPU per request,
// and the database transactions per request (pg_stat_database). Asserts nothing.
//
// Under the table it prints the model those per-request costs give: with h µs of host CPU and d µs
// of database CPU per request, a machine of C cores shared by hosts and database serves at most
// C / (h + d) requests a second, whatever the number of hosts; hosts on machines of their own
// (a host runs its JavaScript on one thread: about one core each) against a database of D cores
// serve min(hosts / h, D / d). On a 2-core
// machine both sides share the two cores, so more hosts cannot add throughput: the table then
// shows what a host costs, and the model what more cores give.
//
//   BENCH_POSTGRES=postgres://… npm run bench:scale    (WOPGEN_PG_DURABLE=1 source .ci/postgres
//                                                      starts a durable throwaway server here)
//   BENCH_HOSTS=1,2,4  BENCH_SECONDS=5  BENCH_ROUNDS=3  BENCH_CONNECTIONS=32  BENCH_ONLY=get,send
//   BENCH_CORES=8      the cores the model's first prediction assumes (default: this machine's)
//   BENCH_BEFORE=path/to/bin/wopgen.js  also an earlier build's hosts, in the same rounds (rows "before")
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { expectResult, runLoad, type Figures } from './load.ts';
import { KEYS, startOurs, type Ours } from './ours.ts';
import { freshDatabase, type BenchDatabase } from './postgres.ts';
import {
  A2A_HEADERS,
  getTaskBody,
  MCP_HEADERS,
  sendMessageBody,
  toolsCallBody,
} from './scenarios.ts';

const server = process.env['BENCH_POSTGRES'] ?? process.env['WOPGEN_TEST_POSTGRES'];
const hostCounts = (process.env['BENCH_HOSTS'] ?? '1,2,4').split(',').map(Number);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 3);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 32);
const modelCores = Number(process.env['BENCH_CORES'] ?? cpus().length);
const beforeBin = process.env['BENCH_BEFORE'];
const only = process.env['BENCH_ONLY']?.toLowerCase().split(',');
const log = (s: string) => process.stderr.write(`${s}\n`);

const a2aHeaders = { ...A2A_HEADERS, authorization: `Bearer ${KEYS.bench}` };
const mcpHeaders = { ...MCP_HEADERS, authorization: `Bearer ${KEYS.bench}` };

interface Scenario {
  name: string;
  path: string;
  headers: Record<string, string>;
  body(cluster: Cluster): string | (() => string);
}

const scenarios: Scenario[] = (
  [
    {
      name: 'GetTask',
      path: '/a2a/jsonrpc',
      headers: a2aHeaders,
      body: (c) => getTaskBody(c.taskId),
    },
    {
      name: 'SendMessage (echo, completes at once)',
      path: '/a2a/jsonrpc',
      headers: a2aHeaders,
      body: () => sendMessageBody,
    },
    { name: 'MCP tools/call echo', path: '/mcp', headers: mcpHeaders, body: () => toolsCallBody() },
  ] satisfies Scenario[]
).filter((s) => !only || only.some((w) => s.name.toLowerCase().includes(w)));

/** `size` hosts on one database of their own, and a task every host can read. */
interface Cluster {
  /** "" for this checkout's build, "before" for BENCH_BEFORE's. */
  build: string;
  size: number;
  db: BenchDatabase;
  hosts: Ours[];
  taskId: string;
}

interface Measured extends Figures {
  /** Database transactions (commits and rollbacks) per request. */
  xacts: number;
}

async function startCluster(size: number, build = '', bin?: string): Promise<Cluster> {
  const db = await freshDatabase(server!);
  const hosts: Ours[] = [];
  // One after another: each applies the migrations under the database's lock at its start.
  for (let i = 0; i < size; i++)
    hosts.push(await startOurs(`${build} host ${i + 1}/${size}`, bin, [], db.url));
  const sent = JSON.parse(
    await expectResult(hosts[0]!.url + '/a2a/jsonrpc', a2aHeaders, sendMessageBody()),
  ) as { result: { task: { id: string } } };
  return { build, size, db, hosts, taskId: sent.result.task.id };
}

/** The database's committed and rolled-back transactions so far (the statistics it has flushed). */
async function transactions(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // A backend flushes its statistics at most once a second: wait for the phase's to land.
    await new Promise((r) => setTimeout(r, 1100));
    await c.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await c.query<{ n: string }>(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0]!.n);
  } finally {
    await c.end();
  }
}

/** The load spread over the cluster's hosts at once; figures summed over them. */
async function measure(s: Scenario, cluster: Cluster): Promise<Measured> {
  const each = Math.max(1, Math.round(connections / cluster.size));
  const hostCpu = () => cluster.hosts.reduce((n, h) => n + h.cpuSeconds(), 0);
  const x0 = await transactions(cluster.db.url);
  const c0 = hostCpu();
  const d0 = cluster.db.cpuSeconds();
  const parts = await Promise.all(
    cluster.hosts.map((h) =>
      runLoad({
        url: h.url + s.path,
        headers: s.headers,
        body: s.body(cluster),
        connections: each,
        seconds,
      }),
    ),
  );
  const c1 = hostCpu();
  const d1 = cluster.db.cpuSeconds();
  const x1 = await transactions(cluster.db.url);
  const requests = parts.reduce((n, f) => n + f.requests, 0);
  const per = (a: number, b: number) => ((b - a) * 1e6) / Math.max(1, requests);
  return {
    rps: parts.reduce((n, f) => n + f.rps, 0),
    p50: Math.max(...parts.map((f) => f.p50)),
    p99: Math.max(...parts.map((f) => f.p99)),
    errors: parts.reduce((n, f) => n + f.errors, 0),
    requests,
    cpuUs: per(c0, c1),
    dbCpuUs: per(d0, d1),
    xacts: (x1 - x0) / Math.max(1, requests),
    load: loadavg()[0]!,
  };
}

function median(runs: Measured[]): Measured {
  const mid = (pick: (f: Measured) => number) =>
    runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  const byRps = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
  return {
    ...byRps,
    errors: runs.reduce((n, r) => n + r.errors, 0),
    cpuUs: mid((r) => r.cpuUs!),
    dbCpuUs: mid((r) => r.dbCpuUs!),
    xacts: mid((r) => r.xacts),
  };
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '?');

async function main() {
  if (!server)
    throw new Error('BENCH_POSTGRES (or WOPGEN_TEST_POSTGRES) must name a PostgreSQL server');
  const loadAtStart = loadavg();
  const clusters: Cluster[] = [];
  const stop = async () => {
    for (const c of clusters.splice(0)) {
      await Promise.all(c.hosts.map((h) => h.stop()));
      await c.db.drop();
    }
  };
  process.on('SIGINT', () => void stop().then(() => process.exit(130)));
  const lines: string[] = [];
  try {
    for (const n of hostCounts) {
      if (beforeBin) clusters.push(await startCluster(n, 'before', beforeBin));
      clusters.push(await startCluster(n));
    }
    const label = clusters[0]!.db.label;
    lines.push(
      `bench:scale — ${cpus().length} cores (${cpus()[0]?.model.trim() ?? '?'}), Node ${process.version}, ` +
        `${new Date().toISOString().slice(0, 16)}Z, ${label}, ${connections} connections in all, ` +
        `median of ${rounds} × ${seconds}s, load average ${loadAtStart.map((l) => l.toFixed(1)).join(' ')} ` +
        `at the start, ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} at the end of setup`,
      '',
      '| scenario | hosts | req/s | per host | × one host | per-host efficiency | p99 ms | errors | host CPU µs/req | DB CPU µs/req | DB xacts/req | load |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    const model: string[] = [];
    for (const s of scenarios) {
      log(s.name);
      const results = new Map<Cluster, Measured[]>(clusters.map((c) => [c, []]));
      for (let r = 0; r < rounds; r++) {
        for (const c of clusters) {
          log(`  round ${r + 1}: ${c.size} host(s) ${c.build}`);
          results.get(c)!.push(await measure(s, c));
        }
      }
      // Each build against its own smallest group.
      const base = (c: Cluster) => clusters.find((x) => x.build === c.build)!;
      const one = median(results.get(clusters.find((x) => x.build === '')!)!);
      for (const c of clusters) {
        const m = median(results.get(c)!);
        const b = base(c);
        const scale = m.rps / median(results.get(b)!).rps;
        lines.push(
          `| ${s.name} | ${c.size}${c.build && ` ${c.build}`} | ${fmt(m.rps)} | ${fmt(m.rps / c.size)} | ${fmt(scale, 2)}× | ` +
            `${fmt((100 * scale) / (c.size / b.size), 0)}% | ${fmt(m.p99)} | ${m.errors} | ` +
            `${fmt(m.cpuUs!)} | ${fmt(m.dbCpuUs!)} | ${fmt(m.xacts, 2)} | ${fmt(m.load!, 1)} |`,
        );
      }
      model.push(modelLine(s.name, one));
    }
    lines.push('', ...model);
  } finally {
    await stop();
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * What the one-host per-request costs predict: all on one machine of `modelCores` cores, and hosts
 * on machines of their own (one core each: a host's JavaScript runs on one thread) against a
 * database of 4 and of 8 cores.
 */
function modelLine(name: string, one: Measured): string {
  const h = one.cpuUs!;
  const d = one.dbCpuUs!;
  const shared = (modelCores * 1e6) / (h + d);
  const apart = (hosts: number, dbCores: number) =>
    Math.min((hosts * 1e6) / h, (dbCores * 1e6) / d);
  const two = (dbCores: number) => apart(2, dbCores) / apart(1, dbCores);
  return (
    `- ${name}: h = ${fmt(h)} µs host CPU, d = ${fmt(d)} µs database CPU, ${fmt(one.xacts, 2)} transactions per request. ` +
    `One machine of ${modelCores} cores: at most ${fmt(shared)} req/s for any number of hosts. ` +
    `Hosts of one core each, database of 4 cores: 1 host ${fmt(apart(1, 4))}, 2 hosts ${fmt(apart(2, 4))} (${fmt(two(4), 2)}×), 4 hosts ${fmt(apart(4, 4))}; ` +
    `database of 8 cores: 2 hosts ${fmt(two(8), 2)}× one, 4 hosts ${fmt(apart(4, 8))}.`
  );
}

await main();
