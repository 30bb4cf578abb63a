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
}

/** Resolves a pointer of a loaded file to a line:column, lazily (only when something is reported). */
export type Locator = (file: string, pointer: string) => Position | undefined;

export class DiagnosticSink {
  readonly items: Diagnostic[] = [];
  constructor(private readonly locate: Locator) {}

  private readonly seen = new Set<string>();

  /** Reports once per code, place and message: a node copied twice by bundling is one problem. */
  report(code: DiagnosticCode, file: string, pointer: string, message: string): void {
    const key = `${code}\u0000${file}\u0000${pointer}\u0000${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const { severity } = catalogue[code];
    const position = this.locate(file, pointer);
    const d: Diagnostic = { code, severity, message, file, pointer };
    if (position) d.position = position;
    this.items.push(d);
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
