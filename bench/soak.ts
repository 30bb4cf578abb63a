// Load soak: 64 clients against one reference host (SQLite, loopback), mixing A2A
// SendMessage, GetTask, SendStreamingMessage, CancelTask and MCP tools/call, plus 16 subscribers of
// /host/events that never read. Prints one table row per phase: the warm-up is the peer the later
// phases are read against (memory and file descriptors flat after it, listeners back to where they
// were). SOAK_SECONDS (default 20) is the whole run; SOAK_CLIENTS (default 64).
// Run: SOAK_SECONDS=20 npx tsx bench/soak.ts
import { readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { defaultConfig } from '../runtime/config.ts';
import { createSqliteHost } from '../runtime/host/index.ts';

const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 20);
const CLIENTS = Number(process.env['SOAK_CLIENTS'] ?? 64);
const KEY = 'soak-key-0123456789abcdef';
const PHASES = 4;

const dir = mkdtempSync(join(tmpdir(), 'wopgen-soak-'));
const host = await createSqliteHost({
  config: defaultConfig('http://127.0.0.1'),
  baseUrlFromListen: true,
  store: `sqlite:${join(dir, 'host.db')}`,
  apiKeys: [{ key: KEY, tenant: 'acme' }],
});
const url = await host.listen(0);

const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
let seq = 0;
const rpc = async (method: string, params: unknown) => {
  const r = await fetch(`${url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ jsonrpc: '2.0', id: ++seq, method, params }),
  });
  if (r.status >= 500) throw new Error(`${method}: ${r.status}`);
  return (await r.text()) as string;
};
const message = (skill: string, text = 'soak', extra: Record<string, unknown> = {}) => ({
  message: {
    messageId: `soak-${++seq}-${Math.random()}`,
    role: 'ROLE_USER',
    parts: skill === 'echo' ? [{ data: { text } }] : [{ text }],
    metadata: { openwop: { skill } },
  },
  ...extra,
});
const mcpMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'soak', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

const known: string[] = [];
const ops: Record<string, () => Promise<void>> = {
  async send() {
    const t = await rpc('SendMessage', message('echo'));
    const id = /"id":"(acme\/[^"]+)"/.exec(t)?.[1];
    if (id && known.length < 500) known.push(id);
  },
  async get() {
    const id = known[Math.floor(Math.random() * known.length)];
    if (id) await rpc('GetTask', { id });
  },
  async stream() {
    const r = await fetch(`${url}/a2a/jsonrpc`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++seq,
        method: 'SendStreamingMessage',
        params: message('echo'),
      }),
    });
    await r.text();
  },
  async cancel() {
    const t = await rpc(
      'SendMessage',
      message('conformance-cancellable', 'x', { configuration: { returnImmediately: true } }),
    );
    const id = /"id":"(acme\/[^"]+)"/.exec(t)?.[1];
    if (id) await rpc('CancelTask', { id });
  },
  async tool() {
    const r = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: {
        ...auth,
        accept: 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'echo',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++seq,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'soak' }, _meta: mcpMeta },
      }),
    });
    if (r.status >= 500) throw new Error(`tools/call: ${r.status}`);
    await r.text();
  },
};
const names = Object.keys(ops);

/** Subscribers that never read: the host must hold them at a bounded cost. */
function silentSubscriber(): Promise<Socket> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = connect({ host: u.hostname, port: Number(u.port) }, () => {
      s.pause();
      s.write(
        `GET /host/events HTTP/1.1\r\nhost: ${u.host}\r\nauthorization: Bearer ${KEY}\r\n\r\n`,
      );
      resolve(s);
    });
    s.on('error', () => undefined);
  });
}

const fds = () => readdirSync('/proc/self/fd').length;
const listeners = () =>
  host.server.listenerCount('request') + host.server.listenerCount('connection');
const pct = (xs: number[], p: number) =>
  xs.length === 0
    ? 0
    : xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

const before = { fds: fds(), listeners: listeners() };
const silent = await Promise.all(Array.from({ length: 16 }, silentSubscriber));
const rows: string[][] = [];
let errors = 0;
let peakRss = 0;
const phaseMs = (SECONDS * 1000) / PHASES;
for (let phase = 0; phase < PHASES; phase++) {
  const latencies: number[] = [];
  const end = performance.now() + phaseMs;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      let i = c;
      while (performance.now() < end) {
        const op = ops[names[i++ % names.length]!]!;
        const t0 = performance.now();
        try {
          await op();
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const rss = process.memoryUsage().rss / 2 ** 20;
  peakRss = Math.max(peakRss, rss);
  rows.push([
    phase === 0 ? 'warm-up (peer)' : `phase ${phase}`,
    (phaseMs / 1000).toFixed(1),
    String(latencies.length),
    (latencies.length / (phaseMs / 1000)).toFixed(0),
    pct(latencies, 0.5).toFixed(1),
    pct(latencies, 0.99).toFixed(1),
    rss.toFixed(0),
    String(fds()),
    String(host.context.streams.open),
  ]);
}
for (const s of silent) s.destroy();
await new Promise((r) => setTimeout(r, 300));
const after = { fds: fds(), listeners: listeners() };
await host.close();
rmSync(dir, { recursive: true, force: true });

const head = ['phase', 's', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'RSS MiB', 'fds', 'streams'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padStart(widths[i]!)).join('  ');
console.log(
  `soak: ${CLIENTS} clients + 16 silent /host/events subscribers, ${SECONDS}s, ops ${names.join('/')}`,
);
console.log(line(head));
for (const r of rows) console.log(line(r));
console.log(
  `errors ${errors}; peak RSS ${peakRss.toFixed(0)} MiB; fds before ${before.fds} after ${after.fds}; ` +
    `server listeners before ${before.listeners} after ${after.listeners}`,
);
if (errors > 0) process.exitCode = 1;
