#!/usr/bin/env node
// The modules wopgen writes as they are into every generated package (templates/package/*.ts,
// type-checked with the project's own code) with their JavaScript and declarations for the
// package's dist/, compiled once here and committed under templates/package/dist/: a generation
// copies them and never loads the TypeScript compiler. test/generator/fixed-modules.test.ts fails
// when a module changed and this was not run again (`npm run build:templates`).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const dir = fileURLToPath(new URL('../templates/package/', import.meta.url));
export const distDir = join(dir, 'dist');

/** The compiler options dist/ is made for (test/generator/dist-declarations.test.ts compares with them too). */
export const COMPILER_OPTIONS = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ES2022,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  // The clients sit on fetch: its types (AbortSignal, Response, URL, timers) are the DOM lib's.
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  types: [],
  strict: true,
  declaration: true,
  skipLibCheck: true,
  newLine: ts.NewLineKind.LineFeed,
};

/** The fixed modules: templates/package/*.ts and one folder down (client/a2a-core.ts). */
function templateModules() {
  const names = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts')) names.push(entry.name);
    else if (entry.isDirectory() && entry.name !== 'dist')
      for (const n of readdirSync(join(dir, entry.name)))
        if (n.endsWith('.ts')) names.push(`${entry.name}/${n}`);
  }
  return names.sort();
}

/** Per module of templates/package: its .js and .d.ts (path under dist/ → text). */
export function compileTemplates() {
  const out = new Map();
  for (const name of templateModules()) {
    const text = readFileSync(join(dir, name), 'utf8');
    const base = name.replace(/\.ts$/, '');
    const options = { compilerOptions: COMPILER_OPTIONS, fileName: name, reportDiagnostics: true };
    const js = ts.transpileModule(text, options);
    const dts = ts.transpileDeclaration(text, options);
    const problems = [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])];
    if (problems.length > 0)
      throw new Error(
        `${name}: ${problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`,
      );
    out.set(`${base}.js`, js.outputText);
    out.set(`${base}.d.ts`, dts.outputText);
  }
  return out;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  for (const [name, text] of compileTemplates()) {
    mkdirSync(dirname(join(distDir, name)), { recursive: true });
    writeFileSync(join(distDir, name), text);
  }
  process.stdout.write(`wopgen: compiled templates/package/*.ts into ${distDir}\n`);
}
