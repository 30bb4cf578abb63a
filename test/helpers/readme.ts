// The README's fenced code blocks marked `<!-- name -->`, for the tests that run them as printed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './spec-fixture.ts';

const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');

/** The body of the code block following `<!-- marker -->`. */
export function readmeBlock(marker: string): string {
  const m = new RegExp(`<!-- ${marker} -->\\n+\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!m) throw new Error(`README has no ${marker} block`);
  return m[1]!;
}
