// The programmatic API, exported from `wopgen/cli` beside `main`: `generate()`, `check()` and
// `report()` run exactly what the commands run and return what they decided, typed, instead of
// printing it and exiting: the files written, the drift, the diagnostics, the report's model. The
// result is the document `--format json` prints (README "Command line"); nothing is printed.
// A spec with errors, drift or a refused --out is a result (its `status` and `exitCode` say so),
// never a throw; only a mistake in the options themselves (no spec folder) rejects, a TypeError.
import { performance } from 'node:perf_hooks';
import { guarded } from './cli/main.ts';
import { runReport, type InteropReportModel, type ReportOutcome } from './cli/interop-report.ts';
import type { Outcome } from './cli/outcome.ts';
import { DEFAULT_READ_LIMITS } from './report/probe.ts';

export type { Diagnostic } from './diagnostics/diagnostic.ts';
export type { OutputProblem } from './write/problem.ts';
export type { Outcome as RunResult, Status as RunStatus, Summary } from './cli/outcome.ts';
export type { InteropReportModel, ReportOutcome } from './cli/interop-report.ts';
export type { HostReport } from './report/host.ts';
export type { SpecReport } from './report/model.ts';

export interface GenerateOptions {
  /** The spec folder (wopgen's layout or the upstream repository's), as `--spec`. */
  spec: string;
  /** The generated package folder, as `--out`. */
  out: string;
  /** Regenerate from scratch, as `--force`. */
  force?: boolean;
  /** Keep the stage timings in the result, as `--verbose`. */
  timings?: boolean;
}

export type CheckOptions = Omit<GenerateOptions, 'force'>;

export interface ReportOptions {
  spec: string;
  out: string;
  /** A running host to probe, as `--host`. */
  host?: string;
  apiKey?: string;
  /** Origins other than the host's that its documents may name, as `--trust-origin`. */
  trustOrigins?: string[];
  timeoutMs?: number;
  /** Rows disagreeing with the host's advertisement are still status `generated`. */
  allowDisagreement?: boolean;
}

/** What `report()` returns: the outcome, and the model the files were rendered from. */
export interface ReportResult extends ReportOutcome {
  /** Absent when no model was built (spec errors, a host that could not be read, a bug). */
  model?: InteropReportModel;
}

function required(o: { spec?: unknown; out?: unknown }, what: string): void {
  for (const k of ['spec', 'out'] as const)
    if (typeof o[k] !== 'string' || o[k] === '')
      throw new TypeError(`${what}: options.${k} must be a folder path`);
}

function run(command: 'generate' | 'check', o: GenerateOptions): Promise<Outcome> {
  required(o, command);
  return guarded({
    command,
    spec: o.spec,
    out: o.out,
    format: 'json',
    verbose: o.timings === true,
    summary: false,
    force: command === 'generate' && o.force === true,
    watch: false,
  });
}

/** `wopgen generate`: writes the package into `out` unless it is up to date. */
export async function generate(o: GenerateOptions): Promise<Outcome> {
  return run('generate', o);
}

/** `wopgen check`: compares `out` with what the spec generates; writes nothing. */
export async function check(o: CheckOptions): Promise<Outcome> {
  return run('check', o);
}

/** `wopgen report`: writes the interop report into `out` and returns its model. */
export async function report(o: ReportOptions): Promise<ReportResult> {
  required(o, 'report');
  let model: InteropReportModel | undefined;
  const outcome = await runReport(
    {
      spec: o.spec,
      out: o.out,
      format: 'json',
      trustOrigins: o.trustOrigins ?? [],
      timeoutMs: o.timeoutMs ?? DEFAULT_READ_LIMITS.timeoutMs,
      allowDisagreement: o.allowDisagreement === true,
      ...(o.host !== undefined && { host: o.host }),
      ...(o.apiKey !== undefined && { apiKey: o.apiKey }),
    },
    performance.now(),
    (m) => (model = m),
  );
  return {
    ...outcome,
    spec: o.spec,
    out: o.out,
    ...(o.host !== undefined && { host: o.host }),
    ...(model && { model }),
  };
}
