// What an emitter returns: one output file, before the header and formatting are applied.
import type { Origin } from '../model/ir.ts';

export interface EmittedFile {
  path: string;
  /** Input files this artifact is derived from, for its header. */
  from: string[];
  body: string;
  /**
   * prettier parser; 'printed' for output a library's own deterministic printer laid out
   * (TypeScript's printer behind openapi-typescript, ajv's code generator): running prettier over
   * those megabytes would triple the generation time and change nothing a reader needs.
   */
  parser: 'typescript' | 'babel' | 'json' | 'printed';
  /**
   * The generated-file header, put in front of the body once it is formatted (support/format.ts):
   * it carries the input digest, so keeping it out of what is formatted lets formatting be cached.
   */
  header?: string;
}

/** The one-line source comment every generated declaration carries. */
export function sourceComment(origin: Origin): string {
  return `/** Source: ${origin.file}#${origin.pointer} */`;
}

/** A TypeScript literal for any JSON value. */
export function lit(value: unknown): string {
  return JSON.stringify(value);
}

export function unionOf(values: readonly string[]): string {
  return values.length === 0 ? 'never' : [...values].map((v) => lit(v)).join(' | ');
}
