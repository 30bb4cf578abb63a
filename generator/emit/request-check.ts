// The fixed module every package's request validators run (validators/request-check.ts), written
// as it is: its source is templates/package/request-check.ts, a TypeScript file the project
// type-checks like its own code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { templatesRoot } from '../templates/root.ts';

let source: string | undefined;

/** The text of templates/package/request-check.ts. */
export function requestCheckSource(): string {
  source ??= readFileSync(join(templatesRoot(), 'package', 'request-check.ts'), 'utf8');
  return source;
}
