// The named stages of a generation (STYLE.md §1): load → build IR → validate → check → emit → format.
// Nothing here writes files: `write.ts` does that once the whole output exists in memory.
import { performance } from 'node:perf_hooks';
import type { ArtifactCache } from './cache/store.ts';
import { withArtifactCache } from './cache/context.ts';
import { parsedYamlCache } from './cache/parsed-yaml.ts';
import { cachedWorkers } from './cache/workers.ts';
import { checkModel } from './check/index.ts';
import { DiagnosticSink, GeneratorBug, type Diagnostic } from './diagnostics/diagnostic.ts';
import { distOf } from './emit/support/dist.ts';
import { emitManifest, emitPackageJson, emitReadme } from './emit/package.ts';
import { joined, sha256Of, type OutputText } from './emit/support/output-text.ts';
import { GENERATOR_VERSION, sha256, WOPGEN_DEPENDENCIES } from './version.ts';
import { detectLayout, type SpecLayout } from './load/layout.ts';
import { disposeWorkers, startWorkers, type Workers } from './workers/workers.ts';
import { SourceSet } from './load/source-set.ts';
import type { SourceMemo } from './load/source-memo.ts';
import { buildModel } from './model/build.ts';
import type { SpecModel } from './model/ir.ts';
import { validateDocuments } from './validate/index.ts';
import { trace } from './trace.ts';

export interface StageTiming {
  stage: string;
  ms: number;
}

export interface GenerateResult {
  diagnostics: Diagnostic[];
  /** Output files by path relative to the output directory; null when an error stopped emission. */
  files: Map<string, string> | null;
  /** The same texts as header and rest (emit/support/output-text.ts), for the writer. */
  parts?: Map<string, OutputText>;
  model: SpecModel | null;
  timings: StageTiming[];
}

export interface GenerateOptions {
  /** The regenerate command printed in every header. */
  command: string;
  /** Workers the caller started early; `generate` owns them from here and ends them. */
  workers?: Workers;
  /**
   * Per-artifact cache (cache/store.ts): steps whose input is unchanged since a run that recorded
   * them are not redone. The output is the same bytes with or without it.
   */
  cache?: ArtifactCache;
  /** Inputs and bundles kept from the run before (`generate --watch`, load/source-memo.ts). */
  memo?: SourceMemo;
}

export async function generate(specDir: string, opts: GenerateOptions): Promise<GenerateResult> {
  const timings: StageTiming[] = [];
  const stage = async <T>(name: string, run: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    trace(`stage ${name}`);
    try {
      return await run();
    } catch (err) {
      throw err instanceof GeneratorBug ? err : new GeneratorBug(name, err);
    } finally {
      trace(`stage ${name} done`);
      timings.push({ stage: name, ms: performance.now() - start });
    }
  };

  const layout = detectLayout(specDir);
  if (!layout) {
    if (opts.workers) await disposeWorkers(opts.workers);
    return {
      diagnostics: [
        {
          code: 'input-missing',
          severity: 'error',
          file: specDir,
          pointer: '',
          message: `${specDir} holds neither openapi.yaml (wopgen layout) nor api/v2/openapi.yaml (upstream layout)`,
        },
      ],
      files: null,
      model: null,
      timings,
    };
  }
  // The workers load their libraries (the TypeScript compiler, the AsyncAPI parser) while this
  // thread loads the spec.
  const workers = opts.workers ?? startWorkers();
  try {
    return await generateWith(layout, opts, workers, stage, timings);
  } finally {
    await disposeWorkers(workers);
  }
}

