// Comparing an output file on disk with its new text, and writing that text, from the text's
// parts when the generation has them (emit/support/output-text.ts): a large body goes to the disk
// and into the comparison as bytes remembered from the run before, never joined with its header.
import { closeSync, openSync, readFileSync, readSync, writeFileSync, writeSync } from 'node:fs';
import { bodyBytes, encodesApart, type OutputText } from '../emit/support/output-text.ts';

/** Enough of a file to hold its generated-file header. */
const HEAD_CHARS = 1024;

/**
 * Whether the file at `path` holds `text`. The first bytes are compared before the whole file is
 * read: after an edit every header differs (it carries the input digest), and reading the
 * megabytes behind each header only to find that would cost more than the writes.
 */
export function sameText(path: string, text: string, parts?: OutputText): boolean {
  try {
    const head = Buffer.from(parts ? headOf(parts) : text.slice(0, HEAD_CHARS));
    const fd = openSync(path, 'r');
    try {
      const got = Buffer.alloc(head.length);
      if (readSync(fd, got, 0, head.length, 0) !== head.length || !got.equals(head)) return false;
    } finally {
      closeSync(fd);
    }
    if (!parts || !encodesApart(parts)) return readFileSync(path, 'utf8') === text;
    const bytes = readFileSync(path);
    const header = Buffer.from(parts.header);
    const body = bodyBytes(parts.body);
    return (
      bytes.length === header.length + body.length &&
      bytes.subarray(0, header.length).equals(header) &&
      bytes.subarray(header.length).equals(body)
    );
  } catch {
    return false;
  }
}

/** Writes `text` to `path`: the header and the body's remembered bytes when given in parts. */
export function writeText(path: string, text: string, parts?: OutputText): void {
  if (!parts || !encodesApart(parts)) return writeFileSync(path, text);
  const fd = openSync(path, 'w');
  try {
    writeAll(fd, Buffer.from(parts.header));
    writeAll(fd, bodyBytes(parts.body));
  } finally {
    closeSync(fd);
  }
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
}

/** The joined text's first HEAD_CHARS characters, from its parts. */
function headOf(t: OutputText): string {
  if (t.header.length >= HEAD_CHARS) return t.header.slice(0, HEAD_CHARS);
  return t.header + t.body.slice(0, HEAD_CHARS - t.header.length);
}
