// Isolation timing (medians over 200 probes close enough not to tell apart): for every
// id-taking operation on every binding (test/reliability/isolation-probes.ts), tenant `other`
// names a run of `acme` that exists and, interleaved with it, ids that name none; the peer of each
// foreign median is the unknown median of the same run. Prints one row per operation; asserts
// nothing (test/reliability/isolation.test.ts asserts a tolerance on one read per binding).
//
//   npx tsx bench/isolation-timing.ts            (PROBES=200 per side by default)
import { startHost } from '../test/helpers/host.ts';
import { PROBES, timeProbe } from '../test/reliability/isolation-probes.ts';

const N = Number(process.env['PROBES'] ?? 200);
const h = await startHost();
try {
  const res = await h.call('acme', '/runs', {
    method: 'POST',
    body: JSON.stringify({ workflowId: 'conformance-approval', inputs: {} }),
  });
  const foreign = ((await res.json()) as { runId: string }).runId;
  // Warm-up: the first requests of each path pay for JIT and statement preparation.
  for (const p of PROBES) await timeProbe(h.url, p.send, foreign, 10);

  const rows: string[][] = [];
  for (const p of PROBES) {
    const m = await timeProbe(h.url, p.send, foreign, N);
    const gap = (100 * (m.foreign - m.unknown)) / m.unknown;
    rows.push([
      p.binding,
      p.operation,
      m.foreign.toFixed(3),
      m.unknown.toFixed(3),
      `${gap >= 0 ? '+' : ''}${gap.toFixed(1)}%`,
    ]);
  }
  const head = ['binding', 'operation', 'foreign p50 ms', 'unknown p50 ms', 'gap'];
  const widths = head.map((_, i) => Math.max(head[i]!.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  process.stdout.write(`${N} interleaved probes per side, loopback, SQLite\n`);
  process.stdout.write(`${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const r of rows) process.stdout.write(`${line(r)}\n`);
} finally {
  await h.close();
}
