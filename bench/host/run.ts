// `npm run bench:host` — our host against the official SDK servers and the machine's limit, all in
// one run on loopback with the same load tool and settings (autocannon, 32 connections):
//   bare      a node:http server that parses a JSON body and answers JSON (the limit)
//   a2a-sdk   @a2a-js/sdk DefaultRequestHandler + InMemoryTaskStore (answers from memory)
//   mcp-sdk   @modelcontextprotocol/server McpServer with an echo tool (stateless 2026-07-28)
//   ours      `wopgen serve` on SQLite, durable (each acknowledged write synced before its answer)
//   ours (PostgreSQL)  the same on PostgreSQL, when BENCH_POSTGRES names a server (postgres.ts)
// Every server runs at once in its own process; each scenario measures its servers in rounds (each
// round runs every server once, back to back) and reports the median round, so a busy spell of the
// machine lands on all of them alike. Prints one table: requests/s, p50/p99 latency (ms), errors,
// our ratio to the peer and to the limit, and each server's peak RSS. Asserts nothing.
//
//   npm run bench:host                  full run (BENCH_SECONDS per phase, default 5; BENCH_ROUNDS, default 3)
//   npm run bench:host -- --smoke       a few seconds per scenario: keeps the script working (CI)
//   BENCH_BEFORE=path/to/bin/wopgen.js  also measure an earlier build of ours in the same run
//                                       (rows "ours before"), e.g. an export of main for before/after
//   BENCH_POSTGRES=postgres://u@h:p/db  also ours on PostgreSQL, in a database of its own on that
//                                       server (the row says "fsync off" when the server is not durable)
//   BENCH_ONLY=get,tools                only the scenarios whose names contain one of these words
//                                       (case-insensitive; the limit is always measured)
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { expectResult, runLoad, timeToFirstEvent, type Figures } from './load.ts';
import { KEYS, seedRuns, startOurs, type Ours } from './ours.ts';
import { freshDatabase, seedRunsPg, type BenchDatabase } from './postgres.ts';
import { root, startTsPeer, type Peer } from './peers.ts';
import {
  A2A_HEADERS,
  BARE_BODY,
  getTaskBody,
  listTasksBody,
  MCP_HEADERS,
  sendMessageBody,
  streamBody,
  toolsCallBody,
} from './scenarios.ts';

const smoke = process.argv.includes('--smoke');
const seconds = smoke ? 1 : Number(process.env['BENCH_SECONDS'] ?? 5);
const rounds = smoke ? 1 : Number(process.env['BENCH_ROUNDS'] ?? 3);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 32);
const bigTenantRuns = smoke ? 1_000 : Number(process.env['BENCH_RUNS'] ?? 100_000);
const streams = smoke ? 20 : 300;
const beforeBin = process.env['BENCH_BEFORE'];
const postgresServer = process.env['BENCH_POSTGRES'];
const only = process.env['BENCH_ONLY']?.toLowerCase().split(',').filter(Boolean);
/** Whether BENCH_ONLY keeps the scenario `name` (the limit, the first, is always kept). */
const wanted = (name: string, i: number) =>
  i === 0 || !only || only.some((w) => name.toLowerCase().includes(w));

/** One server's side of a scenario. */
interface Target {
  peer: Peer;
  path: string;
  headers: Record<string, string>;
  body: string | (() => string);
  /** Measured once after the others' rounds (a slow build whose backlog would burden the next phase). */
  last?: boolean;
}

interface Scenario {
  name: string;
  kind: 'load' | 'first-event' | 'first-event-close';
  targets: Target[];
}

interface Row extends Figures {
  scenario: string;
  server: string;
  ours: boolean;
  /** Measured once after the others' rounds (Target.last): not the same conditions as the rest. */
  once?: boolean;
  /** The non-ours row of the same scenario, when there is one. */
  peerRps?: number;
  rss?: number;
}

const auth = (key: string) => ({ authorization: `Bearer ${key}` });
const log = (s: string) => process.stderr.write(`${s}\n`);

async function measure(s: Scenario, t: Target): Promise<Figures> {
  const url = t.peer.url + t.path;
  const cpu0 = t.peer.cpuSeconds();
  const db0 = t.peer.dbCpuSeconds?.() ?? NaN;
  const f =
    s.kind === 'load'
      ? await runLoad({ url, headers: t.headers, body: t.body, connections, seconds })
      : await timeToFirstEvent(
          url,
          t.headers,
          t.body as () => string,
          streams,
          8,
          s.kind === 'first-event-close',
        );
  // CPU per request moves far less with the machine's other load than req/s does.
  const perRequest = (s0: number, s1: number) => ((s1 - s0) * 1e6) / Math.max(1, f.requests);
  f.cpuUs = perRequest(cpu0, t.peer.cpuSeconds());
  f.dbCpuUs = perRequest(db0, t.peer.dbCpuSeconds?.() ?? NaN);
  f.load = loadavg()[0]!;
  return f;
}

