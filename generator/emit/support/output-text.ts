// An output file's text as two parts: its generated-file header, which carries the input digest
// every edit changes, and the rest, which a one-row edit mostly leaves as it was. Joined, a large
// file is a fresh string of megabytes on every run, and on this class of machine each fresh
// megabyte (flattening the join, encoding it as UTF-8) costs several milliseconds. So the steps
// after formatting (compile, the package's dependency scan, the manifest's digests, the writer)
// take the parts, and what they derive from a body alone is remembered by that body: under
// `generate --watch` the bodies of unchanged files are the very strings of the run before.
import { createHash } from 'node:crypto';
import { textMemo } from '../../cache/text-memo.ts';

export interface OutputText {
  header: string;
  body: string;
}

/** The text as one string (a rope: nothing is copied until it is read). */
export function joined(t: OutputText): string {
  return t.header + t.body;
}

/** A body's UTF-8 bytes, remembered (what the writer and the digests read). */
export const bodyBytes = textMemo((body) => Buffer.from(body, 'utf8'));

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
