// Generation benchmark: cold generation of the bundled spec and of the upstream corpus, a warm
// no-change regeneration, a regeneration after a one-row change to interop-map.json (served by the
// per-artifact cache, generator/cache/), and openapi-typescript alone on the same upstream
// openapi.yaml as the peer, all in one run, each a fresh process (median of N). Prints a table;
// asserts nothing.
// Two more rows show what the shipped settings are worth, outside the ratios: the upstream cold
// generation with V8's default JIT settings (WOPGEN_V8_DEFAULTS=1, see bin/wopgen.js) and from the
// TypeScript sources through tsx instead of the bundled build (WOPGEN_FROM_SOURCE=1).
// BENCH_BEFORE=<path to another checkout's bin/wopgen.js> adds its upstream cases (see below).
// A row of `node` starting and exiting alone is the floor under every fresh-process figure: the
// one-row change less that floor is what wopgen itself spends.
//
// The cases run in rounds (each round runs every case once, in table order), so a slow spell of
// the machine lands on every case alike instead of on whichever case was running.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/wopgen.js');
const otsBin = join(root, 'node_modules/openapi-typescript/bin/cli.js');
const upstream = process.env['WOPGEN_UPSTREAM_SPEC']
  ? resolve(process.env['WOPGEN_UPSTREAM_SPEC'])
  : resolve(root, '../shared/openwop-v2');
// The upstream corpus is the benchmark's main input; without it there is nothing to measure.
if (!existsSync(join(upstream, 'api/v2/openapi.yaml'))) {
  process.stderr.write(
    `bench:generate needs the upstream OpenWOP spec checkout: ${upstream} holds no api/v2/openapi.yaml.\n` +
      'Set WOPGEN_UPSTREAM_SPEC to its folder, e.g. WOPGEN_UPSTREAM_SPEC=../shared/openwop-v2 npm run bench:generate\n',
  );
  process.exit(2);
}
const runs = Number(process.env['BENCH_RUNS'] ?? 5);
const work = mkdtempSync(join(tmpdir(), 'wopgen-bench-'));
const out = (name: string) => join(work, name);