function median(runs: Figures[]): Figures {
  const by = [...runs].sort((a, b) => a.rps - b.rps);
  const mid = by[Math.floor(by.length / 2)]!;
  const middle = (pick: (f: Figures) => number | undefined) =>
    runs.map((r) => pick(r) ?? NaN).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  return {
    ...mid,
    errors: runs.reduce((n, r) => n + r.errors, 0),
    cpuUs: middle((r) => r.cpuUs),
    dbCpuUs: middle((r) => r.dbCpuUs),
  };
}

async function runScenario(s: Scenario): Promise<Row[]> {
  log(`${s.name}`);
  for (const t of s.targets) {
    // One checked request first: a load of refusals would measure nothing.
    const b = typeof t.body === 'string' ? t.body : t.body();
    await expectResult(t.peer.url + t.path, t.headers, b);
    if (!smoke && !t.last && s.kind === 'load') {
      await runLoad({
        url: t.peer.url + t.path,
        headers: t.headers,
        body: t.body,
        connections,
        seconds: 2,
      });
    }
  }
  const results = new Map<Target, Figures[]>(s.targets.map((t) => [t, []]));
  for (let r = 0; r < rounds; r++) {
    for (const t of s.targets.filter((x) => !x.last)) {
      log(`  round ${r + 1}: ${t.peer.name}`);
      results.get(t)!.push(await measure(s, t));
    }
  }
  for (const t of s.targets.filter((x) => x.last)) {
    log(`  once: ${t.peer.name}`);
    results.get(t)!.push(await measure(s, t));
  }
  const rows = s.targets.map((t): Row => ({
    scenario: s.name,
    server: t.peer.name,
    ...(t.last && { once: true }),
    ours: t.peer.name.startsWith('ours'),
    ...median(results.get(t)!),
  }));
  const peer = rows.find((r) => !r.ours);
  if (peer) for (const r of rows) if (r.ours) r.peerRps = peer.rps;
  return rows;
}

interface OursSetup {
  peer: Ours;
  taskId: string;
}

async function setUpOurs(name: string, bin?: string, db?: BenchDatabase): Promise<OursSetup> {
  const postgresUrl = db?.url;
  const peer: Ours = await startOurs(name, bin, [], postgresUrl);
  if (db) peer.dbCpuSeconds = db.cpuSeconds;
  const h = { ...A2A_HEADERS, ...auth(KEYS.bench) };
  const sent = JSON.parse(await expectResult(peer.url + '/a2a/jsonrpc', h, sendMessageBody())) as {
    result: { task: { id: string } };
  };
  // Tenant `big` gets its runs now, so every ListTasks target lists the same number.
  const hb = { ...A2A_HEADERS, ...auth(KEYS.big) };
  await expectResult(peer.url + '/a2a/jsonrpc', hb, sendMessageBody());
  if (wanted('ListTasks', 1)) {
    if (postgresUrl) await seedRunsPg(postgresUrl, bigTenantRuns);
    else seedRuns(peer.dbFile, bigTenantRuns);
  }
  return { peer, taskId: sent.result.task.id };
}

const loadAtStart = loadavg();

