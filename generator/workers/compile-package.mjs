// Compiles the generated package's TypeScript sources for dist/ (ES modules and declaration
// files) with the TypeScript compiler API, in memory: what plain Node and a consumer's `tsc`
// import (issue 8 §3). Plain JavaScript because it runs in the worker thread (see worker.ts).
//
// Each file compiles on its own: `transpileModule` for the JavaScript and `transpileDeclaration`
// for the declarations (the generated sources satisfy `isolatedDeclarations`: every export's type
// is written out). No program is built and nothing is bound or checked across files, which costs
// a fraction of a whole-program emit, and a file's output is a function of its own text and name
// alone, which is what lets the compile step cache it per file (support/compile-dist.ts). The
// output depends on no path or time, so the committed dist/ is as deterministic as the sources.
// A syntax error or an export whose declared type would need inference is a generator bug: the
// emitters produced code that does not compile on its own; the generated package is type-checked
// where it is used (the project's tsc, the package-import test with library checking on).
import ts from 'typescript';

/** A virtual root: nothing under it is read from or written to the disk. */
const ROOT = '/wopgen-package/';

const OPTIONS = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ES2022,
  // Sources import siblings as `./x.js` (what Node resolves in dist/).
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts'],
  types: [],
  strict: true,
  declaration: true,
  skipLibCheck: true,
  newLine: ts.NewLineKind.LineFeed,
};

/**
 * @param {Array<[string, string]>} files sources to compile (path relative to the package, text)
 * @returns {Array<[string, string, string]>} per source: path, JavaScript, declarations
 */
export function transpileFiles(files) {
  return files.map(([path, text]) => {
    const fileName = ROOT + path;
    const js = ts.transpileModule(text, {
      compilerOptions: OPTIONS,
      fileName,
      reportDiagnostics: true,
    });
    const dts = ts.transpileDeclaration(text, {
      compilerOptions: OPTIONS,
      fileName,
      reportDiagnostics: true,
    });
    const problems = [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])];
    if (problems.length > 0) throw new Error(describe(problems));
    return [path, js.outputText, dts.outputText];
  });
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
