// A skipped test says why and how to run it: every conditional skip in the suite goes through
// test/helpers/requires.ts (describeIf / itIf), whose titles carry the reason and the way to enable
// the tests, and `npm test` ends with a summary of what it skipped (test/helpers/skip-summary.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES, skipReason, UPSTREAM_SPEC, type Requirement } from '../helpers/requires.ts';
import { skipSummary } from '../helpers/skip-summary.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : testFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

describe('skipped tests say why and how to run them', () => {
  it('no test file skips on its own: only through requires.ts', () => {
    const own = /\b(describe|it|test|suite)\.(skip|skipIf|runIf)\b/;
    const offenders = testFiles(join(projectRoot, 'test'))
      .filter((f) => !f.endsWith(join('helpers', 'requires.ts')))
      .filter((f) => own.test(readFileSync(f, 'utf8')))
      .map((f) => relative(projectRoot, f));
    expect(offenders).toEqual([]);
  });

  it('words a skip with the missing thing and the way to enable it', () => {
    expect(skipReason(POSTGRES)).toBe(
      'skipped: WOPGEN_TEST_POSTGRES is not set; to run them: source .ci/postgres (starts a throwaway server and sets it)',
    );
    expect(skipReason(UPSTREAM_SPEC)).toBe(
      'skipped: WOPGEN_UPSTREAM_SPEC is not set; to run them: WOPGEN_UPSTREAM_SPEC=<a clone of the upstream openwop repository>',
    );
  });

  it('sums up after the run what this machine lacked, and nothing it has', () => {
    const has: Requirement = { what: 'a', available: true, missing: 'x', enable: 'y' };
    const lacks: Requirement = {
      what: 'a widget',
      available: false,
      missing: 'W is not set',
      enable: 'W=1',
    };
    expect(skipSummary([has, lacks])).toBe(
      'tests needing a widget were skipped: W is not set; to run them: W=1\n',
    );
    expect(skipSummary([has])).toBe('');
  });
});
