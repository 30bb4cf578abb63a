// Source positions for JSON and YAML, computed only when a diagnostic needs one.
import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { isCollection, isMap, isScalar, isSeq, type Document } from 'yaml';
import type { Position } from '../diagnostics/diagnostic.ts';
import { parsePointer } from './pointer.ts';

/** 1-based line and column of a character offset. */
export function offsetToPosition(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Where a location is shown: at the property key (what a reader looks for), or at the value when
 * the value itself is the problem (a `$ref` string with a typo). `value` applies only when the
 * whole pointer exists; otherwise the deepest existing node's key is shown, as for `key`.
 */
export type Anchor = 'key' | 'value';

/** Position of the deepest existing node on the pointer's path in a JSON text. */
export function locateJson(
  text: string,
  tree: JsonNode | undefined,
  pointer: string,
  anchor: Anchor = 'key',
): number {
  if (!tree) return 0;
  const segments = parsePointer(pointer) ?? [];
  for (let n = segments.length; n >= 0; n--) {
    const path = segments.slice(0, n).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    const node = findNodeAtLocation(tree, path);
    if (node) {
      if (anchor === 'value' && n === segments.length && n > 0) return node.offset;
      // Point at the property key when there is one: that is what a reader looks for.
      const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
      return (keyNode ?? node).offset;
    }
  }
  return 0;
}

/**
 * The same offset as `locateJson(text, parseJsonTree(text), pointer)` for a text `JSON.parse`
 * accepts, found by walking the text along the pointer and skipping every other value, so a
 * diagnostic in a large schema does not parse all of it into a tree. Keeps `findNodeAtLocation`'s
 * rules: a segment of digits indexes arrays only, and the first of duplicate keys wins.
 */
export function locateJsonText(text: string, pointer: string, anchor: Anchor = 'key'): number {
  const segments = parsePointer(pointer) ?? [];
  let pos = skipWs(text, 0);
  let offset = pos;
  for (const seg of segments) {
    let found = -1;
    let at = -1;
    if (/^\d+$/.test(seg)) {
      if (text.charCodeAt(pos) !== 0x5b) return offset;
      const index = Number(seg);
      let p = skipWs(text, pos + 1);
      for (let i = 0; text.charCodeAt(p) !== 0x5d; i++) {
        if (i === index) {
          found = at = p;
          break;
        }
        p = skipWs(text, skipValue(text, p));
        if (text.charCodeAt(p) !== 0x2c) break;
        p = skipWs(text, p + 1);
      }
    } else {
      if (text.charCodeAt(pos) !== 0x7b) return offset;
      let p = skipWs(text, pos + 1);
      while (text.charCodeAt(p) === 0x22) {
        const keyEnd = skipString(text, p);
        const raw = text.slice(p, keyEnd);
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        const value = skipWs(text, skipWs(text, keyEnd) + 1);
        if (key === seg) {
          found = value;
          at = p;
          break;
        }
        p = skipWs(text, skipValue(text, value));
        if (text.charCodeAt(p) !== 0x2c) break;
        p = skipWs(text, p + 1);
      }
    }
    if (found < 0) return offset;
    pos = found;
    offset = at;
  }
  return anchor === 'value' && segments.length > 0 ? pos : offset;
}

function skipWs(text: string, p: number): number {
  for (;;) {
    const c = text.charCodeAt(p);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return p;
    p++;
  }
}

/** From the opening quote to just after the closing one. */
function skipString(text: string, p: number): number {
  for (let i = p + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
  }
  return text.length;
}

/** From the first character of a value to just after it. */
function skipValue(text: string, p: number): number {
  const c = text.charCodeAt(p);
  if (c === 0x22) return skipString(text, p);
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    for (let i = p; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === 0x22) i = skipString(text, i) - 1;
      else if (d === 0x7b || d === 0x5b) depth++;
      else if ((d === 0x7d || d === 0x5d) && --depth === 0) return i + 1;
    }
    return text.length;
  }
  let i = p;
  for (; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (
      d === 0x2c ||
      d === 0x7d ||
      d === 0x5d ||
      d === 0x20 ||
      d === 0x0a ||
      d === 0x0d ||
      d === 0x09
    )
      break;
  }
  return i;
}

export function parseJsonTree(text: string): JsonNode | undefined {
  return parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
}

/** Offset of the deepest existing node on the pointer's path in a YAML document. */
export function locateYaml(doc: Document, pointer: string, anchor: Anchor = 'key'): number {
  const segments = parsePointer(pointer) ?? [];
  let node: unknown = doc.contents;
  let offset = rangeStart(node);
  for (const seg of segments) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : p.key) === seg);
      if (!pair) return offset ?? 0;
      offset = rangeStart(pair.key) ?? offset;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)];
      if (item === undefined) return offset ?? 0;
      node = item;
      offset = rangeStart(node) ?? offset;
    } else {
      return offset ?? 0;
    }
  }
  if (anchor === 'value' && segments.length > 0) offset = rangeStart(node) ?? offset;
  return offset ?? 0;
}

function rangeStart(node: unknown): number | undefined {
  if (isCollection(node) || isScalar(node)) return node.range?.[0];
  return undefined;
}
