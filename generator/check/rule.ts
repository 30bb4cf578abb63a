// The shape of one check rule (DESIGN.md §3: one rule per file under rules/, registered in
// index.ts). A rule reads the built model and reports to the sink; it never throws and never
// stops the others, so every finding of a run is kept.
import type { DiagnosticCode } from '../diagnostics/catalogue.ts';
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import type { SpecModel } from '../model/ir.ts';

/** What a rule may read: the IR only (DESIGN.md §3); what a rule needs is put into the model. */
export interface CheckInput {
  model: SpecModel;
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
