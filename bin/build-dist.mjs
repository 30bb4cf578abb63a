#!/usr/bin/env node
// The published build: generator/, runtime/ and the generated/ package they import, compiled by
// tsc (tsconfig.build.json: JavaScript + .d.ts, relative `.ts` imports rewritten to `.js`) into
// dist/, mirroring the source layout so relative paths between them stay valid. Files that are not
// TypeScript and are read or loaded next to the code (the reference workflow pack, the generator's
// worker threads, the standalone validators) are copied beside it. `npm pack` and `npm publish`
// run it (`prepack`); so does `npm ci` in a checkout (`prepare`). Run directly to (re)build.
//
// dist/package.json: the code finds its package's package.json one folder up from its own folder
// (runtime/version.ts, generator/version.ts); in dist/ that folder is dist/, so the build writes
// a small one there (name, version, "type": "module", dependencies) instead of the code learning two layouts.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist');
const COPIED_FROM = ['generator', 'runtime', 'generated'];
/** Files of the generated package that describe it as its own package, not code it runs. */
const NOT_COPIED = new Set(['package.json', 'README.md']);

function files(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) found.push(...files(p));
    else found.push(p);
  }
  return found;
}

function isCompiled(path) {
  return path.endsWith('.ts') && !path.endsWith('.d.ts');
}

rmSync(out, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const run = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
if (run.status !== 0) {
  process.stderr.write('wopgen: build-dist: tsc failed\n');
  process.exit(1);
}
for (const dir of COPIED_FROM) {
  for (const file of files(join(root, dir))) {
    const rel = relative(root, file);
    if (
      isCompiled(file) ||
      (dir === 'generated' && NOT_COPIED.has(relative(join(root, dir), file)))
    )
      continue;
    mkdirSync(dirname(join(out, rel)), { recursive: true });
    copyFileSync(file, join(out, rel));
  }
}
// The sources import the generated package by its name (`@wopgen/generated/<entry>`, resolved by
// tsconfig `paths` in a checkout); tsc keeps such specifiers as written, and an installed wopgen
// has no package of that name, so they become relative paths to the compiled copy in dist/generated/.
const GENERATED_SPECIFIER = /(['"])@wopgen\/generated(\/[^'"]+)?\1/g;
for (const file of files(out)) {
  if (!file.endsWith('.js') && !file.endsWith('.d.ts')) continue;
  const text = readFileSync(file, 'utf8');
  if (!text.includes('@wopgen/generated')) continue;
  const rewritten = text.replace(GENERATED_SPECIFIER, (_all, quote, entry) => {
    const target = join(out, 'generated', `${entry ? entry.slice(1) : 'index'}.js`);
    let rel = relative(dirname(file), target).split('\\').join('/');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return `${quote}${rel}${quote}`;
  });
  writeFileSync(file, rewritten);
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
writeFileSync(
  join(out, 'package.json'),
  // `dependencies` too: the generator gives the generated package wopgen's own ranges (version.ts).
  `${JSON.stringify({ name: `${pkg.name}-dist`, version: pkg.version, private: true, type: 'module', dependencies: pkg.dependencies }, null, 2)}\n`,
);
process.stdout.write(`wopgen: built ${relative(process.cwd(), out) || '.'}\n`);
