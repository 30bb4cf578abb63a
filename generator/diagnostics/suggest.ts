// "Did you mean": the closest of the names a reference could have meant, by edit distance
// (Levenshtein), offered only when it is close enough to be a typo rather than another name.

/** Edits (insert, delete, substitute one character) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The candidate nearest to `word`, or undefined when none is within a third of its length (at
 * least 2 edits): ties go to the first in sorted order, so the suggestion is deterministic.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(word.length / 3));
  let best: { name: string; d: number } | undefined;
  for (const name of [...new Set(candidates)].sort()) {
    if (name === word) continue;
    const d = editDistance(word, name);
    if (d <= limit && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/** `; did you mean "x"?`, or '' when nothing is close. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const near = closest(word, candidates);
  return near === undefined ? '' : `; did you mean "${near}"?`;
}

/**
 * For a name typed on the command line (a command, a flag, a config key): the one candidate it
 * begins (`gen` → `generate`), else the nearest as above. `; did you mean "x"?`, or ''.
 */
export function didYouMeanName(word: string, candidates: readonly string[]): string {
  const started =
    word.length >= 2 ? candidates.filter((c) => c !== word && c.startsWith(word)) : [];
  const near = started.length === 1 ? started[0] : closest(word, candidates);
  return near === undefined ? '' : `; did you mean "${near}"?`;
}
