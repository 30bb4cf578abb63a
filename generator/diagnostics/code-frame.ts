// The code frame printed under a diagnostic: the line it points at, numbered, and a caret under
// its column, as compilers print them (TypeSpec, tsc --pretty). Text only; the caller reads the file.
import type { Position } from './diagnostic.ts';

/** Two lines, `  441 | <source line>` and `      |     ^`, or '' when the line does not exist. */
export function codeFrame(text: string, at: Position): string {
  const line = text.split(/\r?\n/)[at.line - 1];
  if (line === undefined) return '';
  const gutter = String(at.line);
  // Tabs stay tabs in the pad, so the caret lines up however the terminal renders them.
  const pad = line.slice(0, Math.max(0, at.column - 1)).replace(/[^\t]/g, ' ');
  return [`  ${gutter} | ${line}`, `  ${' '.repeat(gutter.length)} | ${pad}^`].join('\n');
}
