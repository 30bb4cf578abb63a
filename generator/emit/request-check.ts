// The fixed module every package's request validators run (validators/request-check.ts), written
// as it is: its source is templates/package/request-check.ts, a TypeScript file the project
// type-checks like its own code, and its JavaScript and declarations for dist/ are compiled once,
// beside it (templates/package/dist/, `npm run build:templates`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { templatesRoot } from '../templates/root.ts';

interface Fixed {
  source: string;
  dist: { js: string; dts: string };
}

let fixed: Fixed | undefined;

/** templates/package/request-check.ts and its dist/ texts. */
export function requestCheckModule(): Fixed {
  if (fixed) return fixed;
  const dir = join(templatesRoot(), 'package');
  const read = (rel: string) => readFileSync(join(dir, rel), 'utf8');
  fixed = {
    source: read('request-check.ts'),
    dist: { js: read('dist/request-check.js'), dts: read('dist/request-check.d.ts') },
  };
  return fixed;
}
