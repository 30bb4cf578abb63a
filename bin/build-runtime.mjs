#!/usr/bin/env node
// The reference host's compiled build: `runtime/` transpiled file by file to JavaScript with the
// TypeScript compiler (a production dependency; relative `.ts` imports are rewritten to `.js`),
// other files copied, so `wopgen serve` runs on plain Node with production dependencies only
// (`npm ci --omit=dev`: no tsx, no esbuild). It mirrors the package layout (runtime/,
// package.json) so files read next to the code (the workflow pack) stay valid. The runtime
// imports the generated package by name (`@wopgen/generated/...`, DESIGN.md §3); the build holds
// that package as it ships (package.json and its compiled dist/) in runtime/node_modules/, where
// Node resolves those imports through its `exports`. The build lives in node_modules/.cache/wopgen/
// runtime-<key>/, or under the system temp folder when node_modules is not writable; the key is
// a digest of the sources, this script and the compiler version, so a stale build is never used.
// `npm ci` builds it (`prepare`); bin/wopgen.js builds it on first use. Run directly
// (`node bin/build-runtime.mjs`) to (re)build and print its directory.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['runtime', 'generated'];
const require = createRequire(import.meta.url);

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else out.push(p);
  }
  return out;
}

function sourceFiles() {
  return SOURCES.flatMap((d) => (existsSync(join(root, d)) ? files(join(root, d)) : []));
}

/** Digest of everything a build is made from. */
export function runtimeKey() {
  const hash = createHash('sha256');
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  for (const p of [...sourceFiles(), join(root, 'package.json')]) {
    hash.update(`\0${relative(root, p)}\0`).update(readFileSync(p));
  }
  hash.update(`\0typescript ${require('typescript/package.json').version}`);
  return hash.digest('hex').slice(0, 20);
}

/** Where builds go, in order of preference. */
function cacheDirs() {
  return [join(root, 'node_modules', '.cache', 'wopgen'), join(tmpdir(), 'wopgen-cache')];
}

/** The directory of the current build, or null when it has not been built. */
export function currentRuntimeBuild(key = runtimeKey()) {
  for (const dir of cacheDirs()) {
    const d = join(dir, `runtime-${key}`);
    if (existsSync(join(d, 'done'))) {
      // A build in use stays young, so another checkout's prune (by age) leaves it alone.
      try {
        const now = new Date();
        utimesSync(d, now, now);
      } catch {
        // A read-only cache is pruned only by a writer, which refreshes what it uses.
      }
      return d;
    }
  }
  return null;
}

function transpile(ts, source, file) {
  const { outputText, diagnostics } = ts.transpileModule(source, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      verbatimModuleSyntax: true,
      rewriteRelativeImportExtensions: true,
      sourceMap: false,
    },
  });
  if (diagnostics && diagnostics.length > 0) {
    const text = ts.flattenDiagnosticMessageText(diagnostics[0].messageText, '\n');
    throw new Error(`${relative(root, file)}: ${text}`);
  }
  return outputText;
}

/** Where the compiled runtime finds the generated package. */
const GENERATED_IN_BUILD = join('runtime', 'node_modules', '@wopgen', 'generated');

function buildInto(staging, key) {
  const ts = require('typescript');
  const generated = join(root, 'generated');
  if (existsSync(generated)) {
    const to = join(staging, GENERATED_IN_BUILD);
    mkdirSync(to, { recursive: true });
    copyFileSync(join(generated, 'package.json'), join(to, 'package.json'));
    cpSync(join(generated, 'dist'), join(to, 'dist'), { recursive: true });
  }
  for (const file of sourceFiles()) {
    const rel = relative(root, file);
    if (rel.startsWith(`generated${sep}`)) continue;
    mkdirSync(dirname(join(staging, rel)), { recursive: true });
    if (file.endsWith('.d.ts')) continue;
    if (file.endsWith('.ts')) {
      const js = transpile(ts, readFileSync(file, 'utf8'), file);
      writeFileSync(join(staging, rel.replace(/\.ts$/, '.js')), js);
    } else if (!existsSync(join(staging, rel))) {
      copyFileSync(file, join(staging, rel));
    }
  }
  // runtime/version.ts reads the package's package.json; `"type": "module"` makes the .js ESM.
  copyFileSync(join(root, 'package.json'), join(staging, 'package.json'));
  writeFileSync(join(staging, 'done'), `${key}\n`);
}

/** Builds into a fresh directory and swaps it in; concurrent builders of one key agree. */
export function buildRuntime(key = runtimeKey()) {
  let lastError;
  for (const dir of cacheDirs()) {
    const final = join(dir, `runtime-${key}`);
    const staging = `${final}.staging-${process.pid}`;
    try {
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      // Outside node_modules, bare imports (pino, better-sqlite3) resolve through a link to it.
      if (!final.startsWith(join(root, 'node_modules')))
        symlinkSync(join(root, 'node_modules'), join(staging, 'node_modules'), 'junction');
      buildInto(staging, key);
      try {
        renameSync(staging, final);
      } catch (err) {
        // Another process finished the same build first: keep theirs.
        if (!existsSync(join(final, 'done'))) throw err;
        rmSync(staging, { recursive: true, force: true });
      }
      prune(dir, final);
      return final;
    } catch (err) {
      rmSync(staging, { recursive: true, force: true });
      lastError = err;
      // A source that does not compile fails the same way anywhere: do not try the next place.
      if (!['EACCES', 'EPERM', 'EROFS', 'ENOENT'].includes(err?.code)) throw err;
    }
  }
  throw lastError;
}

/** Old builds are removed once they are this old (a running process may still be loading one). */
const STALE_BUILD_MS = 10 * 60 * 1000;

function prune(dir, keep) {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (!name.startsWith('runtime-') || p === keep) continue;
    try {
      if (now - statSync(p).mtimeMs > STALE_BUILD_MS) rmSync(p, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

/** The current build's directory, building it first when needed; null when it cannot be built. */
export function ensureRuntimeBuild() {
  try {
    const key = runtimeKey();
    return currentRuntimeBuild(key) ?? buildRuntime(key);
  } catch (err) {
    process.stderr.write(
      `wopgen: could not build the host runtime (${err instanceof Error ? err.message : String(err)})\n`,
    );
    return null;
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  try {
    const key = runtimeKey();
    const dir = currentRuntimeBuild(key) ?? buildRuntime(key);
    process.stdout.write(`wopgen: host runtime build at ${dir}\n`);
  } catch (err) {
    // Never fail an install over it: `wopgen serve` retries, and reports why if it still cannot.
    process.stderr.write(
      `wopgen: could not build the host runtime (${err instanceof Error ? err.message : String(err)})\n`,
    );
    process.exitCode = process.argv.includes('--strict') ? 1 : 0;
  }
}
