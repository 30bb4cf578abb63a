// "Did you mean": the name a mistyped one could have meant, for the runtime's command lines
// (`wopgen serve`, `wopgen keys`). The same rule as the generator's command line
// (generator/diagnostics/suggest.ts didYouMeanName: a unique prefix, else Levenshtein distance at
// most a third of the word and at least 2, ties to the first in sorted order), written twice
// because the runtime and the generator import nothing of each other (their layering tests); the
// wording of a suggestion is one for both.

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row.push(
        Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)),
      );
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * `; did you mean "x"?` for a name typed on the command line: the one candidate it begins (`--ti`
 * → `--tenant`), else the nearest within the distance above; '' when none is close enough.
 */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const names = [...new Set(candidates)].sort();
  const started = word.length >= 2 ? names.filter((c) => c !== word && c.startsWith(word)) : [];
  if (started.length === 1) return `; did you mean "${started[0]}"?`;
  const limit = Math.max(2, Math.floor(word.length / 3));
  let best: { name: string; d: number } | undefined;
  for (const name of names) {
    if (name === word) continue;
    const d = editDistance(word, name);
    if (d <= limit && (!best || d < best.d)) best = { name, d };
  }
  return best === undefined ? '' : `; did you mean "${best.name}"?`;
}
