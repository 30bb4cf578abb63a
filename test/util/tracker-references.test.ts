// Code comments and test titles say what a rule is, not which tracker item asked for it: a reader
// of the code has the code, the spec and DESIGN.md, not the tracker. This scans every source file
// of the project (not README.md or docs/, whose history sections date their figures).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../generator/write.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';

const FOLDERS = ['runtime', 'generator', 'bin', 'templates', 'test', 'bench', 'examples', '.ci'];
const SOURCE = /\.(ts|mts|mjs|js|hbs|sh)$|^\.ci\/[^.]+$/;
// The word "issue" or "issues" and a number (with or without `#`): a tracker number.
const TRACKER = /\bissues? #?\d+/i;

/** Every `file:line: text` of the project's sources that names a tracker number. */
export function trackerReferences(root: string): string[] {
  const out: string[] = [];
  for (const folder of FOLDERS)
    for (const f of listFiles(`${root}/${folder}`)) {
      const path = `${folder}/${f}`;
      if (!SOURCE.test(path) || path.includes('node_modules/') || path.includes('/dist/')) continue;
      readFileSync(`${root}/${path}`, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (TRACKER.test(line)) out.push(`${path}:${i + 1}: ${line.trim()}`);
        });
    }
  return out;
}

describe('tracker references', () => {
  it('finds one where a line names a tracker number', () => {
    // Written in parts so this file does not name one itself.
    expect(TRACKER.test(`// the nesting bound (${'issue'} 10, break 6)`)).toBe(true);
    expect(TRACKER.test(`${'Issues'} #4 and 5`)).toBe(true);
    expect(TRACKER.test('// see interop.md §Isolation and DESIGN.md §5')).toBe(false);
  });

  it('no source file names one', () => {
    expect(trackerReferences(projectRoot)).toEqual([]);
  });
});
