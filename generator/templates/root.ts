// Where templates/ is: beside the sources in a checkout, at the package root when installed (the
// compiled dist/ is one level deeper), inside the bundled generator's own build folder.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
