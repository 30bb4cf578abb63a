// The page cut of run-page-sql.ts (pickPage), against a model: runs spread over index ranges, some
// passing the filters no index decides. Following `next` from page to page yields every passing
// run once, newest first, none skipped, whatever the ranges, the page size and the examine bounds;
// and a page whose ranges have no undecided filter is full whenever more runs follow.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickPage, type KeyRow } from '../../runtime/adapters/store/run-page-sql.ts';
import type { RunPosition } from '../../runtime/ports/store/run-store.ts';

interface Run {
  key: number;
  rg: number;
  hit: boolean;
}

const at = (key: number) => `2026-01-01T00:00:${String(key).padStart(6, '0')}`;
const keyOf = (p: RunPosition) => Number(p.createdAt.slice(-6));

/** What phase 1 answers: each range's newest `examine` runs older than `before`, merged. */
function phaseOne(runs: Run[], examine: number[], before?: number): KeyRow[] {
  return examine
    .flatMap((n, rg) =>
      runs
        .filter((r) => r.rg === rg && (before === undefined || r.key < before))
        .sort((a, b) => b.key - a.key)
        .slice(0, n),
    )
    .sort((a, b) => b.key - a.key)
    .map((r) => ({ rg: r.rg, created_at: at(r.key), run_id: `r${r.key}`, hit: r.hit ? 1 : 0 }));
}

const world = fc
  .record({ ranges: fc.integer({ min: 1, max: 4 }), limit: fc.integer({ min: 1, max: 6 }) })
  .chain(({ ranges, limit }) =>
    fc.record({
      limit: fc.constant(limit),
      examine: fc.array(fc.integer({ min: limit + 1, max: limit + 8 }), {
        minLength: ranges,
        maxLength: ranges,
      }),
      runs: fc.uniqueArray(
        fc.record({
          key: fc.integer({ min: 0, max: 500 }),
          rg: fc.integer({ min: 0, max: ranges - 1 }),
          hit: fc.boolean(),
        }),
        { selector: (r) => r.key, maxLength: 60 },
      ),
    }),
  );

describe('pickPage', () => {
  it('chains pages to every passing run once, newest first', () => {
    fc.assert(
      fc.property(world, ({ limit, examine, runs }) => {
        const seen: string[] = [];
        let before: number | undefined;
        for (let pages = 0; ; pages++) {
          expect(pages).toBeLessThan(200);
          const page = pickPage(phaseOne(runs, examine, before), examine, limit);
          expect(page.ids.length).toBeLessThanOrEqual(limit);
          seen.push(...page.ids);
          if (!page.next) break;
          before = keyOf(page.next);
        }
        const want = runs
          .filter((r) => r.hit)
          .sort((a, b) => b.key - a.key)
          .map((r) => `r${r.key}`);
        expect(seen).toEqual(want);
      }),
    );
  });

  it('fills every page but the last when every candidate passes', () => {
    fc.assert(
      fc.property(world, ({ limit, examine, runs }) => {
        const all = runs.map((r) => ({ ...r, hit: true }));
        const exact = examine.map(() => limit + 1);
        const sizes: number[] = [];
        let before: number | undefined;
        for (;;) {
          const page = pickPage(phaseOne(all, exact, before), exact, limit);
          sizes.push(page.ids.length);
          if (!page.next) break;
          before = keyOf(page.next);
        }
        expect(sizes.slice(0, -1).every((n) => n === limit)).toBe(true);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(all.length);
      }),
    );
  });
});
