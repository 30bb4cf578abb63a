// Generation benchmark: cold generation of the bundled spec and of the upstream corpus, a warm
// no-change regeneration, and openapi-typescript alone on the same upstream openapi.yaml as the
// peer, all in one run, each a fresh process (median of N). Prints a table; asserts nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/wopgen.js');
const otsBin = join(root, 'node_modules/openapi-typescript/bin/cli.js');
const upstream = process.env['WOPGEN_UPSTREAM_SPEC']
  ? resolve(process.env['WOPGEN_UPSTREAM_SPEC'])
  : resolve(root, '../shared/openwop-v2');
const runs = Number(process.env['BENCH_RUNS'] ?? 5);
const work = mkdtempSync(join(tmpdir(), 'wopgen-bench-'));

function time(args: string[]): number {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  return ms;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function measure(
  label: string,
  args: () => string[],
  before?: () => void,
): { label: string; ms: number; all: number[] } {
  const all: number[] = [];
  for (let i = 0; i < runs; i++) {
    before?.();
    all.push(time(args()));
  }
  return { label, ms: median(all), all };
}

const out = (name: string) => join(work, name);
const rows = [
  measure('wopgen generate, bundled spec (cold)', () => [
    bin,
    'generate',
    '--force',
    '--spec',
    join(root, 'spec'),
    '--out',
    out('bundled'),
  ]),
  measure('wopgen generate, upstream corpus (cold)', () => [
    bin,
    'generate',
    '--force',
    '--spec',
    upstream,
    '--out',
    out('upstream'),
  ]),
  measure('wopgen generate, upstream corpus (warm, no change)', () => [
    bin,
    'generate',
    '--spec',
    upstream,
    '--out',
    out('upstream'),
  ]),
  measure('openapi-typescript alone, upstream openapi.yaml', () => [
    otsBin,
    join(upstream, 'api/v2/openapi.yaml'),
    '-o',
    out('ots.ts'),
  ]),
];
rmSync(work, { recursive: true, force: true });

const [bundled, cold, warm, peer] = rows as [
  (typeof rows)[0],
  (typeof rows)[0],
  (typeof rows)[0],
  (typeof rows)[0],
];
console.log(
  `wopgen generation benchmark — ${runs} runs each, median wall time of a fresh process (node ${process.version})`,
);
console.log('');
console.log('| case | median ms | runs (ms) |');
console.log('| --- | ---: | --- |');
for (const r of rows)
  console.log(`| ${r.label} | ${r.ms.toFixed(0)} | ${r.all.map((x) => x.toFixed(0)).join(', ')} |`);
console.log('');
console.log(
  `upstream cold / openapi-typescript alone: ${(cold.ms / peer.ms).toFixed(2)}× (target ≤ 1.5×)`,
);
console.log(`upstream warm / cold: ${((warm.ms / cold.ms) * 100).toFixed(1)}% (target ≤ 10%)`);
console.log(`bundled cold: ${bundled.ms.toFixed(0)} ms`);
