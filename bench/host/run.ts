// `npm run bench:host` — our host against the official SDK servers and the machine's limit, all in
// one run on loopback with the same load tool and settings (autocannon, 32 connections):
//   bare      a node:http server that parses a JSON body and answers JSON (the limit)
//   a2a-sdk   @a2a-js/sdk DefaultRequestHandler + InMemoryTaskStore (answers from memory)
//   mcp-sdk   @modelcontextprotocol/server McpServer with an echo tool (stateless 2026-07-28)
//   ours      `wopgen serve` on SQLite, durable (each acknowledged write synced before its answer)
// Prints one table: requests/s, p50/p99 latency (ms), errors, our ratio to the peer and to the limit,
// and each server's peak RSS. Asserts nothing about speed.
//
//   npm run bench:host                 full run (BENCH_SECONDS per phase, default 10; 100k runs for ListTasks)
//   npm run bench:host -- --smoke      a few seconds in all: every scenario once, to keep the script working
//   BENCH_OURS=path/to/bin/wopgen.js   measure another build of ours (e.g. a checkout of main, for "before")
import { cpus } from 'node:os';
import { join } from 'node:path';
import { expectResult, runLoad, timeToFirstEvent, type Figures } from './load.ts';
import { startOurs, seedRuns, KEYS } from './ours.ts';
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
const seconds = smoke ? 1 : Number(process.env['BENCH_SECONDS'] ?? 10);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 32);
const bigTenantRuns = smoke ? 1_000 : Number(process.env['BENCH_RUNS'] ?? 100_000);
const streams = smoke ? 20 : 1_000;
const oursBin = process.env['BENCH_OURS'] ?? join(root, 'bin/wopgen.js');

interface Row extends Figures {
  scenario: string;
  peer: string;
  rss?: number;
  /** Ours only: the peer row it is compared with. */
  versus?: Row;
}
const rows: Row[] = [];
let limit: Row | undefined;

async function phase(
  scenario: string,
  peer: Peer,
  path: string,
  headers: Record<string, string>,
  body: string | (() => string),
): Promise<Row> {
  const url = peer.url + path;
  // One checked request first: a load of refusals would measure nothing.
  await expectResult(url, headers, typeof body === 'string' ? body : body());
  if (!smoke) await runLoad({ url, headers, body, connections, seconds: 2 }); // warm-up
  const f = await runLoad({ url, headers, body, connections, seconds });
  const row: Row = { scenario, peer: peer.name, ...f };
  rows.push(row);
  return row;
}

function ourRow(row: Row, versus: Row | undefined): void {
  if (versus) row.versus = versus;
}

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

