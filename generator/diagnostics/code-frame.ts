// The code frame printed under a diagnostic: the line it points at, numbered, and a caret under
// its column, as compilers print them (TypeSpec, tsc --pretty). Text only; the caller reads the file.
import type { Position } from './diagnostic.ts';

/** Widest source excerpt shown; a longer line (minified or hostile input) is cut around the column. */
const MAX_WIDTH = 120;

/** Two lines, `  441 | <source line>` and `      |     ^`, or '' when the line does not exist. */
export function codeFrame(text: string, at: Position): string {
  const full = text.split(/\r?\n/, at.line)[at.line - 1];
  if (full === undefined) return '';
  const col = Math.max(0, at.column - 1);
  let line = full;
  let caretAt = col;
  if (full.length > MAX_WIDTH) {
    const start = Math.max(0, Math.min(col - MAX_WIDTH / 2, full.length - MAX_WIDTH));
    const head = start > 0 ? '…' : '';
    const tail = start + MAX_WIDTH < full.length ? '…' : '';
    line = head + full.slice(start, start + MAX_WIDTH) + tail;
    caretAt = col - start + head.length;
  }
  const gutter = String(at.line);
  // Tabs stay tabs in the pad, so the caret lines up however the terminal renders them.
  const pad = line.slice(0, caretAt).replace(/[^\t]/g, ' ');
  return [`  ${gutter} | ${line}`, `  ${' '.repeat(gutter.length)} | ${pad}^`].join('\n');
}
