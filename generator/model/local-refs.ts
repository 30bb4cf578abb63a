// Local references inside one bundled document (`#/components/schemas/X`, `#/$defs/X`): the
// bundler (load/bundle.ts) has made every `$ref` local, so reading one is a pointer lookup.
import { getAt } from '../load/pointer.ts';

/** `node`, or what its `$ref`-only chain names in `document` (at most 16 hops; cycles stop). */
export function derefLocal(document: unknown, node: unknown): unknown {
  let cur = node;
  for (let hops = 0; hops < 16; hops++) {
    const ref = localRef(cur);
    if (ref === null) return cur;
    cur = getAt(document, ref.slice(1));
  }
  return cur;
}

/** The `$ref` of a node holding a local reference (`#/…`), else null. */
export function localRef(node: unknown): string | null {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return null;
  const ref = (node as Record<string, unknown>)['$ref'];
  return typeof ref === 'string' && ref.startsWith('#') ? ref : null;
}