async function main() {
  const started: Peer[] = [];
  const stopAll = () => Promise.all(started.splice(0).map((p) => p.stop()));
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  const rows: Row[] = [];
  const dropDatabases: (() => Promise<void>)[] = [];
  try {
    const bare = await startTsPeer('bare node:http', 'bare.ts');
    started.push(bare);
    const a2a = await startTsPeer('@a2a-js/sdk', 'a2a-sdk.ts');
    started.push(a2a);
    const mcp = await startTsPeer('@modelcontextprotocol/server', 'mcp-sdk.ts');
    started.push(mcp);
    const ours: OursSetup[] = [];
    if (beforeBin) ours.push(await setUpOurs('ours before', beforeBin));
    ours.push(await setUpOurs('ours (SQLite)', join(root, 'bin/wopgen.js')));
    started.push(...ours.map((o) => o.peer));
    if (postgresServer) {
      const builds = [
        ...(beforeBin ? [['ours before', beforeBin] as const] : []),
        ['ours', join(root, 'bin/wopgen.js')] as const,
      ];
      for (const [name, bin] of builds) {
        const db = await freshDatabase(postgresServer);
        dropDatabases.push(db.drop);
        const o = await setUpOurs(`${name} (${db.label})`, bin, db);
        ours.push(o);
        started.push(o.peer);
      }
    }

    const sdkTask = JSON.parse(
      await expectResult(a2a.url + '/a2a/jsonrpc', A2A_HEADERS, sendMessageBody()),
    ) as { result: { task: { id: string } } };
    const sdkId = sdkTask.result.task.id;
    const a2aPath = '/a2a/jsonrpc';
    const oursA2a = (o: OursSetup, body: Target['body']): Target => ({
      peer: o.peer,
      path: a2aPath,
      headers: { ...A2A_HEADERS, ...auth(KEYS.bench) },
      body,
    });
    const mixed = (id: string) => () => (Math.random() < 0.8 ? getTaskBody(id) : sendMessageBody());
    const scenarios: Scenario[] = [
      {
        name: 'JSON echo (the limit)',
        kind: 'load',
        targets: [
          {
            peer: bare,
            path: '/',
            headers: { 'content-type': 'application/json' },
            body: BARE_BODY,
          },
        ],
      },
      {
        name: 'GetTask',
        kind: 'load',
        targets: [
          { peer: a2a, path: a2aPath, headers: A2A_HEADERS, body: getTaskBody(sdkId) },
          ...ours.map((o) => oursA2a(o, getTaskBody(o.taskId))),
        ],
      },
      {
        name: 'SendMessage (echo, completes at once)',
        kind: 'load',
        targets: [
          { peer: a2a, path: a2aPath, headers: A2A_HEADERS, body: sendMessageBody },
          ...ours.map((o) => oursA2a(o, sendMessageBody)),
        ],
      },
      {
        name: 'mixed 80% GetTask / 20% SendMessage',
        kind: 'load',
        targets: [
          { peer: a2a, path: a2aPath, headers: A2A_HEADERS, body: mixed(sdkId) },
          ...ours.map((o) => oursA2a(o, mixed(o.taskId))),
        ],
      },
      {
        name: 'stream: time to first event (8 at once)',
        kind: 'first-event',
        targets: [
          { peer: a2a, path: a2aPath, headers: A2A_HEADERS, body: streamBody },
          ...ours.map((o) => oursA2a(o, streamBody)),
        ],
      },
      {
        // A UI that only waits for the task to be accepted: each stream's connection closed at once.
        name: 'stream: first event, then the client closes (8 at once)',
        kind: 'first-event-close',
        targets: [
          { peer: a2a, path: a2aPath, headers: A2A_HEADERS, body: streamBody },
          ...ours.map((o) => oursA2a(o, streamBody)),
        ],
      },
      {
        name: 'MCP tools/call echo',
        kind: 'load',
        targets: [
          { peer: mcp, path: '/mcp', headers: MCP_HEADERS, body: toolsCallBody() },
          ...ours.map((o) => ({
            peer: o.peer,
            path: '/mcp',
            headers: { ...MCP_HEADERS, ...auth(KEYS.bench) },
            body: toolsCallBody(),
          })),
        ],
      },
      {
        // No SDK peer lists tasks from a store of this size; the ratio is to the limit only.
        name: `ListTasks page 1 (${(bigTenantRuns + 1).toLocaleString('en')} runs in the tenant)`,
        kind: 'load',
        targets: ours.map((o) => ({
          peer: o.peer,
          path: a2aPath,
          headers: { ...A2A_HEADERS, ...auth(KEYS.big) },
          body: listTasksBody(),
          ...(o.peer.name.startsWith('ours before') && { last: true }),
        })),
      },
    ];
    for (const [i, s] of scenarios.entries())
      if (wanted(s.name, i)) rows.push(...(await runScenario(s)));
    const rss = new Map(started.map((p) => [p.name, p.peakRssMb()]));
    for (const r of rows) {
      const v = rss.get(r.server);
      if (v !== undefined) r.rss = v;
    }
  } finally {
    await stopAll();
    for (const drop of dropDatabases) await drop();
  }
  print(rows);
}

function print(rows: Row[]): void {
  const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '—');
  const limit = rows[0]!.rps;
  const cpu = cpus()[0]?.model.trim() ?? '?';
  const lines = [
    `bench:host — ${cpus().length} cores (${cpu}), Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, ` +
      `${connections} connections, median of ${rounds} × ${seconds}s${smoke ? ' (smoke)' : ''}, ` +
      `load average ${loadAtStart.map((l) => l.toFixed(1)).join(' ')} at the start, ` +
      `${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end (the load column: 1-minute, after each row's median round)`,
    '',
    '| scenario | server | req/s | p50 ms | p99 ms | errors | CPU µs/req | DB CPU µs/req | ours / peer | ours / limit | peak RSS MB | load |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    const vsPeer = r.ours && r.peerRps ? `${fmt(r.rps / r.peerRps, 2)}×` : '';
    const vsLimit = r.ours ? `${fmt((100 * r.rps) / limit, 1)}%` : '';
    lines.push(
      `| ${r.scenario} | ${r.server}${r.once ? ', once after the rounds' : ''} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.errors} | ${fmt(r.cpuUs ?? NaN)} | ${r.dbCpuUs === undefined || Number.isNaN(r.dbCpuUs) ? '' : fmt(r.dbCpuUs)} | ${vsPeer} | ${vsLimit} | ${r.rss ?? ''} | ${fmt(r.load ?? NaN, 1)} |`,
    );
  }
  process.stdout.write(lines.join('\n') + '\n');
}

await main();