async function generateWith(
  layout: SpecLayout,
  opts: GenerateOptions,
  workers: Workers,
  stage: <T>(name: string, run: () => T | Promise<T>) => Promise<T>,
  timings: StageTiming[],
): Promise<GenerateResult> {
  const set = new SourceSet(layout, opts.cache && parsedYamlCache(opts.cache), opts.memo);
  const sink = new DiagnosticSink((file, pointer) => set.getRel(file)?.locate(pointer));
  const model = await stage('load+build', () =>
    withArtifactCache(opts.cache, () => buildModel(set, sink)),
  );
  if (!model) return { diagnostics: sink.sorted(), files: null, model, timings };
  const openapiFile = set.relOf(layout.openapi);
  // The workers' answers that depend only on a document come from the artifact cache when it has
  // them (cache/workers.ts), so a warm run validates an unchanged document without a worker.
  const cache = opts.cache;
  const asked = cache ? cachedWorkers(workers, cache) : workers;
  // Validate: the OpenAPI and AsyncAPI documents, when the build read them without error, go to
  // the worker threads first and are read there while this thread checks the model and emits what
  // does not depend on them. Nothing is emitted from them, and nothing is returned, before their
  // diagnostics are in.
  const validated =
    sink.errorCount === 0
      ? stage('validate', () => validateDocuments(model, sink, asked, openapiFile))
      : null;
  // Awaited below on every path; this only keeps a worker's crash from counting as unhandled
  // while this thread is still checking.
  validated?.catch(() => undefined);
  await stage('check', () => checkModel({ model }, sink));
  if (!validated || sink.errorCount > 0) {
    await validated;
    return { diagnostics: sink.sorted(), files: null, model, timings };
  }
  // Emitters and the formatter load their libraries only when a generation gets this far.
  const { emitAll } = await import('./emit/index.ts');
  const { formatParts } = await import('./emit/support/format.ts');
  const emission = await stage('emit', () =>
    withArtifactCache(cache, () =>
      emitAll(model, sink, { command: opts.command, openapiFile, validated }),
    ),
  );
  // This thread formats its own files while the workers finish theirs. A formatting failure
  // counts only once the workers are done, as when formatting came after them: a worker's
  // failure or a spec error they report takes precedence.
  let local: Map<string, OutputText> | null = null;
  let formatFailure: { err: unknown } | null = null;
  if (sink.errorCount === 0) {
    try {
      local = await stage('format', () => formatParts(emission.local, cache));
    } catch (err) {
      formatFailure = { err };
    }
  }
  // A worker's failure is the emit stage's, as when it was awaited there.
  const remaining = await stage('workers', () =>
    emission.remaining.catch((err: unknown) => {
      throw err instanceof GeneratorBug ? err : new GeneratorBug('emit', err);
    }),
  );
  for (const [name, w] of [
    ['openapi worker', workers.printer],
    ['asyncapi worker', workers.asyncapi],
  ] as const) {
    // Measured in the worker: from its start to its library loaded, and its answer.
    if (w.timing)
      timings.push(
        { stage: `${name}: load`, ms: w.timing.loadMs },
        { stage: `${name}: run`, ms: w.timing.runMs },
      );
  }
  if (sink.errorCount > 0) return { diagnostics: sink.sorted(), files: null, model, timings };
  if (formatFailure) throw formatFailure.err;
  if (!local) throw new GeneratorBug('format', 'nothing was formatted');
  const rest = await stage('format', () => formatParts(remaining, cache));
  // One `format` timing for both halves, as one stage.
  const restTiming = timings.pop()!;
  const formatTiming = timings.find((t) => t.stage === 'format');
  if (formatTiming) formatTiming.ms += restTiming.ms;
  else timings.push(restTiming);
  const sources = new Map([...local, ...rest]);
  // The package around the sources: dist/ as the emitters printed it beside them, package.json
  // and README naming their modules and the dependencies they import.
  const dist = await stage('dist', () => distOf([...emission.local, ...remaining], sources));
  const own = await stage('package', () =>
    formatParts(
      [
        emitPackageJson(model, sources, opts.command, WOPGEN_DEPENDENCIES),
        emitReadme(model, sources, opts.command, WOPGEN_DEPENDENCIES),
      ],
      cache,
    ),
  );
  const parts = new Map(
    [...sources, ...dist, ...own].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const files = new Map([...parts].map(([path, t]) => [path, joined(t)]));
  // Each digest from the text's parts, so that no large text is joined here (output-text.ts).
  const digest = (text: string, path: string) => {
    const t = parts.get(path);
    return t ? sha256Of(t) : sha256(text);
  };
  const manifest = emitManifest(model, GENERATOR_VERSION, files, digest);
  files.set('manifest.json', manifest);
  parts.set('manifest.json', { header: '', body: manifest });
  return { diagnostics: sink.sorted(), files, parts, model, timings };
}
