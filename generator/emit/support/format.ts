// Formatting: prettier with the project's pinned options, once per file at the end of a run.
// A file's code is formatted without its header (which carries the input digest every edit
// changes) and the header goes in front afterwards, so the formatted code is cached under the
// digest of the code alone and a warm regeneration formats only files whose code changed.
// prettier's standalone build loads, with only the plugins a parser needs, and only when
// a file needs formatting: its full Node entry would also load every other language's plugin.
import { maskDigest, unmaskDigest } from './digest-mask.ts';
import { createRequire } from 'node:module';
import type { Options, Plugin } from 'prettier';
import type { ArtifactCache } from '../../cache/store.ts';
import type { EmittedFile } from '../source-file.ts';
import { joined, type OutputText } from './output-text.ts';

const OPTIONS: Options = {
  printWidth: 100,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
};

type Parser = Exclude<EmittedFile['parser'], 'printed'>;

/** The plugins each parser needs (estree prints what both parse); a module is a plugin. */
const plugin = (m: Promise<unknown>) => m as Promise<Plugin>;
const PLUGINS: Record<Parser, () => Promise<Plugin>[]> = {
  typescript: () => [
    plugin(import('prettier/plugins/typescript')),
    plugin(import('prettier/plugins/estree')),
  ],
  babel: () => [
    plugin(import('prettier/plugins/babel')),
    plugin(import('prettier/plugins/estree')),
  ],
  json: () => [plugin(import('prettier/plugins/babel')), plugin(import('prettier/plugins/estree'))],
};

/** The plugin files (`prettier/plugins/<name>`) each parser needs, for the bundled build. */
const PLUGIN_FILES: Record<Parser, string[]> = {
  typescript: ['typescript', 'estree'],
  babel: ['babel', 'estree'],
  json: ['babel', 'estree'],
};

type Prettier = { format: typeof import('prettier/standalone').format; plugins: Plugin[] };

async function loadPrettier(parser: Parser): Promise<Prettier> {
  const cached = codeCache();
  if (cached) {
    // The CommonJS builds of the same modules, through the V8 code cache: about 2 MB of
    // JavaScript that an ES module import would parse and compile again on every run.
    const load = (id: string) => cached.loader.loadCached(cached.require.resolve(id));
    const { format } = load('prettier/standalone') as typeof import('prettier/standalone');
    return {
      format,
      plugins: PLUGIN_FILES[parser].map((n) => load(`prettier/plugins/${n}`) as Plugin),
    };
  }
  const [{ format }, ...plugins] = await Promise.all([
    import('prettier/standalone'),
    ...PLUGINS[parser](),
  ]);
  return { format, plugins };
}

export async function prettierFormat(body: string, parser: Parser): Promise<string> {
  const { format, plugins } = await loadPrettier(parser);
  return format(body, { ...OPTIONS, parser, plugins });
}

/**
 * The bundled build's loader of CommonJS files with V8 code caches (bin/build-generator.mjs,
 * beside the bundle), or null when running from the sources.
 */
declare const WOPGEN_CODE_CACHE: string | undefined;
interface CodeCacheLoader {
  loadCached(file: string): unknown;
  /** Writes the caches of what was loaded, when they do not yet hold the code `kinds` ran. */
  saveCaches(kinds: string[]): void;
}
let loaderOf: { loader: CodeCacheLoader; require: NodeJS.Require } | null | undefined;
function codeCache() {
  if (loaderOf === undefined) {
    if (typeof WOPGEN_CODE_CACHE !== 'string') loaderOf = null;
    else {
      const require = createRequire(import.meta.url);
      loaderOf = { loader: require(WOPGEN_CODE_CACHE) as CodeCacheLoader, require };
    }
  }
  return loaderOf;
}

export async function formatFiles(
  files: EmittedFile[],
  cache?: ArtifactCache,
): Promise<Map<string, string>> {
  const parts = await formatParts(files, cache);
  return new Map([...parts].map(([path, t]) => [path, joined(t)]));
}

/** `formatFiles`, each text as its header and the formatted rest (output-text.ts). */
export async function formatParts(
  files: EmittedFile[],
  cache?: ArtifactCache,
): Promise<Map<string, OutputText>> {
  const out = new Map<string, OutputText>();
  /** The parsers prettier ran with (the others were served by the cache). */
  const ran = new Set<Parser>();
  const format = async (f: EmittedFile): Promise<string> => {
    const parser = f.parser;
    if (parser === 'printed') return f.body;
    const formatted = async (body: string) => {
      const run = () => {
        ran.add(parser);
        return prettierFormat(body, parser);
      };
      return cache ? cache.through(`prettier:${parser}`, body, run) : run();
    };
    // The body's own input digest is masked (support/digest-mask.ts; format-digest.test.ts holds
    // the two ways equal).
    const masked = maskDigest(f.body, f.digest);
    if (masked) {
      const text = unmaskDigest(await formatted(masked), f.digest!);
      if (text !== null) return text;
    }
    return formatted(f.body);
  };
  const formatted = await Promise.all(
    files.map(async (f) => [f.path, { header: f.header ?? '', body: await format(f) }] as const),
  );
  // Once prettier has formatted with a parser, its code cache holds the functions that took.
  if (ran.size > 0) codeCache()?.loader.saveCaches([...ran].map((p) => `prettier:${p}`));
  for (const [path, text] of formatted.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    out.set(path, text);
  return out;
}
