// Diagnostics are data: collected through a sink, sorted, printed once (STYLE.md §3).
import { catalogue, type DiagnosticCode, type Severity } from './catalogue.ts';

export interface Position {
  line: number;
  column: number;
}

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** Path of the input file, relative to the spec directory (posix separators). */
  file: string;
  /** JSON pointer into the file's data ('' for the whole document). */
  pointer: string;
  position?: Position;
  /**
   * The diagnostic this one follows from (a missing folder, an unresolved `$ref`): fixing that
   * one fixes this one, so the text output folds it under its cause; JSON keeps it with the link.
   */
  derivedFrom?: DiagnosticRef;
}

/** Names one diagnostic: code, file and pointer identify a cause (causes are one per place). */
export interface DiagnosticRef {
  code: DiagnosticCode;
  file: string;
  pointer: string;
}

export function refOf(d: DiagnosticRef): DiagnosticRef {
  return { code: d.code, file: d.file, pointer: d.pointer };
}

export function refKey(d: DiagnosticRef): string {
  return `${d.code}\u0000${d.file}\u0000${d.pointer}`;
}

/** Resolves a pointer of a loaded file to a line:column, lazily (only when something is reported). */
export type Locator = (file: string, pointer: string) => Position | undefined;

export class DiagnosticSink {
  readonly items: Diagnostic[] = [];
  constructor(private readonly locate: Locator) {}

  private readonly seen = new Map<string, Diagnostic>();
  private calls = 0;

  /** How many times `report` was called, repeats of one diagnostic included. */
  get reported(): number {
    return this.calls;
  }

  /**
   * Reports once per code, place and message: a node copied twice by bundling is one problem.
   * `cause` names the diagnostic this one follows from (see `Diagnostic.derivedFrom`).
   */
  report(
    code: DiagnosticCode,
    file: string,
    pointer: string,
    message: string,
    cause?: DiagnosticRef,
  ): Diagnostic {
    this.calls++;
    const key = `${code}\u0000${file}\u0000${pointer}\u0000${message}`;
    const prior = this.seen.get(key);
    if (prior) return prior;
    const { severity } = catalogue[code];
    const position = this.locate(file, pointer);
    const d: Diagnostic = { code, severity, message, file, pointer };
    if (position) d.position = position;
    if (cause) d.derivedFrom = refOf(cause);
    this.seen.set(key, d);
    this.items.push(d);
    return d;
  }

  /** The first error reported of a code, as the cause of the errors a later stage derives from it. */
  firstError(code: DiagnosticCode): Diagnostic | undefined {
    return this.items.find((d) => d.code === code && d.severity === 'error');
  }

  /** The first error reported in `file` at `pointer` or under it: why a node there is unusable. */
  errorWithin(file: string, pointer: string): Diagnostic | undefined {
    return this.items.find(
      (d) =>
        d.severity === 'error' &&
        d.file === file &&
        (d.pointer === pointer || d.pointer.startsWith(pointer + '/')),
    );
  }

  get errorCount(): number {
    return this.items.filter((d) => d.severity === 'error').length;
  }

  /** Stable order: file, line, column, code, message. */
  sorted(): Diagnostic[] {
    return [...this.items].sort(
      (a, b) =>
        cmp(a.file, b.file) ||
        (a.position?.line ?? 0) - (b.position?.line ?? 0) ||
        (a.position?.column ?? 0) - (b.position?.column ?? 0) ||
        cmp(a.code, b.code) ||
        cmp(a.message, b.message),
    );
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `file:line:col: error CODE: message (at /json/pointer)` */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.position ? `${d.file}:${d.position.line}:${d.position.column}` : d.file;
  return `${where}: ${d.severity} ${d.code}: ${d.message} (at ${d.pointer || '/'})`;
}

/** A failure of wopgen itself, reported apart from problems in the spec. */
export class GeneratorBug extends Error {
  constructor(stage: string, cause: unknown) {
    super(
      `wopgen internal error in stage "${stage}": ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'GeneratorBug';
  }
}
