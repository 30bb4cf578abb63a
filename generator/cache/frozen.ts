// Values kept from one regeneration to the next (`generate --watch`, load/source-memo.ts) are
// frozen all the way down: a step that tried to change one would fail at once instead of changing
// the next run's input. A value frozen here never changes, so its JSON is computed once.

/** Values frozen all the way down by `deepFreeze`. */
const frozen = new WeakSet<object>();
const jsonTexts = new WeakMap<object, string>();

/** Freezes `value` and everything it holds (plain data: objects, arrays, primitives). */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || frozen.has(value)) return value;
  // Iteratively: the loader bounds nesting, but a bundled document is deep and wide.
  const stack: object[] = [value];
  const seen: object[] = [];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (frozen.has(v)) continue;
    Object.freeze(v);
    seen.push(v);
    for (const child of Object.values(v))
      if (child !== null && typeof child === 'object' && !frozen.has(child)) stack.push(child);
  }
  // Registered once every part is frozen.
  for (const v of seen) frozen.add(v);
  return value;
}

/** JSON.stringify(value), remembered for a value frozen by `deepFreeze`. */
export function jsonOf(value: unknown): string {
  if (value === null || typeof value !== 'object' || !frozen.has(value))
    return JSON.stringify(value);
  let text = jsonTexts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    jsonTexts.set(value, text);
  }
  return text;
}
