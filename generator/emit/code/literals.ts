// Small printers for the literal structure emitters repeat: doc comments, per-row source
// comments, inline object literals and table entries. Literal values go through JSON.stringify.
import type { Origin } from '../../model/ir.ts';

/** A TypeScript literal for any JSON value. */
export function lit(value: unknown): string {
  return JSON.stringify(value);
}

/** A union of string literal types; `never` when empty. */
export function unionOf(values: readonly string[]): string {
  return values.length === 0 ? 'never' : values.map((v) => lit(v)).join(' | ');
}

/** A one-line doc comment. */
export function doc(text: string): string {
  return `/** ${text} */`;
}

/** The one-line source comment every generated declaration carries. */
export function sourceComment(origin: Origin): string {
  return doc(`Source: ${origin.file}#${origin.pointer}`);
}

/** `file#pointer`, the `source` field of table rows. */
export function sourceOf(origin: Origin): string {
  return `${origin.file}#${origin.pointer}`;
}

/** An inline object literal from property → expression (the expressions are printed as given). */
export function inline(fields: Readonly<Record<string, string | number | boolean>>): string {
  const parts = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
}

/** Rows of a table literal: each with its source comment (when it has one), then `key: value,`. */
export function entries(
  rows: readonly { origin?: Origin | string; key?: string; value: string }[],
  indent = '  ',
): string[] {
  return rows.flatMap((r) => [
    ...(r.origin === undefined
      ? []
      : [indent + (typeof r.origin === 'string' ? doc(r.origin) : sourceComment(r.origin))]),
    `${indent}${r.key === undefined ? '' : `${r.key}: `}${r.value},`,
  ]);
}
