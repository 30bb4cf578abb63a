// How each binding answers while its PostgreSQL database is frozen (postmaster and backends
// SIGSTOPped) and while it is stopped, and how soon the host serves again once the database is
// back: the figures of README §Reliability. A host in this process over a PostgreSQL server of its
// own (test/helpers/private-postgres.ts), under the load of test/reliability/outage-load.ts (two
// workers per binding starting runs back to back). Prints one table.
//
//   npx tsx bench/store-outage.ts                     default timeouts (5 s each)
//   STORE_TIMEOUT_MS=1000 npx tsx bench/store-outage.ts   every timeout 1 s (statement 1.5 s)
//   OUTAGE_SECONDS=10 …                               how long each outage lasts (default 10)
//
// Needs PostgreSQL's binaries (.ci/postgres installs them). Nothing here is asserted: the
// standing suite checks the shapes and recovery (test/e2e/store-outage.test.ts).
import { DEFAULT_PG_TIMEOUTS } from '../runtime/adapters/store/postgres/timeouts.ts';
import { startHost } from '../test/helpers/host.ts';
import { startPrivatePostgres } from '../test/helpers/private-postgres.ts';
import { BINDINGS, OutageLoad, type Answer } from '../test/reliability/outage-load.ts';

const outageMs = Number(process.env['OUTAGE_SECONDS'] ?? 10) * 1000;
const short = process.env['STORE_TIMEOUT_MS'];
const storeTimeouts = short
  ? {
      connectTimeoutMs: Number(short),
      acquireTimeoutMs: Number(short),
      statementTimeoutMs: Number(short) * 1.5,
    }
  : undefined;

const server = await startPrivatePostgres();
const h = await startHost({
  store: server.url,
  ...(storeTimeouts && { storeTimeouts }),
});
const load = new OutageLoad(h.url);
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Phase {
  name: string;
  from: number;
  to: number;
  /** When the database came back (recovery is measured from here). */
  back: number;
}
const phases: Phase[] = [];
try {
  await load.until('acknowledged', 0);
  await wait(1000);
  for (const [name, down, up] of [
    ['frozen (SIGSTOP)', () => server.freeze(), () => server.thaw()],
    ['stopped (pg_ctl stop -m fast)', () => server.stop(), () => server.start()],
  ] as const) {
    const from = load.now();
    down();
    await wait(outageMs);
    const to = load.now();
    up();
    const back = load.now();
    await load.until('acknowledged', back);
    await wait(1000);
    phases.push({ name, from, to, back });
  }
} finally {
  server.thaw();
  await load.stop();
  await h.close();
  server.destroy();
}

const pct = (xs: number[], p: number) =>
  xs.length === 0
    ? NaN
    : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const ms = (n: number) => (Number.isNaN(n) ? '—' : `${Math.round(n)}`);

const rows: string[][] = [];
for (const p of phases) {
  for (const b of BINDINGS) {
    const mine = (a: Answer) => a.binding === b;
    // Requests the outage caught (in flight when it began, or sent during it), and how long each
    // took to come back.
    const during = load.answers.filter((a) => mine(a) && a.at >= p.from && a.sentAt < p.to);
    const refused = during.filter((a) => a.kind === 'unavailable');
    const latency = refused.map((a) => a.at - a.sentAt);
    const first503 = refused.length > 0 ? Math.min(...refused.map((a) => a.at)) - p.from : NaN;
    const firstAck = load.answers
      .filter((a) => mine(a) && a.kind === 'acknowledged' && a.sentAt >= p.back)
      .map((a) => a.at - p.back);
    const other = during.filter((a) => a.kind === 'other' || a.kind === 'hung').length;
    rows.push([
      p.name,
      b,
      String(during.length),
      String(refused.length),
      String(other),
      ms(first503),
      ms(pct(latency, 0.5)),
      ms(pct(latency, 0.99)),
      ms(latency.length > 0 ? Math.max(...latency) : NaN),
      ms(firstAck.length > 0 ? Math.min(...firstAck) : NaN),
    ]);
  }
}

const head = [
  'outage',
  'binding',
  'caught',
  '503',
  'other',
  'first 503 ms',
  '503 p50 ms',
  '503 p99 ms',
  '503 max ms',
  'served again ms',
];
const t = storeTimeouts ?? DEFAULT_PG_TIMEOUTS;
console.log(
  `store outage: ${outageMs / 1000} s each; timeouts connect ${t.connectTimeoutMs} ms, acquire ${t.acquireTimeoutMs} ms, statement ${t.statementTimeoutMs} ms; ${BINDINGS.length * 2} workers`,
);
console.log(`| ${head.join(' | ')} |`);
console.log(`| ${head.map(() => '---').join(' | ')} |`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
