// No hand-written source file over 400 lines: a file that grows past
// it holds more than one job and should be split by job. Generated code is exempt.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LIMIT = 400;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('source file size', () => {
  it(`every hand-written file under runtime/, generator/ and bin/ is at most ${LIMIT} lines`, () => {
    const over = ['runtime', 'generator', 'bin']
      .flatMap(sources)
      .map((file) => ({
        file: relative(root, join(root, file)),
        lines: readFileSync(join(root, file), 'utf8').split('\n').length - 1,
      }))
      .filter((f) => f.lines > LIMIT);
    expect(over).toEqual([]);
  });
});
