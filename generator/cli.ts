#!/usr/bin/env node
// wopgen command line: `generate` and `check` (DESIGN.md §1). Exit codes: 0 ok, 1 spec errors or
// drift, 2 usage, 3 a wopgen bug (reported apart from spec errors).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { formatDiagnostic, GeneratorBug, type Diagnostic } from './diagnostics/diagnostic.ts';
import { startWorkers } from './emit/workers.ts';
import { detectLayout } from './load/layout.ts';
import type { GenerateResult } from './pipeline.ts';
import { cacheFile, GENERATOR_VERSION, generatorFingerprint } from './version.ts';
import {
  compareWithDisk,
  hasDrift,
  recordWarmState,
  shortDiff,
  upToDate,
  writeAtomically,
} from './write.ts';

const USAGE = `usage:
  wopgen generate --spec DIR --out DIR [--force] [--format text|json] [--verbose] [--summary]
  wopgen check    --spec DIR --out DIR [--format text|json] [--verbose]

  --spec     an OpenWOP spec directory: wopgen's layout (openapi.yaml, interop-map.json, facets/)
             or the upstream repository's (api/v2/, spec/v2/, schemas/v2/)
  --out      the generated package directory
  --force    regenerate even when generated/manifest.json says nothing changed
  --format   diagnostics as text (default) or JSON lines
  --verbose  print per-stage timings
  --summary  print what was generated (rows, operations, errors, files)`;

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        spec: { type: 'string' },
        out: { type: 'string' },
        format: { type: 'string', default: 'text' },
        verbose: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        summary: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (err) {
    process.stderr.write(`wopgen: ${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (
    (command !== 'generate' && command !== 'check') ||
    !values.spec ||
    !values.out ||
    !['text', 'json'].includes(values.format!)
  ) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const specDir = values.spec;
  const outDir = resolve(values.out);
  const json = values.format === 'json';
  const regen = `npx wopgen generate --spec ${posix(specDir)} --out ${posix(values.out)}`;

  if (command === 'generate' && !values.force) {
    const layout = detectLayout(specDir);
    if (layout && upToDate(outDir, layout.displayRoot, cacheFile(outDir), generatorFingerprint())) {
      if (!json) process.stdout.write(`wopgen: ${posix(values.out)} is up to date\n`);
      return 0;
    }
  }

  let result: GenerateResult;
  try {
    // The workers start loading their libraries before this thread loads the pipeline's.
    const workers = detectLayout(specDir) ? startWorkers() : undefined;
    const { generate } = await import('./pipeline.ts');
    result = await generate(specDir, { command: regen, workers });
  } catch (err) {
    const bug = err instanceof GeneratorBug ? err : new GeneratorBug('cli', err);
    process.stderr.write(
      `${bug.message}\nThis is a bug in wopgen, not in the spec; please report it with the spec that triggered it.\n`,
    );
    if (values.verbose && bug.cause instanceof Error) process.stderr.write(`${bug.cause.stack}\n`);
    return 3;
  }
  printDiagnostics(result.diagnostics, json);
  if (values.verbose) {
    for (const t of result.timings)
      process.stderr.write(`  ${t.stage.padEnd(22)} ${t.ms.toFixed(1)} ms\n`);
  }
  if (!result.files) {
    const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
    if (!json) process.stderr.write(`wopgen: ${errors} error(s); nothing was written\n`);
    return 1;
  }

  if (command === 'check') {
    const drift = compareWithDisk(outDir, result.files);
    if (!hasDrift(drift)) {
      if (!json)
        process.stdout.write(
          `wopgen: ${posix(values.out)} matches the spec (${result.files.size} files)\n`,
        );
      return 0;
    }
    const lines = [`wopgen: ${posix(values.out)} is stale; run: ${regen}`];
    for (const f of drift.changed) lines.push(`  changed: ${f}`);
    for (const f of drift.added) lines.push(`  missing: ${f}`);
    for (const f of drift.removed) lines.push(`  orphan:  ${f}`);
    for (const f of drift.changed.slice(0, 3)) {
      lines.push(shortDiff(f, readFileSync(join(outDir, f), 'utf8'), result.files.get(f)!));
    }
    process.stderr.write(lines.join('\n') + '\n');
    return 1;
  }

  writeAtomically(outDir, result.files);
  recordWarmState(cacheFile(outDir), generatorFingerprint(), result.files.get('manifest.json')!);
  if (values.summary && result.model) {
    const m = result.model;
    process.stdout.write(
      [
        `wopgen ${GENERATOR_VERSION}: generated ${posix(relative(process.cwd(), outDir) || '.')} from ${posix(specDir)} (${m.layout} layout, input sha256:${m.digest.slice(0, 12)}…)`,
        `  A2A ${m.a2a.release}: ${m.a2a.operations.length} operation rows (${new Set(m.a2a.operations.map((o) => o.method)).size} methods), ${m.a2a.errors.length} error rows, ${m.a2a.taskState.length} task-state rows`,
        `  MCP ${m.mcp.revision}: ${m.mcp.methods.length} methods, ${m.mcp.features.length} features, ${m.mcp.taskStatus.length} task-status rows`,
        `  OpenAPI ${m.openapi.version}: ${m.openapi.operationIds.length} operations; ${m.errors.length} error codes; ${m.events.length} interop events`,
        `  ${result.files.size} files written`,
      ].join('\n') + '\n',
    );
  } else if (!json) {
    process.stdout.write(`wopgen: wrote ${result.files.size} files to ${posix(values.out)}\n`);
  }
  return 0;
}

function printDiagnostics(diagnostics: Diagnostic[], json: boolean): void {
  for (const d of diagnostics) {
    process.stderr.write((json ? JSON.stringify(d) : formatDiagnostic(d)) + '\n');
  }
}

function posix(p: string): string {
  return p.split(sep).join('/');
}

const invokedDirectly =
  process.argv[1] &&
  existsSync(process.argv[1]) &&
  resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
