// Where templates/ is: beside the sources in a checkout, at the package root when installed (the
// compiled dist/ is one level deeper), inside the bundled generator's own build folder.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders above this file a layout can put the package root at (a bundled build: 4). */
const MAX_DEPTH = 8;

/** The templates/ folder of this package, found from this file (source and bundled layouts). */
export function templatesRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'templates');
    try {
      readFileSync(join(candidate, 'README.md'));
      return candidate;
    } catch {
      dir = dirname(dir);
    }
  }
  throw new Error('wopgen: templates/ folder not found beside the package');
}

/**
 * The wopgen package's own root: the folder holding its package.json, spec/, schemas/ and
 * templates/ (a checkout, or an installed package). A bundled build's folder holds copies of
 * templates/ and schemas/ but no package.json or spec/, so it is walked past.
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < MAX_DEPTH; i++) {
    if (['package.json', 'spec', 'schemas', 'templates'].every((n) => existsSync(join(dir, n))))
      return dir;
    dir = dirname(dir);
  }
  throw new Error('wopgen: its package folder (package.json, spec/, templates/) was not found');
}

/** Whether this wopgen runs from a checkout (its TypeScript sources beside it) or an install. */
export function runsFromCheckout(): boolean {
  return existsSync(join(packageRoot(), 'generator', 'cli.ts'));
}
