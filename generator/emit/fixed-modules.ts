// The fixed modules of every package (validators/request-check.ts, the clients' cores), written
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

const fixed = new Map<string, Fixed>();

/** A fixed module of templates/package (`client/support`) and its dist/ texts. */
export function fixedModule(name: string): Fixed {
  let module = fixed.get(name);
  if (module) return module;
  const dir = join(templatesRoot(), 'package');
  const read = (rel: string) => readFileSync(join(dir, rel), 'utf8');
  module = {
    source: read(`${name}.ts`),
    dist: { js: read(`dist/${name}.js`), dts: read(`dist/${name}.d.ts`) },
  };
  fixed.set(name, module);
  return module;
}

/** templates/package/request-check.ts and its dist/ texts. */
export function requestCheckModule(): Fixed {
  return fixedModule('request-check');
}
