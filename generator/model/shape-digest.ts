// Wire-shape digests: one sha256 per method or operation over the schemas its requests and answers
// travel in, with every local `$ref` followed (the closure) and annotations left out. A runtime
// compares them with the contract its built-in handlers were written for: equal digests mean the
// same wire, so a regenerated spec that changes a served method's shape is refused at start-up
// instead of found by a client.
import { createHash } from 'node:crypto';
import { getAt } from '../load/pointer.ts';
import { localRef } from './local-refs.ts';

/** Keywords that document a schema without changing what it accepts. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  '$comment',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  'summary',
]);

/** sha256 (hex, `sha256:` prefixed) of `roots` and every definition they reach in `document`. */
export function shapeDigest(document: unknown, roots: Readonly<Record<string, unknown>>): string {
  const defs = new Map<string, unknown>();
  const pending: string[] = [];
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== 'object' || node === null) return node;
    const ref = localRef(node);
    if (ref !== null && !defs.has(ref)) {
      defs.set(ref, undefined);
      pending.push(ref);
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node).sort()) {
      if (ANNOTATIONS.has(key)) continue;
      out[key] = visit((node as Record<string, unknown>)[key]);
    }
    return out;
  };
  const canonicalRoots: Record<string, unknown> = {};
  for (const key of Object.keys(roots).sort()) canonicalRoots[key] = visit(roots[key]);
  while (pending.length > 0) {
    const ref = pending.shift()!;
    defs.set(ref, visit(getAt(document, ref.slice(1)) ?? null));
  }
  const sortedDefs = [...defs.keys()].sort().map((k) => [k, defs.get(k)]);
  const text = JSON.stringify({ roots: canonicalRoots, defs: sortedDefs });
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}
