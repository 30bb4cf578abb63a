// The generated package's dist/: ES modules and declaration files, so plain Node and a consumer's
// `tsc` under `nodenext` import the package without a TypeScript loader. Nothing is compiled: the
// code builder printed each module's JavaScript and declarations beside its source
// (code/module.ts), a module of types only is declared by its own formatted source, and ajv's
// standalone JavaScript goes as it is with the declarations beside it.
import type { EmittedFile } from '../source-file.ts';
import type { OutputText } from './output-text.ts';

/** A module of types only has no JavaScript beyond being a module (tsc writes the same). */
const NO_VALUES = 'export {};\n';

/**
 * dist/ for every source of `sources` (formatted, by path) that `emitted` gives a dist/ text for,
 * and every hand-written .js and .d.ts. Each output carries its source's header.
 */
export function distOf(
  emitted: readonly EmittedFile[],
  sources: ReadonlyMap<string, OutputText>,
): Map<string, OutputText> {
  const out = new Map<string, OutputText>();
  const byPath = new Map(emitted.map((f) => [f.path, f]));
  for (const [path, text] of sources) {
    if (path.endsWith('.js') || path.endsWith('.d.ts')) {
      out.set(`dist/${path}`, text);
      continue;
    }
    if (!path.endsWith('.ts')) continue;
    const dist = byPath.get(path)?.dist;
    if (!dist)
      throw new Error(`${path}: the emitter gave no JavaScript and declarations for dist/`);
    const { js, dts } = distPathsOf(path);
    const header = text.header;
    if (dist === 'types') {
      out.set(js, { header, body: NO_VALUES });
      out.set(dts, { header, body: typesOnlyDeclarations(text.body) });
    } else {
      out.set(js, { header, body: dist.js });
      out.set(dts, { header, body: dist.dts });
    }
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The declarations of a module of types only: its source. A .d.ts exports every name it declares
 * unless it says otherwise, so a name the source keeps to itself stays so with `export {};`.
 */
function typesOnlyDeclarations(body: string): string {
  return /^(type|interface) /m.test(body) ? `${body}\n${NO_VALUES}` : body;
}

/** The dist/ paths a source file is published as. */
export function distPathsOf(path: string): { js: string; dts: string } {
  const base = path.replace(/\.(ts|js)$/, '');
  return { js: `dist/${base}.js`, dts: `dist/${base}.d.ts` };
}
