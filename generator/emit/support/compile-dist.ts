// The generated package's dist/: its sources compiled to ES modules and declaration files in the
// TypeScript worker (../../workers/compile-package.mjs), so plain Node and a consumer's `tsc` under `nodenext`
// import the package without a TypeScript loader (issue 8 §3).
import { GeneratorBug } from '../../diagnostics/diagnostic.ts';
import type { OpenApiPrinter } from '../../workers/workers.ts';

/** Compiles every `.ts` of `files` (and copies its `.js` with their declarations) under dist/. */
export async function compileDist(
  files: ReadonlyMap<string, string>,
  worker: OpenApiPrinter,
): Promise<Map<string, string>> {
  const sources = [...files].filter(([path]) => /\.(ts|js)$/.test(path));
  const answer = await worker.run({ kind: 'compile', files: sources });
  if (!answer.ok) throw new GeneratorBug('compile', answer.message);
  if (!isFileList(answer.value)) throw new GeneratorBug('compile', 'the worker sent no file list');
  return new Map(answer.value);
}

function isFileList(value: unknown): value is [string, string][] {
  return (
    Array.isArray(value) &&
    value.every((e) => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string')
  );
}

/** The dist/ paths a source file compiles to. */
export function distPathsOf(path: string): { js: string; dts: string } {
  const base = path.replace(/\.(ts|js)$/, '');
  return { js: `dist/${base}.js`, dts: `dist/${base}.d.ts` };
}
