// `npx tsx bench/host/profile.ts <scenario> [seconds]`: runs our host under `node --cpu-prof` with one
// scenario's load (get | send | tool | list | stream | stream-close; a stream scenario runs for a
// number of streams, 8 at once, not seconds: 2000 unless given) and prints where the CPU profile was written
// (open it in Chrome DevTools or speedscope for the flame graph). With BENCH_POSTGRES (run.ts), the
// host runs on PostgreSQL in a fresh database on that server.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectResult, runLoad, timeToFirstEvent } from './load.ts';
import { KEYS, seedRuns, startOurs } from './ours.ts';
import { freshDatabase, seedRunsPg } from './postgres.ts';
import { root } from './peers.ts';
import {
  A2A_HEADERS,
  getTaskBody,
  listTasksBody,
  MCP_HEADERS,
  sendMessageBody,
  streamBody,
  toolsCallBody,
} from './scenarios.ts';

const scenario = process.argv[2] ?? 'get';
const seconds = Number(process.argv[3] ?? 10);
const dir = mkdtempSync(join(tmpdir(), 'wopgen-prof-'));
const postgres = process.env['BENCH_POSTGRES']
  ? await freshDatabase(process.env['BENCH_POSTGRES'])
  : undefined;
const ours = await startOurs(
  'ours (profiled)',
  join(root, 'bin/wopgen.js'),
  ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  postgres?.url,
);
const h = { ...A2A_HEADERS, authorization: `Bearer ${KEYS.bench}` };
const url = `${ours.url}/a2a/jsonrpc`;
const sent = JSON.parse(await expectResult(url, h, sendMessageBody())) as {
  result: { task: { id: string } };
};
const phases: Record<string, () => Parameters<typeof runLoad>[0]> = {
  get: () => ({
    url,
    headers: h,
    body: getTaskBody(sent.result.task.id),
    connections: 32,
    seconds,
  }),
  send: () => ({ url, headers: h, body: sendMessageBody, connections: 32, seconds }),
  tool: () => ({
    url: `${ours.url}/mcp`,
    headers: { ...MCP_HEADERS, authorization: `Bearer ${KEYS.bench}` },
    body: toolsCallBody(),
    connections: 32,
    seconds,
  }),
  list: () => {
    const hb = { ...A2A_HEADERS, authorization: `Bearer ${KEYS.big}` };
    return { url, headers: hb, body: listTasksBody(), connections: 32, seconds };
  },
};
if (scenario === 'list') {
  await expectResult(
    url,
    { ...A2A_HEADERS, authorization: `Bearer ${KEYS.big}` },
    sendMessageBody(),
  );
  if (postgres) await seedRunsPg(postgres.url, 100_000);
  else seedRuns(ours.dbFile, 100_000);
}
const streams = scenario.startsWith('stream') ? Number(process.argv[3] ?? 2000) : 0;
const make = phases[scenario];
if (!make && !streams)
  throw new Error(`unknown scenario ${scenario}: get | send | tool | list | stream | stream-close`);
const f = make
  ? await runLoad(make())
  : await timeToFirstEvent(url, h, streamBody, streams, 8, scenario === 'stream-close');
await ours.stop();
await postgres?.drop();
process.stdout.write(`${JSON.stringify(f)}\n${join(dir, readdirSync(dir)[0] ?? '?')}\n`);
