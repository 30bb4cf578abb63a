// Compiles the generated package's TypeScript sources into dist/ (ES modules and declaration
// files) with the TypeScript compiler API, in memory: what plain Node and a consumer's `tsc`
// import (issue 8 §3). Plain JavaScript because it runs in the worker thread (see worker.ts).
// The output is a function of the sources and the compiler version only (no paths, no times), so
// the committed dist/ is as deterministic as the sources. A type error here is a generator bug:
// the emitters produced code that does not compile.
import ts from 'typescript';

/** A virtual root: nothing under it is read from or written to the disk. */
const ROOT = '/wopgen-package/';

const OPTIONS = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ES2022,
  // Sources import siblings as `./x.js` (what Node resolves in dist/); bundler resolution maps
  // them to `./x.ts` here without reading any package.json.
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts'],
  types: [],
  strict: true,
  declaration: true,
  skipLibCheck: true,
  newLine: ts.NewLineKind.LineFeed,
  rootDir: ROOT,
  outDir: `${ROOT}dist/`,
};

/**
 * @param {Array<[string, string]>} files every output file (path relative to the package, text)
 * @returns {Array<[string, string]>} dist/ files, sorted by path
 */
export function compilePackage(files) {
  const sources = new Map(files.map(([path, text]) => [ROOT + path, text]));
  const host = ts.createCompilerHost(OPTIONS, true);
  const disk = {
    fileExists: host.fileExists.bind(host),
    readFile: host.readFile.bind(host),
    getSourceFile: host.getSourceFile.bind(host),
    directoryExists: host.directoryExists?.bind(host),
  };
  const inRoot = (f) => f.startsWith(ROOT);
  host.getCurrentDirectory = () => ROOT;
  host.fileExists = (f) => (inRoot(f) ? sources.has(f) : disk.fileExists(f));
  host.readFile = (f) => (inRoot(f) ? sources.get(f) : disk.readFile(f));
  host.directoryExists = (d) =>
    inRoot(`${d}/`) || ROOT.startsWith(`${d}/`) ? true : (disk.directoryExists?.(d) ?? true);
  host.getSourceFile = (f, language, onError) => {
    if (!inRoot(f)) return disk.getSourceFile(f, language, onError);
    const text = sources.get(f);
    return text === undefined ? undefined : ts.createSourceFile(f, text, language, true);
  };
  const out = new Map();
  // TypeScript drops a file's leading comment block from what it emits: each output gets its
  // source's header back (DESIGN.md §4: every generated file starts with one).
  host.writeFile = (f, text) => {
    const rel = f.slice(ROOT.length);
    const source = sources.get(
      `${ROOT}${rel.slice('dist/'.length).replace(/\.(d\.ts|js)$/, '.ts')}`,
    );
    const header = source ? headerOf(source) : '';
    out.set(rel, header && !text.startsWith(header) ? header + text : text);
  };

  const roots = [...sources.keys()].filter((f) => f.endsWith('.ts')).sort();
  const program = ts.createProgram(roots, OPTIONS, host);
  // Syntax and declaration-emit errors only: a full check of every body would triple the time,
  // and the generated package is type-checked where it is used (the project's tsc, the
  // package-import test with library checking on).
  const syntax = program.getSyntacticDiagnostics();
  if (syntax.length > 0) throw new Error(describe(syntax));
  const emitted = program.emit();
  if (emitted.emitSkipped || emitted.diagnostics.length > 0)
    throw new Error(describe(emitted.diagnostics));
  // Hand-written JavaScript (ajv's standalone validators) and its declarations go as they are.
  for (const [path, text] of files) {
    if (path.endsWith('.js') || path.endsWith('.d.ts')) out.set(`dist/${path}`, text);
  }
  return [...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function describe(diagnostics) {
  const lines = diagnostics.slice(0, 10).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return text;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${d.file.fileName.slice(ROOT.length)}:${line + 1}:${character + 1}: ${text}`;
  });
  return `the generated package does not compile:\n${lines.join('\n')}`;
}

/** The `//` lines a source starts with (its generated-file header), with their newlines. */
function headerOf(text) {
  const lines = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(`${line}\n`);
  }
  return lines.join('');
}