// The bundled build is made by `npm ci` (bin/build-generator.mjs); make sure it exists, unmeasured,
// so no timed run includes building it.
{
  const r = spawnSync(process.execPath, [join(root, 'bin/build-generator.mjs'), '--strict'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (r.status !== 0) fail(`building the generator failed:\n${r.stderr}`);
}

// The one-row case edits a private copy of the corpus (the checkout may be read-only): before each
// timed run, unmeasured, the first A2A error row gets an HTTP status it has not had before in
// this benchmark, so every run regenerates after a real one-row change, never from an entry an
// earlier round left in the cache.
const edited = out('upstream-edited-spec');
// The --watch case's own copy: its watcher must see only its own edits.
const watched = out('upstream-watched-spec');
for (const copy of [edited, watched]) {
  cpSync(upstream, copy, { recursive: true });
  // The copy keeps the checkout's read-only modes; the bench must edit it and remove it afterwards.
  spawnSync('chmod', ['-R', 'u+w', copy]);
}
const originalMap = readFileSync(join(edited, 'spec/v2/interop-map.json'), 'utf8');
let edits = 0;
function editOneRow(copy = edited): void {
  const map = JSON.parse(originalMap) as { a2a: { errors: { http: number }[] } };
  map.a2a.errors[0]!.http = 400 + (edits++ % 100);
  writeFileSync(join(copy, 'spec/v2/interop-map.json'), JSON.stringify(map, null, 2) + '\n');
}

/**
 * CPU seconds (user + system) of this process's finished children, from /proc (Linux; NaN
 * elsewhere): on a shared machine a case's CPU time moves far less than its wall time.
 */
function childrenCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces): cutime and cstime are 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

let lastCpu = 0;
function time(args: string[], env: Record<string, string>): number {
  const cpuBefore = childrenCpuSeconds();
  const start = performance.now();
  const r = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  const ms = performance.now() - start;
  lastCpu = childrenCpuSeconds() - cpuBefore;
  if (r.status !== 0) fail(`${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  return ms;
}

/** Ends the `--watch` process, if one runs (see startWatch). */
let stopWatch = (): void => undefined;

function fail(message: string): never {
  stopWatch();
  process.stderr.write(`bench:generate: ${message}\n`);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
}

/**
 * The median over rounds of a's run divided by b's run of the same round: on a busy machine a
 * slow spell lands on both runs of a round, so this moves less than a ratio of medians.
 */
function pairedRatio(a: Case, b: Case, of: 'all' | 'cpu' = 'all'): number {
  return median(a[of].map((x, i) => x / b[of][i]!));
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

interface Case {
  label: string;
  args: string[];
  env?: Record<string, string>;
  /** Runs unmeasured before each timed run. */
  before?: () => void;
  all: number[];
  /** CPU seconds of each run (see childrenCpuSeconds). */
  cpu: number[];
}

const generate = (spec: string, dir: string, force: boolean, using = bin) => [
  using,
  'generate',
  ...(force ? ['--force'] : []),
  '--spec',
  spec,
  '--out',
  out(dir),
];
const newCase = (label: string, args: string[], env?: Record<string, string>): Case => ({
  label,
  args,
  all: [],
  cpu: [],
  ...(env ? { env } : {}),
});

// The warm case runs right after the upstream cold case of its round, on that output.
const bundled = newCase(
  'wopgen generate, bundled spec (cold)',
  generate(join(root, 'spec'), 'bundled', true),
);
const cold = newCase(
  'wopgen generate, upstream corpus (cold)',
  generate(upstream, 'upstream', true),
);
const warm = newCase(
  'wopgen generate, upstream corpus (warm, no change)',
  generate(upstream, 'upstream', false),
);
const oneRow: Case = {
  ...newCase(
    'wopgen generate, upstream corpus (one-row change to interop-map.json)',
    generate(edited, 'upstream-edited', false),
  ),
  before: editOneRow,
};
const nodeAlone = newCase('node starting and exiting alone (the floor of a fresh process)', [
  '-e',
  '0',
]);
const peer = newCase('openapi-typescript alone, upstream openapi.yaml', [
  otsBin,
  join(upstream, 'api/v2/openapi.yaml'),
  '-o',
  out('ots.ts'),
]);
const v8Defaults = newCase(
  'upstream cold, V8 default JIT settings (WOPGEN_V8_DEFAULTS=1)',
  generate(upstream, 'upstream-v8', true),
  { WOPGEN_V8_DEFAULTS: '1' },
);
const fromSource = newCase(
  'upstream cold, from the TypeScript sources (WOPGEN_FROM_SOURCE=1)',
  generate(upstream, 'upstream-src', true),
  { WOPGEN_FROM_SOURCE: '1' },
);
// BENCH_BEFORE=<another checkout>/bin/wopgen.js: the same three upstream cases with that build
// too, in the same rounds, for a before/after table from one run. Its artifact cache is its own
// (keyed by its generator's fingerprint); its one-row case edits the same copy of the corpus.
const beforeBin = process.env['BENCH_BEFORE'] ? resolve(process.env['BENCH_BEFORE']) : null;
const before = beforeBin
  ? [
      newCase('before: upstream corpus (cold)', generate(upstream, 'b-upstream', true, beforeBin)),
      newCase(
        'before: upstream corpus (warm, no change)',
        generate(upstream, 'b-upstream', false, beforeBin),
      ),
      {
        ...newCase(
          'before: upstream corpus (one-row change to interop-map.json)',
          generate(edited, 'b-upstream-edited', false, beforeBin),
        ),
        before: editOneRow,
      },
    ]
  : [];
const cases = [bundled, cold, warm, oneRow, ...before, peer, nodeAlone, v8Defaults, fromSource];
// `generate --watch` on its own copy: from the one-row edit to the regeneration's outcome line
// (the watcher's 15 ms debounce included), in the process that made the generation before.
const watchCase = newCase(
  'wopgen generate --watch, upstream corpus (one-row change, edit to regenerated)',
  [],
);
const allCases = [...cases.slice(0, 4), watchCase, ...cases.slice(4)];

// The one-row cases start from a generation of their copy, made (and cached) unmeasured.
time(generate(edited, 'upstream-edited', true), {});
if (beforeBin) time(generate(edited, 'b-upstream-edited', true, beforeBin), {});
const watcher = await startWatch(watched, 'upstream-watched');
// The machine is shared: the load around the run says how far its wall times stretched.
const loadBefore = loadavg();
try {
  for (let i = 0; i < runs; i++)
    for (const c of cases) {
      c.before?.();
      c.all.push(time(c.args, c.env ?? {}));
      c.cpu.push(lastCpu);
      if (c === oneRow) {
        const w = await watcher.editAndWait();
        watchCase.all.push(w.ms);
        watchCase.cpu.push(w.cpu);
      }
    }
} finally {
  watcher.stop();
}
rmSync(work, { recursive: true, force: true });

const ms = (c: Case) => median(c.all);
const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
console.log(
  `wopgen generation benchmark — ${runs} rounds, median wall time of a fresh process (node ${process.version})`,
);
console.log(
  `load average (1, 5, 15 min) at the start ${loads(loadBefore)}, at the end ${loads(loadavg())}`,
);
console.log('');
console.log('| case | median ms | median CPU s | runs (ms) |');
console.log('| --- | ---: | ---: | --- |');
for (const c of allCases)
  console.log(
    `| ${c.label} | ${ms(c).toFixed(0)} | ${median(c.cpu).toFixed(2)} | ${c.all.map((x) => x.toFixed(0)).join(', ')} |`,
  );
console.log('');
console.log(
  `upstream cold / openapi-typescript alone: ${(ms(cold) / ms(peer)).toFixed(2)}× (target ≤ 1.0×)`,
);
console.log(
  `upstream cold / openapi-typescript alone in CPU time: ${(median(cold.cpu) / median(peer.cpu)).toFixed(2)}×`,
);
console.log(
  `upstream cold / openapi-typescript alone, median of the rounds' own ratios: ${pairedRatio(cold, peer).toFixed(2)}× wall, ${pairedRatio(cold, peer, 'cpu').toFixed(2)}× CPU`,
);
console.log(`upstream warm / cold: ${((ms(warm) / ms(cold)) * 100).toFixed(1)}% (target ≤ 10%)`);
console.log(
  `upstream one-row change: ${ms(oneRow).toFixed(0)} ms (target ≤ 300 ms: ${(ms(oneRow) / 300).toFixed(2)}× the target), of which node's own start ${ms(nodeAlone).toFixed(0)} ms; CPU ${median(oneRow.cpu).toFixed(2)} s`,
);
console.log(
  `upstream warm (no change), the fixed cost of a fresh wopgen process: ${ms(warm).toFixed(0)} ms, ${(ms(warm) / ms(nodeAlone)).toFixed(2)}× node's own start`,
);
console.log(
  `upstream one-row change under --watch, edit to regenerated: ${ms(watchCase).toFixed(0)} ms`,
);
console.log(`bundled cold: ${ms(bundled).toFixed(0)} ms`);
if (before.length > 0) {
  const [bCold, bWarm, bOneRow] = before as [Case, Case, Case];
  console.log(
    `before (${beforeBin}): upstream cold / openapi-typescript alone ${(ms(bCold) / ms(peer)).toFixed(2)}×, warm ${ms(bWarm).toFixed(0)} ms, one-row change ${ms(bOneRow).toFixed(0)} ms`,
  );
  const ratio = (a: Case, b: Case) =>
    `${pairedRatio(a, b).toFixed(2)}× wall, ${pairedRatio(a, b, 'cpu').toFixed(2)}× CPU`;
  console.log(
    `after / before, median of the rounds' own ratios: cold ${ratio(cold, bCold)}; warm ${ratio(warm, bWarm)}; one-row change ${ratio(oneRow, bOneRow)}`,
  );
}
console.log(
  `not in the ratios: upstream cold / openapi-typescript alone with V8's default JIT settings ${(ms(v8Defaults) / ms(peer)).toFixed(2)}×, from the sources ${(ms(fromSource) / ms(peer)).toFixed(2)}×`,
);

/**
 * A `generate --watch --format json` process on `spec`, once its first generation is done.
 * `editAndWait` makes a one-row edit and resolves with the time to the next outcome line and the
 * CPU seconds the process spent meanwhile (from /proc; NaN elsewhere).
 */
async function startWatch(spec: string, dir: string) {
  const child = spawn(
    process.execPath,
    [bin, 'generate', '--watch', '--format', 'json', '--spec', spec, '--out', out(dir)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  stopWatch = () => void child.kill('SIGINT');
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (l) => waiting.shift()?.(l));
  const nextLine = () =>
    new Promise<string>((resolveLine, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`--watch gave no outcome:\n${stderr}`)),
        120_000,
      );
      waiting.push((l) => {
        clearTimeout(timer);
        resolveLine(l);
      });
    });
  const cpuOf = () => {
    try {
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(f[11]) + Number(f[12])) / 100;
    } catch {
      return Number.NaN;
    }
  };
  const first = JSON.parse(await nextLine()) as { status: string };
  if (first.status !== 'generated' && first.status !== 'up-to-date')
    fail(`--watch started with ${first.status}:\n${stderr}`);
  return {
    async editAndWait() {
      // Past the watcher's debounce of any earlier event.
      await new Promise((r) => setTimeout(r, 500));
      const line = nextLine();
      const cpu = cpuOf();
      const start = performance.now();
      editOneRow(spec);
      const o = JSON.parse(await line) as { status: string };
      const ms = performance.now() - start;
      if (o.status !== 'generated') fail(`--watch regenerated with ${o.status}:\n${stderr}`);
      return { ms, cpu: cpuOf() - cpu };
    },
    stop: stopWatch,
  };
}
