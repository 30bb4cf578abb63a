#!/usr/bin/env node
// The generator's bundled build: `generator/` and the libraries it runs, bundled by esbuild into
// node_modules/.cache/wopgen/build-<key>/, so a `wopgen generate` loads a few prebuilt files
// instead of transforming TypeScript through tsx and resolving thousands of library modules (and
// lexing typescript.js for its CommonJS exports) on every run. The key is a digest of the
// generator's sources, this script and the installed dependency tree: any change to one of them
// names a new build, so a stale build is never used. `npm ci` builds it (`prepare`); when it is
// missing, bin/wopgen.js builds it on first use, and falls back to the TypeScript sources when it
// cannot be built. Run directly (`npm run build:generator`) to (re)build and print its directory.
//
// Layout of a build: cli.mjs and its chunks (ESM, split so that the warm "up to date" path loads
// only the command line), and the two worker threads as one CommonJS file each. The TypeScript
// compiler stays external in the openapi-typescript worker: it is one CommonJS file that
// `require` loads as is, so the build only saves the ESM loader's export lexing of it.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = join(root, 'node_modules', '.cache', 'wopgen');
/** The package root as seen from a build directory (generator/version.ts reads it). */
const ROOT_FROM_BUILD = '../../../../';
/** Old builds are removed once they are this old (a running process may still be loading one). */
const STALE_BUILD_MS = 10 * 60 * 1000;

/** Digest of everything a build is made from. */
export function buildKey() {
  const hash = createHash('sha256');
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else hash.update(`\0${p.slice(root.length)}\0`).update(readFileSync(p));
    }
  };
  walk(join(root, 'generator'));
  // Templates and schemas (wire schemas a spec may lack) are copied in; package.json is compiled in.
  walk(join(root, 'templates'));
  walk(join(root, 'schemas'));
  hash.update('\0package.json\0').update(readFileSync(join(root, 'package.json')));
  // npm's record of the installed tree; it changes whenever node_modules does.
  for (const f of ['node_modules/.package-lock.json', 'package-lock.json']) {
    const p = join(root, f);
    if (existsSync(p)) {
      hash.update(`\0${f}\0`).update(readFileSync(p));
      break;
    }
  }
  hash.update(`\0node ${process.versions.modules}`);
  return hash.digest('hex').slice(0, 20);
}

/** The directory of the current build, or null when it has not been built. */
export function currentBuild(key = buildKey()) {
  const dir = join(cacheDir, `build-${key}`);
  if (!existsSync(join(dir, 'done'))) return null;
  // A build in use stays young: another checkout sharing this cache prunes by age
  // (pruneOldBuilds), and once removed a build under a running bench or test fails to load.
  try {
    const now = new Date();
    utimesSync(dir, now, now);
  } catch {
    // Read-only cache: it is only pruned by a writer, which refreshes what it uses.
  }
  return dir;
}

function loadEsbuild() {
  const require = createRequire(import.meta.url);
  try {
    return require('esbuild');
  } catch {
    // esbuild comes with tsx; resolve it from there when npm did not hoist it.
    return createRequire(require.resolve('tsx'))('esbuild');
  }
}

/**
 * jsonc-parser's `main` is a UMD build whose factory `require`s its own modules by computed
 * paths, which a bundler cannot follow; its `module` build is the same code as ES modules.
 */
const umdToEsm = {
  name: 'wopgen-umd-to-esm',
  setup(build) {
    build.onResolve({ filter: /^jsonc-parser$/ }, async (args) => {
      if (args.pluginData === 'wopgen-inner') return undefined;
      const r = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'wopgen-inner',
      });
      if (r.errors.length > 0) return r;
      const esm = r.path.replace(/lib[\\/]umd[\\/]main\.js$/, join('lib', 'esm', 'main.js'));
      return { path: existsSync(esm) ? esm : r.path };
    });
  },
};

/**
 * The AsyncAPI worker's schema compiles done here instead of on every parse: spectral's compile
 * step looks the AsyncAPI document schemas up in standalone code made at build time
 * (generator/workers/asyncapi-precompile.mjs says why answers stay the same). A spectral whose
 * compile line is not the one patched fails the build: bin/wopgen.js then runs the sources.
 */
async function asyncApiPrecompiled() {
  const aot = await import('../generator/workers/asyncapi-precompile.mjs');
  const resolveDir = dirname(aot.SPECTRAL_AJV);
  return {
    name: 'wopgen-asyncapi-precompiled',
    setup(build) {
      build.onResolve({ filter: /^wopgen:asyncapi-(precompiled|lookup)$/ }, (args) => ({
        path: args.path,
        namespace: 'wopgen',
      }));
      build.onLoad({ filter: /.*/, namespace: 'wopgen' }, (args) => ({
        contents:
          args.path === 'wopgen:asyncapi-lookup' ? aot.lookupSource() : aot.precompiledSource(),
        loader: 'js',
        resolveDir,
      }));
      build.onLoad({ filter: /spectral-functions[\\/]dist[\\/]schema[\\/]ajv\.js$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (args.path !== aot.SPECTRAL_AJV) return undefined;
        if (text.split(aot.COMPILE_LINE).length !== 2)
          throw new Error(`${args.path}: the compile step to patch is not there`);
        return { contents: text.replace(aot.COMPILE_LINE, aot.PATCHED_LINE), loader: 'js' };
      });
    },
  };
}

