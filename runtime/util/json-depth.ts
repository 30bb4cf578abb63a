// The nesting bound on JSON the host accepts. Canonical JSON, JSON.stringify
// and the validators recurse, so a body nested a few thousand levels deep overflowed the stack
// after a run had already been created. Text deeper than MAX_JSON_DEPTH is refused as it is read,
// by an iterative scan before it is parsed, so nothing downstream ever sees it.

/** Arrays and objects nested deeper than this are refused (real requests stay far below). */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` (JSON or not) opens more than `max` arrays/objects at once outside strings. */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
