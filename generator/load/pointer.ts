// JSON Pointer (RFC 6901) helpers: the one way every stage names a place in a document.

export function escapeSegment(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeSegment(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map(unescapeSegment);
}

export function joinPointer(base: string, ...segments: (string | number)[]): string {
  return base + segments.map((s) => '/' + escapeSegment(String(s))).join('');
}

/** The value at `pointer`, or undefined when any step is missing. */
export function getAt(root: unknown, pointer: string): unknown {
  const segments = parsePointer(pointer);
  if (!segments) return undefined;
  let node: unknown = root;
  for (const seg of segments) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(seg)) return undefined;
      node = node[Number(seg)];
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, seg)) {
      node = (node as Record<string, unknown>)[seg];
    } else {
      return undefined;
    }
  }
  return node;
}
