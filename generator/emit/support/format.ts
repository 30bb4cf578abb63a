// Formatting: prettier with the project's pinned options, once per file at the end of a run.
// A file's code is formatted without its header (which carries the input digest every edit
// changes) and the header goes in front afterwards, so the formatted code is cached under the
// digest of the code alone and a warm regeneration formats only files whose code changed (issue
// 13 §3). prettier's standalone build loads, with only the plugins a parser needs, and only when
// a file needs formatting: its full Node entry would also load every other language's plugin.
import type { Options, Plugin } from 'prettier';
import type { ArtifactCache } from '../../cache/store.ts';
import type { EmittedFile } from '../source-file.ts';

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

export async function prettierFormat(body: string, parser: Parser): Promise<string> {
  const [{ format }, ...plugins] = await Promise.all([
    import('prettier/standalone'),
    ...PLUGINS[parser](),
  ]);
  return format(body, { ...OPTIONS, parser, plugins });
}

export async function formatFiles(
  files: EmittedFile[],
  cache?: ArtifactCache,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const format = async (f: EmittedFile): Promise<string> => {
    const parser = f.parser;
    if (parser === 'printed') return f.body;
    const run = () => prettierFormat(f.body, parser);
    return cache ? cache.through(`prettier:${parser}`, f.body, run) : run();
  };
  const formatted = await Promise.all(
    files.map(async (f) => [f.path, (f.header ?? '') + (await format(f))] as const),
  );
  for (const [path, text] of formatted.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    out.set(path, text);
  return out;
}
