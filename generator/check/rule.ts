// The shape of one check rule (DESIGN.md §3: one rule per file under rules/, registered in
// index.ts). A rule reads the built model and reports to the sink; it never throws and never
// stops the others, so every finding of a run is kept.
import type { DiagnosticCode } from '../diagnostics/catalogue.ts';
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import type { SpecModel } from '../model/ir.ts';

/** What a rule may read: the IR, plus where the interop map lives for map-level findings. */
export interface CheckInput {
  model: SpecModel;
  /** The interop map's path as diagnostics name it. */
  mapFile: string;
  /**
   * The interop map as parsed. Only `mcp-error-codes` reads it: the `headers` and `meta` rule
   * texts are not in the IR yet (issue 9 item 6 leaves that step open).
   */
  rawMap: Record<string, unknown>;
}

export interface CheckRule {
  /** Stable id, the rule's file name under rules/. */
  id: string;
  /** One line: what the rule checks. */
  checks: string;
  /** The diagnostic codes it may report. */
  reports: readonly DiagnosticCode[];
  run(input: CheckInput, sink: DiagnosticSink): void;
}
