// Derived errors folded under their cause: one missing folder or unresolved `$ref`
// makes later stages report many problems that vanish once it is fixed. The text output shows
// the cause first with a count of what follows from it; `--format json` keeps every diagnostic
// with its `derivedFrom` link.
import { refKey, type DiagnosticRef } from './diagnostic.ts';

export interface Cascade<D> {
  cause: D;
  /** Everything that follows from `cause`, directly or through another derived diagnostic. */
  derived: D[];
}

/**
 * Groups diagnostics under their root cause, keeping the given order within each group: causes
 * with followers first (fixing them fixes the most), then the rest. A link to a diagnostic that
 * is not in the list (or a loop of links) leaves the diagnostic a cause of its own.
 */
export function foldDerived<D extends DiagnosticRef & { derivedFrom?: DiagnosticRef }>(
  diagnostics: readonly D[],
): Cascade<D>[] {
  const byRef = new Map<string, D>();
  for (const d of diagnostics) if (!byRef.has(refKey(d))) byRef.set(refKey(d), d);
  const rootOf = (d: D): D => {
    const seen = new Set<D>([d]);
    let cur = d;
    while (cur.derivedFrom) {
      const next = byRef.get(refKey(cur.derivedFrom));
      if (!next || seen.has(next)) break;
      seen.add(next);
      cur = next;
    }
    return cur;
  };
  const groups = new Map<D, D[]>();
  for (const d of diagnostics) {
    const root = rootOf(d);
    if (!groups.has(root)) groups.set(root, []);
    if (root !== d) groups.get(root)!.push(d);
  }
  const all = [...groups]
    .map(([cause, derived]) => ({ cause, derived }))
    .sort((a, b) => diagnostics.indexOf(a.cause) - diagnostics.indexOf(b.cause));
  return [...all.filter((c) => c.derived.length > 0), ...all.filter((c) => c.derived.length === 0)];
}
