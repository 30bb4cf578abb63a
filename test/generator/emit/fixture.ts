// Test helper for the emitter tests: the IR of the bundled spec/ built through the real loader and
// model (a fresh copy per call, so a test may edit it), and the emitted code run as a module.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { DiagnosticSink } from '../../../generator/diagnostics/diagnostic.ts';
import type { EmittedFile } from '../../../generator/emit/source-file.ts';
import { detectLayout } from '../../../generator/load/layout.ts';
import { SourceSet } from '../../../generator/load/source-set.ts';
import { buildModel } from '../../../generator/model/build.ts';
import type { SpecModel } from '../../../generator/model/ir.ts';
import { projectRoot } from '../../helpers/spec-fixture.ts';

let built: SpecModel | undefined;

/** The model of spec/, as the pipeline builds it; throws if the bundled spec has an error. */
export function bundledModel(): SpecModel {
  if (!built) {
    const set = new SourceSet(detectLayout(join(projectRoot, 'spec'))!);
    const sink = new DiagnosticSink(() => undefined);
    const model = buildModel(set, sink);
    if (!model || sink.errorCount > 0)
      throw new Error(`spec/ does not build: ${JSON.stringify(sink.sorted())}`);
    built = model;
  }
  return structuredClone(built);
}

/** A module's import lines, as emitted. */
export function importLines(file: EmittedFile): string[] {
  return file.body.split('\n').filter((l) => /^import\s/.test(l));
}

/**
 * Runs an emitted module and returns its exports. Type-only imports vanish in the transpile; a
 * module with value imports of its own package cannot run alone, and that is a test failure.
 */
export function runEmitted(file: EmittedFile): Record<string, unknown> {
  const js = ts.transpileModule(file.body, {
    fileName: file.path,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const real = createRequire(join(projectRoot, 'package.json'));
  const requireOf = (id: string): unknown => {
    if (id.startsWith('.')) throw new Error(`${file.path} imports ${id} at run time`);
    return real(id);
  };
  const exports: Record<string, unknown> = {};
  const url = pathToFileURL(join(projectRoot, 'generated', file.path)).href;
  // `import.meta.url` has no meaning in a function body: the module is placed where it is
  // written. Every `require(…)` call (the transpiled imports, ajv's runtime helpers) goes through
  // `requireOf`, apart from a `require` the module declares itself.
  const body = js
    .replaceAll('import.meta.url', 'importMetaUrl')
    .replace(/\brequire\(/g, 'requireOf(');
  new Function('exports', 'requireOf', 'importMetaUrl', body)(exports, requireOf, url);
  return exports;
}
