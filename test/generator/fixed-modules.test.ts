// The fixed modules every generated package holds (templates/package/*.ts) are written with the
// JavaScript and declarations compiled once beside them (templates/package/dist/, committed), so
// a generation never loads the TypeScript compiler. This fails when a module changed and
// `npm run build:templates` was not run again.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileTemplates, distDir } from '../../bin/build-templates.mjs';

describe('templates/package/dist/', () => {
  it('holds what tsc compiles templates/package/*.ts to, and nothing else', () => {
    const compiled = compileTemplates();
    expect([...compiled.keys()].sort()).toEqual(
      (readdirSync(distDir, { recursive: true }) as string[])
        .filter((n) => /\.(js|d\.ts)$/.test(n))
        .sort(),
    );
    expect(compiled.size).toBeGreaterThan(0);
    for (const [name, text] of compiled)
      expect(readFileSync(join(distDir, name), 'utf8'), name).toBe(text);
  });
});
