// The wire schemas wopgen carries itself (its schemas/ folder: A2A 1.0, MCP 2026-07-28). A spec
// that holds no wire schema of a pinned protocol revision (the upstream repository holds none) is
// typed and validated with wopgen's copy; an input like any other (its digest in the manifest),
// named `wopgen:schemas/<file>` so the output does not depend on where wopgen is installed.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** How a built-in schema is named in diagnostics, headers and the manifest. */
export const BUILTIN_PREFIX = 'wopgen:schemas/';

/** wopgen's schemas/ folder (checkout, installed package, bundled build), or undefined. */
export function builtinSchemasDir(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'schemas');
    if (existsSync(join(candidate, 'a2a-1.0.schema.json'))) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}
