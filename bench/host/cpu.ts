// `npx tsx bench/host/cpu.ts [seconds] [rounds]`: the host's CPU time per request under load, ours
// and (with BENCH_BEFORE=<checkout>/bin/wopgen.js) an earlier build in the same run, for the write
// path (SendMessage that completes at once, MCP tools/call) and GetTask. The server process's user +
// system time (Linux /proc, every thread) over one load phase, divided by the requests it answered.
// Other work on the machine moves it less than requests per second, but it still moves: fewer
// requests per grouped commit when the host is starved means more commits per request. Rounds
// alternate the builds, so compare the two builds round by round; the table gives each one's median.
import { readFileSync } from 'node:fs';
import { expectResult, runLoad, type Phase } from './load.ts';
import { KEYS, startOurs, type Ours } from './ours.ts';
import {
  A2A_HEADERS,
  getTaskBody,
  MCP_HEADERS,
  sendMessageBody,
  toolsCallBody,
} from './scenarios.ts';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const before = process.env['BENCH_BEFORE'];

/** utime + stime of `pid` in ms (fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const a2a = { ...A2A_HEADERS, authorization: `Bearer ${KEYS.bench}` };
const mcp = { ...MCP_HEADERS, authorization: `Bearer ${KEYS.bench}` };

async function phases(o: Ours): Promise<Record<string, Phase>> {
  const url = `${o.url}/a2a/jsonrpc`;
  const sent = JSON.parse(await expectResult(url, a2a, sendMessageBody())) as {
    result: { task: { id: string } };
  };
  const base = { connections: 32, seconds };
  return {
    SendMessage: { url, headers: a2a, body: sendMessageBody, ...base },
    'MCP tools/call': { url: `${o.url}/mcp`, headers: mcp, body: toolsCallBody(), ...base },
    GetTask: { url, headers: a2a, body: getTaskBody(sent.result.task.id), ...base },
  };
}

const builds: [string, string | undefined][] = [['ours', undefined]];
if (before) builds.push(['ours before', before]);
const results = new Map<string, number[]>();
for (let r = 0; r < rounds; r++) {
  for (const [name, bin] of builds) {
    const o = await startOurs(name, ...(bin ? [bin] : []));
    try {
      for (const [scenario, phase] of Object.entries(await phases(o))) {
        await runLoad({ ...phase, seconds: 1 }); // warm-up, unmeasured
        const pid = o.proc.pid!;
        const start = cpuMs(pid);
        const { total } = await runLoad(phase);
        const per = ((cpuMs(pid) - start) * 1000) / Math.max(1, total);
        const key = `${scenario}\t${name}`;
        results.set(key, [...(results.get(key) ?? []), per]);
        process.stderr.write(`${key}\t${per.toFixed(0)} µs/request (${total} requests)\n`);
      }
    } finally {
      await o.stop();
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `host CPU per request — ${new Date().toISOString()}, 32 connections, ${seconds}s phases, median of ${rounds}`,
);
console.log('| scenario | build | CPU µs / request | rounds (µs) |');
console.log('| --- | --- | ---: | --- |');
for (const [key, xs] of results) {
  const [scenario, name] = key.split('\t');
  const runs = xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`| ${scenario} | ${name} | ${median(xs).toFixed(0)} | ${runs} |`);
}