/** Builds into a fresh directory and swaps it in; concurrent builders of one key agree. */
export async function build(key = buildKey()) {
  const esbuild = loadEsbuild();
  const final = join(cacheDir, `build-${key}`);
  const staging = `${final}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const common = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    outdir: staging,
    logLevel: 'silent',
    legalComments: 'none',
    plugins: [umdToEsm],
  };
  try {
    await Promise.all([
      esbuild.build({
        ...common,
        entryPoints: { cli: join(root, 'generator/cli.ts') },
        format: 'esm',
        splitting: true,
        chunkNames: '[name]-[hash]',
        outExtension: { '.js': '.mjs' },
        // CommonJS modules inside an ES module bundle `require` node's built-ins through this.
        banner: {
          js: "import { createRequire as __wopgenRequire } from 'node:module'; const require = __wopgenRequire(import.meta.url);",
        },
        define: {
          WOPGEN_BUNDLE_ROOT: JSON.stringify(ROOT_FROM_BUILD),
          // What the build is made from, so that generator/version.ts never reads it from the
          // package root seen from the build: through a symlinked node_modules (a worktree) that
          // root is another checkout, whose sources would make a stale fingerprint.
          WOPGEN_BUILD_KEY: JSON.stringify(key),
          WOPGEN_PACKAGE_JSON: JSON.stringify(readFileSync(join(root, 'package.json'), 'utf8')),
          WOPGEN_WORKER_EXT: JSON.stringify('.cjs'),
          // The main thread loads prettier's CommonJS build through the same code-cache loader.
          WOPGEN_CODE_CACHE: JSON.stringify('./code-cache.cjs'),
        },
      }),
      esbuild.build({
        ...common,
        entryPoints: {
          'openapi-worker.bundle': join(root, 'generator/workers/openapi-worker.mjs'),
          'asyncapi-worker.bundle': join(root, 'generator/workers/asyncapi-worker.mjs'),
        },
        format: 'cjs',
        outExtension: { '.js': '.cjs' },
        external: ['typescript'],
        // A worker reads and compiles its whole bundle on every start (the precompiled AsyncAPI
        // validators alone are megabytes): without the indentation it is about a third smaller.
        minifyWhitespace: true,
        plugins: [umdToEsm, await asyncApiPrecompiled()],
      }),
    ]);
    // templates/render.ts and load/builtin-schemas.ts find templates/ and schemas/ beside the build.
    cpSync(join(root, 'templates'), join(staging, 'templates'), { recursive: true });
    cpSync(join(root, 'schemas'), join(staging, 'schemas'), { recursive: true });
    writeFileSync(join(staging, 'code-cache.cjs'), CODE_CACHE_LOADER);
    writeFileSync(
      join(staging, 'openapi-worker.cjs'),
      workerEntry('openapi-worker.bundle.cjs', ['typescript']),
    );
    writeFileSync(join(staging, 'asyncapi-worker.cjs'), workerEntry('asyncapi-worker.bundle.cjs'));
    // `done` marks a complete build: a reader never sees a half-written directory.
    writeFileSync(join(staging, 'done'), `${key}\n`);
    try {
      renameSync(staging, final);
    } catch (err) {
      // Another process finished the same build first: keep theirs.
      if (!existsSync(join(final, 'done'))) throw err;
      rmSync(staging, { recursive: true, force: true });
    }
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  pruneOldBuilds(final);
  return final;
}

/**
 * A worker's entry: loads the bundle (and first the external CommonJS libraries it requires) with
 * V8 code caches kept in the build directory, so a run after the first skips most of the parsing
 * and compiling of their megabytes of JavaScript. The cache only ever holds compiled code of
 * these files, never anything derived from a spec.
 */
function workerEntry(bundle, preload = []) {
  return [
    `'use strict';`,
    `// Generated by bin/build-generator.mjs.`,
    `const { loadCached } = require('./code-cache.cjs');`,
    ...preload.map((lib) => `loadCached(require.resolve(${JSON.stringify(lib)}));`),
    `loadCached(require('node:path').join(__dirname, ${JSON.stringify(bundle)}));`,
    '',
  ].join('\n');
}

