// Tests that need something the machine may lack (a PostgreSQL server, the upstream spec copy,
// Chromium, tmpfs mounts) run only when it is there; when it is not, they are skipped under a
// title that says why and how to enable them, so a skip is never silent. Every conditional suite
// goes through `describeIf` / `itIf` (test/util/skips.test.ts holds the suite to it), and
// test/helpers/skip-summary.ts prints, after `npm test`, what was skipped and how to run it.
import { describe, it } from 'vitest';

export interface Requirement {
  /** What the tests need, as a reader names it ("a PostgreSQL server"). */
  what: string;
  /** Whether it is there. */
  available: boolean;
  /** Why it is not, e.g. "WOPGEN_TEST_POSTGRES is not set". */
  missing: string;
  /** How to enable the tests, e.g. "source .ci/postgres". */
  enable: string;
}

/** `skipped: <why>; to run them: <how>` — the one wording of every skip. */
export function skipReason(r: Requirement): string {
  return `skipped: ${r.missing}; to run them: ${r.enable}`;
}

export const POSTGRES: Requirement = {
  what: 'a PostgreSQL server',
  available: Boolean(process.env['WOPGEN_TEST_POSTGRES']),
  missing: 'WOPGEN_TEST_POSTGRES is not set',
  enable: 'source .ci/postgres (starts a throwaway server and sets it)',
};

export const UPSTREAM_SPEC: Requirement = {
  what: 'the upstream OpenWOP v2 spec',
  available: Boolean(process.env['WOPGEN_UPSTREAM_SPEC']),
  missing: 'WOPGEN_UPSTREAM_SPEC is not set',
  enable: 'WOPGEN_UPSTREAM_SPEC=<a clone of the upstream openwop repository>',
};

/** The requirements `npm test` may skip on, in the order the summary names them. */
export const REQUIREMENTS: readonly Requirement[] = [POSTGRES, UPSTREAM_SPEC];

/** `describe` when `r` is available; else one skipped test whose title says why and how to run it. */
export function describeIf(r: Requirement) {
  return (title: string, body: () => void): void => {
    if (r.available) describe(title, body);
    else describe(title, () => it.skip(skipReason(r), () => undefined));
  };
}

/** `it` when `r` is available; else the test, skipped, its title saying why and how to run it. */
export function itIf(r: Requirement) {
  return (title: string, body: () => unknown, timeout?: number): void => {
    if (r.available) it(title, body, timeout);
    else it.skip(`${title} (${skipReason(r)})`, () => undefined);
  };
}
