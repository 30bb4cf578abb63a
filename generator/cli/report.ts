// Prints an Outcome: with --format json one JSON document on stdout (diagnostics included);
// otherwise results on stdout and diagnostics on stderr, with a colored success line on a
// terminal (NO_COLOR and pipes get none; FORCE_COLOR forces it).
import { readFileSync } from 'node:fs';
import { foldDerived } from '../diagnostics/cascade.ts';
import { codeFrame } from '../diagnostics/code-frame.ts';
import { formatDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { GENERATOR_VERSION } from '../version.ts';
import type { OutputProblem } from '../write/problem.ts';
import type { Outcome, Summary } from './outcome.ts';
import { usageText } from './usage.ts';

export interface ReportOptions {
  format: 'text' | 'json';
  verbose: boolean;
  summary: boolean;
}

export function colorEnabled(stream: NodeJS.WriteStream, env = process.env): boolean {
  if (env['NO_COLOR']) return false;
  if (env['FORCE_COLOR'] !== undefined && env['FORCE_COLOR'] !== '0') return true;
  return stream.isTTY === true;
}

const paint = (on: boolean, code: number, text: string) =>
  on ? `\u001b[${code}m${text}\u001b[0m` : text;

export function report(o: Outcome, opts: ReportOptions): void {
  if (opts.format === 'json') {
    process.stdout.write(JSON.stringify(o) + '\n');
    return;
  }
  const err = (text: string): void => void process.stderr.write(text + '\n');
  const out = (text: string): void => void process.stdout.write(text + '\n');
  const frames = new FrameReader();
  for (const d of o.diagnostics) if (isOutputProblem(d)) err(`wopgen: ${d.message}`);
  const cascades = foldDerived(o.diagnostics.filter((d) => !isOutputProblem(d)));
  for (const { cause, derived } of cascades) {
    err(formatDiagnostic(cause));
    const frame = frames.frameOf(cause);
    if (frame) err(frame);
    if (derived.length === 0) continue;
    // The cause's followers: counted, and listed under it with --verbose.
    err(
      `  … and ${derived.length} ${derived.length === 1 ? 'error' : 'errors'} that follow from it`,
    );
    if (opts.verbose) for (const d of derived) err(`    ${formatDiagnostic(d)}`);
  }
  if (opts.verbose)
    for (const t of o.timings ?? []) err(`  ${t.stage.padEnd(22)} ${t.ms.toFixed(1)} ms`);
  if (opts.summary && o.summary && o.status !== 'spec-errors') out(summaryText(o, o.summary));
  const color = colorEnabled(o.exitCode === 0 ? process.stdout : process.stderr);
  const took = paint(color, 2, `in ${duration(o.durationMs)}`);
  const ok = (text: string) => out(`${color ? paint(color, 32, '✓ ') : ''}${text} ${took}`);
  switch (o.status) {
    case 'generated':
      return ok(`wopgen: ${wroteText(o)}`);
    case 'up-to-date':
      return ok(
        o.command === 'check'
          ? `wopgen: ${o.out} matches the spec (${o.summary?.files ?? '?'} files)`
          : `wopgen: ${o.out} is up to date`,
      );
    case 'drift':
      return err(driftText(o));
    case 'spec-errors': {
      const errors = o.diagnostics.filter((d) => d.severity === 'error');
      const derived = errors.filter((d) => !isOutputProblem(d) && d.derivedFrom).length;
      const n = errors.length - derived;
      return err(
        derived === 0
          ? `wopgen: ${n} error(s); nothing was written`
          : `wopgen: ${n} error(s) and ${derived} that follow from them; nothing was written`,
      );
    }
    case 'usage-error':
      return void process.stderr.write(usageText(o.command, o.message!, (t) => paint(color, 2, t)));
    case 'internal-error':
      return err(
        `${o.message}\nThis is a bug in wopgen, not in the spec; please report it with the spec that triggered it.`,
      );
    default:
      // refused and io-error: their diagnostic above says it all.
      return;
  }
}

function isOutputProblem(d: Diagnostic | OutputProblem): d is OutputProblem {
  return d.code === 'output-refused' || d.code === 'output-io-error';
}

function wroteText(o: Outcome): string {
  const f = o.files!;
  const kept = f.total - f.written.length;
  const wrote =
    kept === 0
      ? `wrote ${f.total} files to ${o.out}`
      : f.written.length === 0
        ? `${o.out} already held this generation (${f.total} files unchanged)`
        : `wrote ${f.written.length} of ${f.total} files to ${o.out} (${kept} unchanged)`;
  return f.removed.length ? `${wrote}, removed ${f.removed.length}` : wrote;
}

function driftText(o: Outcome): string {
  const d = o.drift!;
  const lines = [
    `wopgen: ${o.out} is stale; run: npx wopgen generate --spec ${o.spec} --out ${o.out}`,
  ];
  for (const f of d.changed) lines.push(`  changed: ${f}`);
  for (const f of d.missing) lines.push(`  missing: ${f}`);
  for (const f of d.orphan) lines.push(`  orphan:  ${f}`);
  lines.push(...d.diffs);
  return lines.join('\n');
}

function summaryText(o: Outcome, s: Summary): string {
  return [
    `wopgen ${GENERATOR_VERSION}: ${o.spec} → ${o.out} (${s.layout} layout, input sha256:${s.inputDigest.slice(0, 12)}…)`,
    `  A2A ${s.a2a.release}: ${s.a2a.operationRows} operation rows (${s.a2a.methods} methods), ${s.a2a.errorRows} error rows, ${s.a2a.taskStateRows} task-state rows`,
    `  MCP ${s.mcp.revision}: ${s.mcp.methods} methods, ${s.mcp.features} features, ${s.mcp.taskStatusRows} task-status rows`,
    `  OpenAPI ${s.openapi.version}: ${s.openapi.operations} operations; ${s.openapi.errorCodes} error codes; ${s.openapi.interopEvents} interop events`,
    `  ${s.files} files`,
  ].join('\n');
}

function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** Code frames under diagnostics: each file read once, from the working directory. */
class FrameReader {
  private readonly texts = new Map<string, string | null>();

  frameOf(d: Diagnostic): string {
    if (!d.position) return '';
    let text = this.texts.get(d.file);
    if (text === undefined) {
      try {
        text = readFileSync(d.file, 'utf8');
      } catch {
        text = null;
      }
      this.texts.set(d.file, text);
    }
    return text === null ? '' : codeFrame(text, d.position);
  }
}