// Node 20 has no module.enableCompileCache (Node 22): this is the same idea for the few large
// CommonJS files a worker loads. A cache V8 rejects (another V8 or flags) is rewritten.
// A cache holds the functions compiled by the time it was written, so it also records which kinds
// of request the worker had answered by then (a `.kinds` file beside it): a worker that answers a
// kind the cache has not seen rewrites it. Otherwise the TypeScript worker's cache, written by a
// first run that printed the OpenAPI types, would never hold the per-file compile's functions,
// and every regeneration after an edit would compile them again.
const CODE_CACHE_LOADER = `'use strict';
// Generated by bin/build-generator.mjs: CommonJS loading with V8 code caches beside this file.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const v8 = require('node:v8');
const Module = require('node:module');
const { isAscii } = require('node:buffer');
const { createHash } = require('node:crypto');
const { parentPort, threadId } = require('node:worker_threads');

/** Each loaded script, its cache file and the request kinds its cache already covers. */
const loaded = [];
/** The kinds of request this worker has answered. */
const answered = new Set();

const readKinds = (cacheFile) => {
  try {
    return new Set(fs.readFileSync(\`\${cacheFile}.kinds\`, 'utf8').split('\\n').filter(Boolean));
  } catch {
    return new Set();
  }
};

exports.loadCached = function loadCached(file) {
  const done = Module._cache[file];
  if (done) return done.exports;
  const stat = fs.statSync(file);
  // The path's digest too: the main thread and a worker load different files of one name.
  const name = \`\${path.basename(file).replace(/[^A-Za-z0-9.-]/g, '_')}-\${createHash('sha256').update(file).digest('hex').slice(0, 8)}\`;
  // V8 accepts a cache only from the same V8, flags and CPU features: keep one per such tag.
  const cacheFile = path.join(
    __dirname,
    \`v8-\${name}-\${stat.size}-\${Math.trunc(stat.mtimeMs)}-\${v8.cachedDataVersionTag()}.cache\`,
  );
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // As node's own loader does, a #! line is not JavaScript. The large files loaded here are ASCII
  // (typescript.js, esbuild's output): decoded as latin1 they give the same string for about a
  // third of the CPU of a UTF-8 decode of their megabytes.
  const bytes = fs.readFileSync(file);
  const text = isAscii(bytes) ? bytes.latin1Slice(0, bytes.length) : bytes.toString('utf8');
  const source = text.replace(/^#!/, '//');
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const m = new Module(file, module);
  m.filename = file;
  m.paths = Module._nodeModulePaths(path.dirname(file));
  Module._cache[file] = m;
  try {
    script
      .runInThisContext()
      .call(m.exports, m.exports, Module.createRequire(file), m, file, path.dirname(file));
  } catch (err) {
    delete Module._cache[file];
    throw err;
  }
  m.loaded = true;
  const usable = cachedData && !script.cachedDataRejected;
  loaded.push({ script, cacheFile, kinds: usable ? readKinds(cacheFile) : null });
  return m.exports;
};

// Written when the worker answers a kind of request its caches have not seen: by then the code
// it ran has been compiled, and the pipeline may end the worker any time after that answer.
function writeCaches() {
  for (const entry of loaded) {
    if (entry.kinds && [...answered].every((k) => entry.kinds.has(k))) continue;
    const kinds = new Set([...(entry.kinds ?? []), ...answered]);
    const tmp = \`\${entry.cacheFile}.\${process.pid}-\${threadId}\`;
    try {
      fs.writeFileSync(tmp, entry.script.createCachedData());
      fs.writeFileSync(\`\${tmp}.kinds\`, [...kinds].sort().join('\\n') + '\\n');
      // The cache first: a reader in between pairs the new cache with fewer kinds (and only
      // writes it again), never an old cache with kinds it does not hold.
      fs.renameSync(tmp, entry.cacheFile);
      fs.renameSync(\`\${tmp}.kinds\`, \`\${entry.cacheFile}.kinds\`);
      entry.kinds = kinds;
    } catch {
      fs.rmSync(tmp, { force: true });
      fs.rmSync(\`\${tmp}.kinds\`, { force: true });
    }
  }
}
/** The main thread's way to the same: after it ran code of \`kinds\` in what it loaded. */
exports.saveCaches = function saveCaches(kinds) {
  for (const k of kinds) answered.add(k);
  writeCaches();
};
if (parentPort) {
  // Registered before the worker's own handler: the kind of the request being answered.
  let kind = 'run';
  parentPort.on('message', (request) => {
    kind = typeof request?.kind === 'string' ? request.kind : 'run';
  });
  const post = parentPort.postMessage.bind(parentPort);
  parentPort.postMessage = (message, transfer) => {
    answered.add(kind);
    writeCaches();
    return post(message, transfer);
  };
}
`;

function pruneOldBuilds(keep) {
  const now = Date.now();
  for (const name of readdirSync(cacheDir)) {
    const p = join(cacheDir, name);
    if (!name.startsWith('build-') || p === keep) continue;
    try {
      if (now - statSync(p).mtimeMs > STALE_BUILD_MS) rmSync(p, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

/** The current build's directory, building it first when needed; null when it cannot be built. */
export async function ensureBuild() {
  try {
    const key = buildKey();
    return currentBuild(key) ?? (await build(key));
  } catch {
    return null;
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const key = buildKey();
  try {
    const dir = currentBuild(key) ?? (await build(key));
    process.stdout.write(`wopgen: generator build at ${dir}\n`);
  } catch (err) {
    // Never fail an install over it: bin/wopgen.js falls back to the TypeScript sources.
    process.stderr.write(
      `wopgen: could not build the bundled generator (${err instanceof Error ? err.message : String(err)}); the TypeScript sources will be used\n`,
    );
    process.exitCode = process.argv.includes('--strict') ? 1 : 0;
  }
}