async function main() {
  const started: Peer[] = [];
  const stopAll = () => Promise.all(started.splice(0).map((p) => p.stop()));
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    // (a) the limit
    const bare = await startTsPeer('bare node:http', 'bare.ts');
    started.push(bare);
    limit = await phase('JSON echo', bare, '/', { 'content-type': 'application/json' }, BARE_BODY);
    limit.rss = bare.peakRssMb();
    await bare.stop();

    // (b) the A2A SDK server
    const a2a = await startTsPeer('@a2a-js/sdk', 'a2a-sdk.ts');
    started.push(a2a);
    const sdkTask = JSON.parse(
      await expectResult(a2a.url + '/a2a/jsonrpc', A2A_HEADERS, sendMessageBody()),
    ) as { result: { task: { id: string } } };
    const sdkGet = await phase(
      'GetTask',
      a2a,
      '/a2a/jsonrpc',
      A2A_HEADERS,
      getTaskBody(sdkTask.result.task.id),
    );
    const sdkSend = await phase('SendMessage', a2a, '/a2a/jsonrpc', A2A_HEADERS, sendMessageBody);
    const sdkMixed = await phase(
      'mixed 80% get / 20% send',
      a2a,
      '/a2a/jsonrpc',
      A2A_HEADERS,
      () => (Math.random() < 0.8 ? getTaskBody(sdkTask.result.task.id) : sendMessageBody()),
    );
    const sdkStream = await ttfe(a2a, A2A_HEADERS);
    sdkGet.rss = sdkSend.rss = sdkMixed.rss = sdkStream.rss = a2a.peakRssMb();
    await a2a.stop();

    // (c) the MCP SDK server
    const mcp = await startTsPeer('@modelcontextprotocol/server', 'mcp-sdk.ts');
    started.push(mcp);
    const sdkTool = await phase('tools/call echo', mcp, '/mcp', MCP_HEADERS, toolsCallBody());
    sdkTool.rss = mcp.peakRssMb();
    await mcp.stop();

    // (d) ours
    const ours = await startOurs('ours (SQLite)', oursBin);
    started.push(ours);
    const h = { ...A2A_HEADERS, ...auth(KEYS.bench) };
    const task = JSON.parse(
      await expectResult(ours.url + '/a2a/jsonrpc', h, sendMessageBody()),
    ) as { result: { task: { id: string } } };
    const taskId = task.result.task.id;
    const ourRows: Row[] = [];
    ourRows.push(await phase('GetTask', ours, '/a2a/jsonrpc', h, getTaskBody(taskId)));
    ourRow(ourRows.at(-1)!, sdkGet);
    ourRows.push(await phase('SendMessage', ours, '/a2a/jsonrpc', h, sendMessageBody));
    ourRow(ourRows.at(-1)!, sdkSend);
    ourRows.push(
      await phase('mixed 80% get / 20% send', ours, '/a2a/jsonrpc', h, () =>
        Math.random() < 0.8 ? getTaskBody(taskId) : sendMessageBody(),
      ),
    );
    ourRow(ourRows.at(-1)!, sdkMixed);
    ourRows.push(await ttfe(ours, h));
    ourRow(ourRows.at(-1)!, sdkStream);
    ourRows.push(
      await phase(
        'tools/call echo',
        ours,
        '/mcp',
        { ...MCP_HEADERS, ...auth(KEYS.bench) },
        toolsCallBody(),
      ),
    );
    ourRow(ourRows.at(-1)!, sdkTool);
    // ListTasks page 1 on a tenant with many runs (no SDK peer lists 100k tasks from a store).
    const hb = { ...A2A_HEADERS, ...auth(KEYS.big) };
    await expectResult(ours.url + '/a2a/jsonrpc', hb, sendMessageBody());
    seedRuns(ours.dbFile, bigTenantRuns);
    ourRows.push(
      await phase(
        `ListTasks page 1 (${bigTenantRuns.toLocaleString('en')} runs)`,
        ours,
        '/a2a/jsonrpc',
        hb,
        listTasksBody(),
      ),
    );
    const rss = ours.peakRssMb();
    for (const r of ourRows) r.rss = rss;
    await ours.stop();
  } finally {
    await stopAll();
  }
  print();
}

async function ttfe(peer: Peer, headers: Record<string, string>): Promise<Row> {
  const url = peer.url + '/a2a/jsonrpc';
  const f = await timeToFirstEvent(url, headers, streamBody, streams, 8);
  const row: Row = { scenario: 'stream: time to first event (8 at once)', peer: peer.name, ...f };
  rows.push(row);
  return row;
}

function print(): void {
  const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '—');
  const lines = [
    `bench:host — ${cpus().length} cores (${cpus()[0]?.model.trim() ?? '?'}), Node ${process.version}, ` +
      `${new Date().toISOString().slice(0, 16)}Z, ${connections} connections, ${seconds}s per phase${smoke ? ' (smoke)' : ''}`,
    '',
    '| scenario | server | req/s | p50 ms | p99 ms | errors | ours / peer | ours / limit | peak RSS MB |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    const isOurs = r.peer.startsWith('ours');
    const vsPeer = isOurs && r.versus ? `${fmt(r.rps / r.versus.rps, 2)}×` : '';
    const vsLimit = isOurs && limit ? `${fmt((100 * r.rps) / limit.rps, 1)}%` : '';
    lines.push(
      `| ${r.scenario} | ${r.peer} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.errors} | ${vsPeer} | ${vsLimit} | ${r.rss ?? ''} |`,
    );
  }
  process.stdout.write(lines.join('\n') + '\n');
}

await main();
