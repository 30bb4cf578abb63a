// Source positions for JSON and YAML, computed only when a diagnostic needs one.
import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { isCollection, isMap, isScalar, isSeq, type Document } from 'yaml';
import type { Position } from '../check/diagnostic.ts';
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

/** Position of the deepest existing node on the pointer's path in a JSON text. */
export function locateJson(text: string, tree: JsonNode | undefined, pointer: string): number {
  if (!tree) return 0;
  const segments = parsePointer(pointer) ?? [];
  for (let n = segments.length; n >= 0; n--) {
    const path = segments.slice(0, n).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    const node = findNodeAtLocation(tree, path);
    if (node) {
      // Point at the property key when there is one: that is what a reader looks for.
      const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
      return (keyNode ?? node).offset;
    }
  }
  return 0;
}

export function parseJsonTree(text: string): JsonNode | undefined {
  return parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
}

/** Offset of the deepest existing node on the pointer's path in a YAML document. */
export function locateYaml(doc: Document, pointer: string): number {
  const segments = parsePointer(pointer) ?? [];
  let node: unknown = doc.contents;
  let offset = rangeStart(node);
  for (const seg of segments) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : p.key) === seg);
      if (!pair) break;
      offset = rangeStart(pair.key) ?? offset;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)];
      if (item === undefined) break;
      node = item;
      offset = rangeStart(node) ?? offset;
    } else {
      break;
    }
  }
  return offset ?? 0;
}

function rangeStart(node: unknown): number | undefined {
  if (isCollection(node) || isScalar(node)) return node.range?.[0];
  return undefined;
}
