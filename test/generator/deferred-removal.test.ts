// `generate --watch` removes a write's staging folder (which then holds the replaced files) in the
// background, so the outcome line does not wait for the kernel to free them
// (generator/write/deferred.ts); a one-shot write removes it before returning. Either way the
// output folder ends up holding the package alone.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../generator/write.ts';
import { writeGeneration } from '../../generator/write/commit.ts';
import { DeferredRemovals } from '../../generator/write/deferred.ts';
import { planOutput, STAGING_PREFIX } from '../../generator/write/guard.ts';

const manifest = (files: string[]) =>
  JSON.stringify({
    generator: { name: 'wopgen' },
    outputs: files.map((file) => ({ file, sha256: '' })),
  }) + '\n';

function generation(text: string): Map<string, string> {
  return new Map([
    ['a/one.ts', `export const one = '${text}';\n`],
    ['two.ts', `export const two = '${text}';\n`],
    ['manifest.json', manifest(['a/one.ts', 'two.ts'])],
  ]);
}

describe('removing the staging folder of a write', () => {
  const root = mkdtempSync(join(tmpdir(), 'wopgen-deferred-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const staging = (dir: string) => readdirSync(dir).filter((n) => n.startsWith(STAGING_PREFIX));

  it('hands the staging folder, with the replaced files, to a deferred remover', async () => {
    const out = join(root, 'deferred');
    writeGeneration(planOutput(out, []), generation('first'));
    const removals = new DeferredRemovals();
    const handed: string[] = [];
    const report = writeGeneration(planOutput(out, []), generation('second'), {
      removeStaging: (path) => {
        handed.push(path);
        removals.remove(path);
      },
    });
    // The manifest lists the same files: unchanged, so not written again.
    expect(report.written).toEqual(['a/one.ts', 'two.ts']);
    expect(handed).toHaveLength(1);
    // The new files are in place before the folder holding the old ones is gone.
    expect(readFileSync(join(out, 'a/one.ts'), 'utf8')).toContain('second');
    expect(readFileSync(join(handed[0]!, 'old/a/one.ts'), 'utf8')).toContain('first');
    await removals.settled();
    expect(existsSync(handed[0]!)).toBe(false);
    expect(listFiles(out)).toEqual(['a/one.ts', 'manifest.json', 'two.ts']);
  });

  it('lets the next write plan once the removal has settled', async () => {
    const out = join(root, 'next');
    const removals = new DeferredRemovals();
    writeGeneration(planOutput(out, []), generation('first'));
    writeGeneration(planOutput(out, []), generation('second'), {
      removeStaging: (p) => removals.remove(p),
    });
    await removals.settled();
    expect(staging(out)).toEqual([]);
    writeGeneration(planOutput(out, []), generation('third'), {
      removeStaging: (p) => removals.remove(p),
    });
    await removals.settled();
    expect(readFileSync(join(out, 'two.ts'), 'utf8')).toContain('third');
    expect(staging(out)).toEqual([]);
  });

  it('removes it before returning when no remover is given', () => {
    const out = join(root, 'at-once');
    writeGeneration(planOutput(out, []), generation('first'));
    writeGeneration(planOutput(out, []), generation('second'));
    expect(staging(out)).toEqual([]);
    expect(listFiles(out)).toEqual(['a/one.ts', 'manifest.json', 'two.ts']);
  });
});
