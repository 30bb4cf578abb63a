// The result of one run, as data: main.ts decides it, report.ts prints it (text on the terminal,
// one JSON document with --format json). The JSON shape is this type; README "Command line".
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { SpecModel } from '../model/ir.ts';
import type { StageTiming } from '../pipeline.ts';
import type { OutputProblem } from '../write/problem.ts';
import type { CommandName } from './usage.ts';

export type Status =
  | 'generated'
  | 'up-to-date'
  | 'drift'
  | 'spec-errors'
  | 'refused'
  | 'io-error'
  | 'usage-error'
  | 'internal-error';

export const EXIT_CODES: Record<Status, 0 | 1 | 2 | 3 | 4> = {
  generated: 0,
  'up-to-date': 0,
  drift: 1,
  'spec-errors': 1,
  refused: 1,
  'usage-error': 2,
  'internal-error': 3,
  'io-error': 4,
};

export interface Summary {
  layout: string;
  inputDigest: string;
  a2a: {
    release: string;
    operationRows: number;
    methods: number;
    errorRows: number;
    taskStateRows: number;
  };
  mcp: { revision: string; methods: number; features: number; taskStatusRows: number };
  openapi: { version: string; operations: number; errorCodes: number; interopEvents: number };
  files: number;
}

export interface Outcome {
  command: CommandName | null;
  status: Status;
  exitCode: 0 | 1 | 2 | 3 | 4;
  /** Paths as given (or from wopgen.config.json). */
  spec?: string;
  out?: string;
  durationMs: number;
  /** generate: what changed on disk (paths relative to --out). */
  files?: { total: number; written: string[]; removed: string[] };
  /** check: how --out differs from the spec's generation. */
  drift?: { changed: string[]; missing: string[]; orphan: string[]; diffs: string[] };
  summary?: Summary;
  timings?: StageTiming[];
  /** Spec diagnostics, or the one output problem (`output-refused`, `output-io-error`). */
  diagnostics: (Diagnostic | OutputProblem)[];
  /** usage-error and internal-error: what went wrong. */
  message?: string;
}

export function outcome(
  status: Status,
  fields: Omit<Outcome, 'status' | 'exitCode' | 'diagnostics' | 'durationMs' | 'command'> &
    Partial<Pick<Outcome, 'diagnostics' | 'command' | 'durationMs'>>,
): Outcome {
  return {
    command: fields.command ?? null,
    status,
    exitCode: EXIT_CODES[status],
    durationMs: 0,
    diagnostics: [],
    ...fields,
  };
}

export function summarize(m: SpecModel, files: number): Summary {
  return {
    layout: m.layout,
    inputDigest: m.digest,
    a2a: {
      release: m.a2a.release,
      operationRows: m.a2a.operations.length,
      methods: new Set(m.a2a.operations.map((o) => o.method)).size,
      errorRows: m.a2a.errors.length,
      taskStateRows: m.a2a.taskState.length,
    },
    mcp: {
      revision: m.mcp.revision,
      methods: m.mcp.methods.length,
      features: m.mcp.features.length,
      taskStatusRows: m.mcp.taskStatus.length,
    },
    openapi: {
      version: m.openapi.version,
      operations: m.openapi.operationIds.length,
      errorCodes: m.errors.length,
      interopEvents: m.events.length,
    },
    files,
  };
}
