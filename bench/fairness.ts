// `npx tsx bench/fairness.ts` — what one tenant's expensive requests cost the others (README
// §Reliability, "Fair shares"). Prints one table; asserts nothing.
//
//   ListTasks  tenant `big` holds BENCH_RUNS runs (default 31,000): the latency of its ListTasks by
//              filter (none, a state, INPUT_REQUIRED, a context no task is in, a forged page
//              token); then tenant `bench`'s SendMessage p50/p99/max alone, and while `big` runs 8
//              concurrent `{"contextId":"nope"}` ListTasks loops.
//   push       tenant `bench`'s first push to a receiver that answers, from its config to its
//              delivery: alone, and while tenant `big` has 3 tasks pushing to a receiver that
//              never answers (the default 10 s delivery deadline).
//
// Each build runs in its own process (bench/fairness-host.ts: the reference host from its sources,
// SQLite, durable) on loopback, with loopback receivers on the operator's allowlists.
//
//   BENCH_BEFORE=<checkout>   also measure another checkout (its root, or its bin/wopgen.js): the
//                             "before" column, e.g. a worktree of main
//   BENCH_RUNS=31000          runs of tenant `big`
//   BENCH_SECONDS=5           seconds of each SendMessage phase
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { startReceiver, type PushReceiver } from '../test/helpers/push-receiver.ts';
import { KEYS, seedRuns } from './host/ours.ts';
import { root, startPeer, type Peer } from './host/peers.ts';

const runs = Number(process.env['BENCH_RUNS'] ?? 31_000);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
const before = process.env['BENCH_BEFORE'];
const log = (s: string) => process.stderr.write(`${s}\n`);

const A2A = { 'content-type': 'application/json', 'a2a-version': '1.0' };
const auth = (key: string) => ({ ...A2A, authorization: `Bearer ${key}` });

