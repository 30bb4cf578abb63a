// An output file's text as two parts: its generated-file header, which carries the input digest
// every edit changes, and the rest, which a one-row edit mostly leaves as it was. Joined, a large
// file is a fresh string of megabytes on every run, and on this class of machine each fresh
// megabyte (flattening the join, encoding it as UTF-8) costs several milliseconds. So the steps
// after formatting (compile, the package's dependency scan, the manifest's digests, the writer)
// take the parts, and what they derive from a body alone is remembered by that body: under
// `generate --watch` the bodies of unchanged files are the very strings of the run before.
import { createHash } from 'node:crypto';

export interface OutputText {
  header: string;
  body: string;
}

/** The text as one string (a rope: nothing is copied until it is read). */
export function joined(t: OutputText): string {
  return t.header + t.body;
}

/**
 * `compute(body)` for a body seen in the last generations, or computed and remembered. Keyed by
 * the body's characters (a Map compares long strings by content, never by identity alone), so a
 * hit is what `compute` would return; only bodies of at least MIN_CHARS are kept, up to
 * MAX_CHARS of them per memo (a small one costs less to recompute than to keep).
 */
export function bodyMemo<T>(compute: (body: string) => T): (body: string) => T {
  let kept = new Map<string, T>();
  let chars = 0;
  return (body) => {
    if (body.length < MIN_CHARS) return compute(body);
    const hit = kept.get(body);
    if (hit !== undefined) return hit;
    const value = compute(body);
    if (chars + body.length > MAX_CHARS) {
      kept = new Map();
      chars = 0;
    }
    kept.set(body, value);
    chars += body.length;
    return value;
  };
}

const MIN_CHARS = 16 * 1024;
const MAX_CHARS = 32 * 1024 * 1024;

/** A body's UTF-8 bytes, remembered (what the writer and the digests read). */
export const bodyBytes = bodyMemo((body) => Buffer.from(body, 'utf8'));

/**
 * Whether the joined text's UTF-8 bytes are the header's followed by the body's: true unless the
 * header ends in the first half of a surrogate pair (a header ends with a newline).
 */
export function encodesApart(t: OutputText): boolean {
  const last = t.header.charCodeAt(t.header.length - 1);
  return !(last >= 0xd800 && last <= 0xdbff);
}

/** sha256 of the joined text's UTF-8 bytes, without joining it. */
export function sha256Of(t: OutputText): string {
  const hash = createHash('sha256');
  if (!encodesApart(t)) return hash.update(joined(t)).digest('hex');
  return hash.update(t.header).update(bodyBytes(t.body)).digest('hex');
}
