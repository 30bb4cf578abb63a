// The generated package's dist/: its sources compiled to ES modules and declaration files in the
// TypeScript worker (../../workers/compile-package.mjs), so plain Node and a consumer's `tsc` under `nodenext`
// import the package without a TypeScript loader (issue 8 §3).
//
// Each file compiles on its own (transpileModule + transpileDeclaration), so its output depends on
// its own text only: it is cached under the digest of that text without its header (the header
// carries the input digest, which every edit changes), and the header goes back on each output.
// A warm regeneration compiles only the files whose code changed (issue 13 §3).
import type { ArtifactCache } from '../../cache/store.ts';
import { GeneratorBug } from '../../diagnostics/diagnostic.ts';
import type { OpenApiPrinter } from '../../workers/workers.ts';
import type { OutputText } from './output-text.ts';
import { DIGEST_PLACEHOLDER, maskDigest, unmaskDigest } from './digest-mask.ts';

/**
 * Compiles every `.ts` of `files` (and copies its `.js` with their declarations) under dist/.
 * Each file comes as its header and its code (output-text.ts): the header goes on each output.
 */
export async function compileDist(
  files: ReadonlyMap<string, OutputText>,
  worker: OpenApiPrinter,
  cache?: ArtifactCache,
  /** The input digest: where a file's code carries it, it is compiled masked (digest-mask.ts). */
  digest?: string,
): Promise<Map<string, OutputText>> {
  const out = new Map<string, OutputText>();
  const headers = new Map<string, string>();
  const todo: [string, string][] = [];
  /** Files compiled with the digest masked: their outputs get it back. */
  const masked = new Set<string>();
  const unmasked = (path: string, c: Compiled): Compiled | null => {
    if (!masked.has(path) || digest === undefined) return c;
    const js = unmaskDigest(c.js, digest);
    const dts = c.dts.includes(DIGEST_PLACEHOLDER) ? unmaskDigest(c.dts, digest) : c.dts;
    return js === null || dts === null ? null : { js, dts };
  };
  for (const [path, text] of files) {
    // Hand-written JavaScript (ajv's standalone validators) and its declarations go as they are.
    if (path.endsWith('.js') || path.endsWith('.d.ts')) {
      out.set(`dist/${path}`, text);
      continue;
    }
    if (!path.endsWith('.ts')) continue;
    const { header, code: own } = splitParts(text);
    headers.set(path, header);
    const mask = maskDigest(own, digest);
    if (mask !== null) masked.add(path);
    const code = mask ?? own;
    const hit = cache?.get(stepOf(path), code);
    const cached = hit === undefined ? null : unmasked(path, JSON.parse(hit) as Compiled);
    if (cached) put(out, path, header, cached);
    else todo.push([path, code]);
  }
  if (todo.length > 0) {
    const answer = await worker.run({ kind: 'transpile', files: todo });
    if (!answer.ok) throw new GeneratorBug('compile', answer.message);
    if (!isCompiledList(answer.value))
      throw new GeneratorBug('compile', 'the worker sent no file list');
    const code = new Map(todo);
    for (const [path, js, dts] of answer.value) {
      const compiled = { js, dts };
      cache?.set(stepOf(path), code.get(path) ?? '', JSON.stringify(compiled));
      const back = unmasked(path, compiled);
      if (!back)
        throw new GeneratorBug('compile', `${path}: its input digest did not survive compiling`);
      put(out, path, headers.get(path) ?? '', back);
    }
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

interface Compiled {
  js: string;
  dts: string;
}

/**
 * The output depends on the file name (module kind, diagnostics) as well as the text: the name is
 * part of the step, so the input is the code itself, the very string a regeneration meets again.
 */
function stepOf(path: string): string {
  return `typescript-transpile:${path}`;
}

function put(out: Map<string, OutputText>, path: string, header: string, c: Compiled): void {
  const { js, dts } = distPathsOf(path);
  // DESIGN.md §4: every generated file starts with its header, compiled ones too.
  out.set(js, { header, body: c.js });
  out.set(dts, { header, body: c.dts });
}

/**
 * The header (its leading `//` lines) and the code of a source given as parts: as `splitHeader`
 * of the joined text, without joining them when the formatter's header is exactly that.
 */
function splitParts(t: OutputText): { header: string; code: string } {
  const whole = t.header === '' || t.header.endsWith('\n');
  if (whole && splitHeader(t.header).header === t.header && !t.body.startsWith('//'))
    return { header: t.header, code: t.body };
  return splitHeader(t.header + t.body);
}

/** A source's generated-file header (its leading `//` lines) and the code after it. */
export function splitHeader(text: string): { header: string; code: string } {
  let at = 0;
  while (text.startsWith('//', at)) {
    const end = text.indexOf('\n', at);
    if (end < 0) return { header: text, code: '' };
    at = end + 1;
  }
  return { header: text.slice(0, at), code: text.slice(at) };
}

function isCompiledList(value: unknown): value is [string, string, string][] {
  return (
    Array.isArray(value) &&
    value.every(
      (e) =>
        Array.isArray(e) &&
        typeof e[0] === 'string' &&
        typeof e[1] === 'string' &&
        typeof e[2] === 'string',
    )
  );
}

/** The dist/ paths a source file compiles to. */
export function distPathsOf(path: string): { js: string; dts: string } {
  const base = path.replace(/\.(ts|js)$/, '');
  return { js: `dist/${base}.js`, dts: `dist/${base}.d.ts` };
}
