// Formatting: prettier with the project's pinned options, once per file at the end of a run.
import * as prettier from 'prettier';
import type { EmittedFile } from '../source-file.ts';

const OPTIONS: prettier.Options = {
  printWidth: 100,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
};

export async function formatFiles(files: EmittedFile[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const formatted = await Promise.all(
    files.map(
      async (f) =>
        [
          f.path,
          f.parser === 'printed'
            ? f.body
            : await prettier.format(f.body, { ...OPTIONS, parser: f.parser }),
        ] as const,
    ),
  );
  for (const [path, text] of formatted.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    out.set(path, text);
  return out;
}
