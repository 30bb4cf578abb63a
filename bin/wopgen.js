#!/usr/bin/env node
// Entry point of the `wopgen` command. `generate` and `check` run the generator's bundled build
// (bin/build-generator.mjs: built by `npm ci`, or here on first use) and fall back to the
// TypeScript sources through tsx's loader when it cannot be built or WOPGEN_FROM_SOURCE=1 is set;
// `serve` (the reference host) and `keys` run its own compiled build (see host() below). Neither
// loads the other.
// An installed package (npm pack / publish) ships neither the sources nor those build scripts: it
// runs dist/ (bin/build-dist.mjs, built by `prepack`).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

const argv = process.argv.slice(2);

// A generation is a few seconds of code that mostly runs once (library start-up, one schema
// compile, one print) on three threads. V8's optimizing tier compiles hot functions on
// background threads; on a small machine those compete with the three for the cores and cost more
// than the optimized code gives back (~20% of the wall time on 2 cores). A 60x larger interrupt
// budget keeps it for functions that stay hot a long time (a much larger spec still gets
// optimized loops). It changes which code is optimized, never what it computes.
// WOPGEN_V8_DEFAULTS=1 keeps V8's defaults; `serve` is a long-running process and keeps them.
const GENERATE_V8_FLAGS = '--interrupt-budget=4000000';
if (argv[0] !== 'serve' && process.env.WOPGEN_V8_DEFAULTS !== '1')
  setFlagsFromString(GENERATE_V8_FLAGS);

/** dist/ is used only where the TypeScript sources are absent: in a checkout it may be stale. */
const installed =
  !existsSync(new URL('../generator/cli.ts', import.meta.url)) &&
  existsSync(new URL('../dist/generator/cli.js', import.meta.url));

async function fromSource(path) {
  const { register } = await import('tsx/esm/api');
  // The package's own tsconfig.json, whatever the working directory: its `paths` resolve the
  // runtime's `@wopgen/generated/...` imports to generated/.
  register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
  return import(path);
}

async function generator() {
  if (installed) return import('../dist/generator/cli.js');
  if (process.env.WOPGEN_FROM_SOURCE !== '1') {
    const { ensureBuild } = await import('./build-generator.mjs');
    const dir = await ensureBuild();
    if (dir) return import(pathToFileURL(join(dir, 'cli.mjs')).href);
  }
  return fromSource('../generator/cli.ts');
}

// `serve` and `keys` (the API keys of a host's store) run the host's compiled build
// (bin/build-runtime.mjs: production dependencies only); the TypeScript sources through tsx (a
// devDependency) only when it cannot be built or WOPGEN_FROM_SOURCE=1 is set, i.e. in development.
// Each is runtime/<command>.ts exporting a function of that name.
const RUNTIME_COMMANDS = ['serve', 'keys'];

async function host(command) {
  const main = (m) => (a) => m[command](a.slice(1), { from: 'build' });
  if (installed) return { main: main(await import(`../dist/runtime/${command}.js`)) };
  if (process.env.WOPGEN_FROM_SOURCE !== '1') {
    const { ensureRuntimeBuild } = await import('./build-runtime.mjs');
    const dir = ensureRuntimeBuild();
    if (dir)
      return {
        main: main(await import(pathToFileURL(join(dir, 'runtime', `${command}.js`)).href)),
      };
  }
  let m;
  try {
    m = await fromSource(`../runtime/${command}.ts`);
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes("'tsx")) throw err;
    process.stderr.write(
      `wopgen ${command}: the compiled host could not be built, and the sources need tsx (a devDependency)\n`,
    );
    process.exit(1);
  }
  return { main: (a) => m[command](a.slice(1), { from: 'source' }) };
}

// `wopgen help serve|keys` is their --help.
if (argv[0] === 'help' && RUNTIME_COMMANDS.includes(argv[1])) argv.splice(0, 2, argv[1], '--help');
const { main } = RUNTIME_COMMANDS.includes(argv[0]) ? await host(argv[0]) : await generator();
process.exit(await main(argv));
