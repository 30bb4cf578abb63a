// A README's fenced code blocks marked `<!-- name -->`, for the tests that run them as printed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './spec-fixture.ts';

/** The body of the code block following `<!-- marker -->` in `file` (the root README by default). */
export function readmeBlock(marker: string, file = 'README.md'): string {
  return blockOf(readFileSync(join(projectRoot, file), 'utf8'), marker, file);
}

/** The body of the code block following `<!-- marker -->` in a README's text. */
export function blockOf(readme: string, marker: string, file = 'the README'): string {
  const m = new RegExp(`<!-- ${marker} -->\\n+\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!m) throw new Error(`${file} has no ${marker} block`);
  return m[1]!;
}