async function rpc(url: string, key: string, method: string, params: unknown) {
  const res = await fetch(`${url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: auth(key),
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()) as { result?: Record<string, unknown>; error?: { message: string } };
}

const message = (skill: string, data: Record<string, unknown>) => ({
  message: {
    messageId: randomUUID(),
    role: 'ROLE_USER',
    parts: [{ data }],
    metadata: { openwop: { skill } },
  },
  configuration: { returnImmediately: true },
});

async function startTask(url: string, key: string, skill: string, data: Record<string, unknown>) {
  const r = await rpc(url, key, 'SendMessage', message(skill, data));
  if (r.error) throw new Error(r.error.message);
  return (r.result!['task'] as { id: string }).id;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median latency (ms) of `n` ListTasks calls one after another. */
async function listLatency(url: string, params: Record<string, unknown>, n = 9) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await rpc(url, KEYS.big, 'ListTasks', params);
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** Tenant `bench`'s SendMessage under autocannon (4 connections): p50, p99 and max (ms). */
async function sendMessageLoad(url: string) {
  const r = await autocannon({
    url: `${url}/a2a/jsonrpc`,
    method: 'POST',
    headers: auth(KEYS.bench),
    connections: 4,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'SendMessage',
            params: { message: message('echo', { text: 'hi' }).message },
          }),
        }),
      },
    ],
  });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    answered: r.requests.total,
    errors: r.non2xx + r.errors + r.timeouts,
  };
}

/** `loops` concurrent ListTasks loops of tenant `big` until `stop` resolves; calls answered. */
function listLoops(url: string, params: Record<string, unknown>, loops: number) {
  let done = false;
  let calls = 0;
  const all = Promise.all(
    Array.from({ length: loops }, async () => {
      while (!done) {
        await rpc(url, KEYS.big, 'ListTasks', params);
        calls += 1;
      }
    }),
  );
  return async () => {
    done = true;
    await all;
    return calls;
  };
}

/** Time (ms) from `bench`'s config on a new task to its first push at `good`. */
async function firstPush(url: string, good: PushReceiver): Promise<number> {
  const task = await startTask(url, KEYS.bench, 'conformance-delay', { delayMs: 200 });
  const t0 = performance.now();
  const r = await rpc(url, KEYS.bench, 'CreateTaskPushNotificationConfig', {
    taskId: task,
    url: `${good.origin}/bench`,
  });
  if (r.error) throw new Error(r.error.message);
  const end = t0 + 60_000;
  while (!good.received.some((p) => p.body.includes(task))) {
    if (performance.now() > end) return NaN;
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - t0;
}

type Figures = Record<string, string>;
const ms = (n: number) =>
  Number.isNaN(n) ? '—' : n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en');

async function measure(name: string, checkout: string, ca: string): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-bench-fair-'));
  const db = join(dir, 'host.db');
  let host: Peer | undefined;
  const hung = await startReceiver();
  hung.statuses = [0];
  const good = await startReceiver();
  try {
    log(`${name}: starting ${checkout}`);
    host = await startPeer(
      name,
      ['--import', 'tsx', join(root, 'bench/fairness-host.ts'), checkout],
      {
        cwd: checkout,
        env: {
          BENCH_DB: db,
          BENCH_CA: ca,
          BENCH_RECEIVER_PORTS: `${hung.port},${good.port}`,
          LOG_LEVEL: 'silent',
        },
      },
    );
    const url = host.url;
    await rpc(url, KEYS.big, 'SendMessage', message('echo', { text: 'seed' }));
    log(`${name}: seeding ${runs} runs of tenant big`);
    seedRuns(db, runs);
    const f: Figures = {};
    const forged = Buffer.from(JSON.stringify({ after: 'big/nope' })).toString('base64url');
    for (const [label, params] of [
      ['ListTasks, no filter', {}],
      ['ListTasks, status COMPLETED', { status: 'TASK_STATE_COMPLETED' }],
      ['ListTasks, status INPUT_REQUIRED', { status: 'TASK_STATE_INPUT_REQUIRED' }],
      ['ListTasks, contextId "nope"', { contextId: 'nope' }],
      ['ListTasks, forged page token', { pageToken: forged }],
    ] as const) {
      f[`${label}: p50 ms`] = ms(await listLatency(url, params));
    }
    log(`${name}: SendMessage alone`);
    const alone = await sendMessageLoad(url);
    log(`${name}: SendMessage beside 8 contextId ListTasks loops`);
    const stop = listLoops(url, { contextId: 'nope' }, 8);
    const beside = await sendMessageLoad(url);
    const calls = await stop();
    const load = (l: typeof alone) => `${ms(l.p50)} / ${ms(l.p99)} / ${ms(l.max)}`;
    f['other tenant SendMessage alone: p50 / p99 / max ms'] = load(alone);
    f['… answered (errors)'] = `${alone.answered.toLocaleString('en')} (${alone.errors})`;
    f['… during 8 contextId ListTasks loops: p50 / p99 / max ms'] = load(beside);
    f['… answered (errors) '] = `${beside.answered.toLocaleString('en')} (${beside.errors})`;
    f['ListTasks answered during that phase'] = calls.toLocaleString('en');

    log(`${name}: pushes`);
    const aloneMs = [
      await firstPush(url, good),
      await firstPush(url, good),
      await firstPush(url, good),
    ];
    for (let i = 0; i < 3; i++) {
      const task = await startTask(url, KEYS.big, 'conformance-delay', { delayMs: 200 });
      await rpc(url, KEYS.big, 'CreateTaskPushNotificationConfig', {
        taskId: task,
        url: `${hung.origin}/hook`,
      });
    }
    await hung.waitFor(1, 30_000);
    const besideMs = [
      await firstPush(url, good),
      await firstPush(url, good),
      await firstPush(url, good),
    ];
    f['other tenant first push alone: median ms'] = ms(median(aloneMs));
    f['… while a receiver of big hangs: median / max ms'] =
      `${ms(median(besideMs))} / ${ms(Math.max(...besideMs))}`;
    return f;
  } finally {
    // The hung receiver first: its open requests end, so the host stops at once.
    await hung.close();
    await good.close();
    await host?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const { testCertificate } = await import('../test/helpers/push-receiver.ts');
const ca = testCertificate().cert;
const builds: [string, string][] = [];
if (before) {
  const path = resolve(before);
  builds.push(['before', path.endsWith('.js') ? dirname(dirname(path)) : path]);
}
builds.push(['after', root]);
const results: Figures[] = [];
for (const [name, checkout] of builds) results.push(await measure(name, checkout, ca));

const keys = Object.keys(results.at(-1)!);
const width = Math.max(...keys.map((k) => k.length));
const header = builds.map(([n]) => n.padStart(22)).join(' | ');
console.log(
  `tenant big: ${runs.toLocaleString('en')} runs; SendMessage phases ${seconds} s, 4 connections\n`,
);
console.log(`| ${'measure'.padEnd(width)} | ${header} |`);
console.log(`| ${'-'.repeat(width)} | ${builds.map(() => '-'.repeat(22)).join(' | ')} |`);
for (const k of keys) {
  console.log(
    `| ${k.padEnd(width)} | ${results.map((r) => (r[k] ?? '').padStart(22)).join(' | ')} |`,
  );
}
