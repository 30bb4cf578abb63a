// What a pure function gives for a large text, remembered by that text: `generate --watch` meets
// the same megabytes (a body that did not change, a document's JSON, a cache key's input) on every
// regeneration, and on this class of machine each fresh megabyte derived from them costs several
// milliseconds.

/**
 * `compute(text)` for a text seen in the last generations, or computed and remembered. Keyed by
 * the text's characters (a Map compares long strings by content, never by identity alone), so a
 * hit is what `compute` would return; only texts of at least MIN_CHARS are kept, up to
 * MAX_CHARS of them per memo (a small one costs less to recompute than to keep).
 */
export function textMemo<T>(compute: (text: string) => T): (text: string) => T {
  let kept = new Map<string, T>();
  let chars = 0;
  return (text) => {
    if (text.length < MIN_CHARS) return compute(text);
    const hit = kept.get(text);
    if (hit !== undefined) return hit;
    const value = compute(text);
    if (chars + text.length > MAX_CHARS) {
      kept = new Map();
      chars = 0;
    }
    kept.set(text, value);
    chars += text.length;
    return value;
  };
}

const MIN_CHARS = 16 * 1024;
const MAX_CHARS = 32 * 1024 * 1024;
