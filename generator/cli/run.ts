// One run of `generate` or `check`, from options to an Outcome. Order matters for safety: the
// output folder is judged before anything is loaded, and written only once the whole generation
// exists in memory.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ArtifactCache } from '../cache/store.ts';
import { startWorkersFor } from '../cache/workers.ts';
import { GeneratorBug } from '../diagnostics/diagnostic.ts';
import { detectLayout, inputDirs, type SpecLayout } from '../load/layout.ts';
import type { GenerateResult } from '../pipeline.ts';
import { artifactCacheDir, cacheFile, generatorFingerprint, sha256 } from '../version.ts';
import { compareWithDisk, hasDrift, recordWarmState, shortDiff, upToDate } from '../write.ts';
import { writeGeneration } from '../write/commit.ts';
import { checkLocation, planOutput } from '../write/guard.ts';
import { ioFailure, OutputError } from '../write/problem.ts';
import type { RunOptions } from './args.ts';
import { outcome, summarize, type Outcome, type Summary } from './outcome.ts';
import { regenerateCommand } from './regenerate.ts';
import { relativeToWorkingDir } from './diagnostic-paths.ts';
import type { WatchSession } from './session.ts';
import { trace } from '../trace.ts';

/**
 * @param session what `--watch` keeps from one run to the next (cli/session.ts): its worker
 * threads, and its removals of staging folders, done before this run plans its write; without
 * it the run starts its own workers and ends them.
 */
export async function runOnce(o: RunOptions, session?: WatchSession): Promise<Outcome> {
  const started = performance.now();
  await session?.removals.settled();
  const result = await decide(o, session).catch((err: unknown) => {
    if (!(err instanceof OutputError)) throw err;
    const status = err.problem.code === 'output-refused' ? 'refused' : 'io-error';
    return outcome(status, { diagnostics: [err.problem] });
  });
  const durationMs = Math.round((performance.now() - started) * 10) / 10;
  return { ...result, command: o.command, spec: o.spec, out: o.out, durationMs };
}

async function decide(o: RunOptions, session?: WatchSession): Promise<Outcome> {
  const layout = detectLayout(o.spec);
  const protectedDirs = layout ? inputDirs(layout) : [o.spec];
  const plan = o.command === 'generate' ? planOutput(o.out, protectedDirs) : undefined;
  const outDir = plan?.dir ?? checkLocation(o.out, protectedDirs).real;
  const command = regenerateCommand(o.spec, o.out);
  if (plan && layout && !o.force) {
    const early = warmOutcome(o, layout, outDir, command);
    if (early) return early;
  }
  // --force regenerates from scratch: nothing is taken from the artifact cache, which is refilled.
  trace('decide: planned');
  const cache = new ArtifactCache(artifactCacheDir(), generatorFingerprint(), { read: !o.force });
  const result = await generateInMemory(o.spec, command, Boolean(layout), cache, session);
  trace('decide: generated');
  if (result instanceof GeneratorBug)
    return outcome('internal-error', { message: bugText(result, o) });
  const timings = o.verbose ? result.timings : undefined;
  const { files, model } = result;
  const diagnostics = layout
    ? relativeToWorkingDir(result.diagnostics, layout.displayRoot)
    : result.diagnostics;
  if (!files) return outcome('spec-errors', { diagnostics, timings });
  const summary = model ? summarize(model, files.size) : undefined;
  if (!plan) return compare(outDir, files, { diagnostics, timings, summary });
  const written = writeGeneration(plan, files, {
    parts: result.parts,
    ...(session && { removeStaging: (staging: string) => session.removals.remove(staging) }),
  });
  trace('decide: written');
  recordWarmState(cacheFile(outDir), {
    fingerprint: generatorFingerprint(),
    manifestSha256: sha256(files.get('manifest.json')!),
    command,
    summary,
  });
  trace('decide: warm state recorded');
  return outcome('generated', {
    diagnostics,
    timings,
    summary,
    files: { total: files.size, ...written },
  });
}

function warmOutcome(o: RunOptions, layout: SpecLayout, outDir: string, command: string) {
  const start = performance.now();
  const fingerprint = generatorFingerprint();
  const warm = upToDate(outDir, layout.displayRoot, cacheFile(outDir), { fingerprint, command });
  if (!warm) return undefined;
  const timings = [{ stage: 'up-to-date check', ms: performance.now() - start }];
  return outcome('up-to-date', {
    summary: warm.summary as Summary | undefined,
    ...(o.verbose ? { timings } : {}),
  });
}

/** A generation in memory for `--watch`'s warm-up (cli/warm-up.ts): nothing is written. */
export async function generateForWarmUp(o: RunOptions, session: WatchSession): Promise<void> {
  if (!detectLayout(o.spec)) return;
  const cache = new ArtifactCache(artifactCacheDir(), generatorFingerprint());
  await generateInMemory(o.spec, regenerateCommand(o.spec, o.out), true, cache, session);
}

async function generateInMemory(
  spec: string,
  command: string,
  haveLayout: boolean,
  cache: ArtifactCache,
  session?: WatchSession,
): Promise<GenerateResult | GeneratorBug> {
  try {
    // The workers start loading their libraries before this thread loads the pipeline's.
    const kept = session?.workers;
    const workers = !haveLayout ? undefined : kept ? kept.forRun(cache) : startWorkersFor(cache);
    const { generate } = await import('../pipeline.ts');
    return await generate(spec, {
      command,
      workers,
      cache,
      ...(session && { memo: session.sources }),
    });
  } catch (err) {
    return err instanceof GeneratorBug ? err : new GeneratorBug('cli', err);
  }
}

function compare(
  outDir: string,
  files: Map<string, string>,
  fields: Pick<Outcome, 'diagnostics' | 'timings' | 'summary'>,
): Outcome {
  let drift;
  try {
    drift = compareWithDisk(outDir, files);
  } catch (err) {
    throw ioFailure('read', outDir, err);
  }
  if (!hasDrift(drift)) return outcome('up-to-date', fields);
  const diffs = drift.changed
    .slice(0, 3)
    .map((f) => shortDiff(f, readFileSync(join(outDir, f), 'utf8'), files.get(f)!));
  return outcome('drift', {
    ...fields,
    drift: { changed: drift.changed, missing: drift.added, orphan: drift.removed, diffs },
  });
}

function bugText(bug: GeneratorBug, o: RunOptions): string {
  const stack = o.verbose && bug.cause instanceof Error ? `\n${bug.cause.stack}` : '';
  return bug.message + stack;
}
