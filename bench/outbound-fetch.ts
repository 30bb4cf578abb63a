// Outbound request cost: the global fetch (undici, kept-alive connections) against the outbound
// steps' fetch (adapters/outbound/guarded-fetch.ts: the egress guard, then node:http connected to
// the approved address, one connection per request so no socket outlives the address it was
// approved for). REQUESTS sequential POSTs of a small JSON body to a loopback server, as a step's
// polls are, then the same with an answer of ANSWER_KIB KiB. Prints a table; asserts nothing.
//
//   npx tsx bench/outbound-fetch.ts          (BENCH_REQUESTS, BENCH_ANSWER_KIB to change the sizes)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { guardedFetch } from '../runtime/adapters/outbound/guarded-fetch.ts';

const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 2000);
const ANSWER_KIB = Number(process.env['BENCH_ANSWER_KIB'] ?? 256);

const big = JSON.stringify({ padding: 'x'.repeat(ANSWER_KIB * 1024) });
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(req.url === '/big' ? big : '{"ok":true}'),
  );
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;

type Fetch = (url: string, init: RequestInit) => Promise<Response>;
const guarded = guardedFetch({
  allowedCidrs: ['127.0.0.0/8'],
  allowedPorts: [port],
  allowHttp: true,
});

async function measure(send: Fetch, path: string, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await send(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t"}}',
    });
    await res.text();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  return {
    perSecond: Math.round((n / total) * 1000),
    p50: times[Math.floor(n / 2)]!.toFixed(3),
    p99: times[Math.floor(n * 0.99)]!.toFixed(3),
  };
}

const rows: string[][] = [];
for (const [path, n] of [
  ['/small', REQUESTS],
  ['/big', Math.max(1, Math.floor(REQUESTS / 10))],
] as const) {
  for (const [name, send] of [
    ['global fetch (kept alive)', fetch],
    ['guardedFetch (pinned)', guarded],
  ] as const) {
    await measure(send, path, Math.min(100, n)); // warm-up
    const r = await measure(send, path, n);
    const answer = path === '/big' ? `${ANSWER_KIB} KiB` : '11 B';
    rows.push([name, answer, String(n), String(r.perSecond), r.p50, r.p99]);
  }
}
server.closeAllConnections();
server.close();

const head = ['fetch', 'answer', 'requests', 'req/s', 'p50 ms', 'p99 ms'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(line(head));
console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
for (const r of rows) console.log(line(r));
