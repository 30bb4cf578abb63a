// What an emitter returns: one output file, before the header and formatting are applied.
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
  /**
   * The input digest (64 hex digits) where the body itself carries it (package.json): formatted
   * as a same-length placeholder and put back after (support/format.ts), so that, as with the
   * header, an edit that changes only the digest finds the formatting cached.
   */
  digest?: string;
  /**
   * dist/'s JavaScript and declarations of a TypeScript source, printed with it by the code
   * builder (code/module.ts); 'types' for a module of types only that a library printed: its
   * declarations are its formatted source, its JavaScript `export {};`.
   */
  dist?: { js: string; dts: string } | 'types';
}
