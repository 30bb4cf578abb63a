// The named stages of a generation (STYLE.md §1): load → build IR → check → emit → format.
// Nothing here writes files: `write.ts` does that once the whole output exists in memory.
import { performance } from 'node:perf_hooks';
import { checkModel } from './check/rules.ts';
import { DiagnosticSink, GeneratorBug, type Diagnostic } from './check/diagnostic.ts';
import { emitManifest } from './emit/package.ts';
import { GENERATOR_VERSION, sha256 } from './version.ts';
import { detectLayout, type SpecLayout } from './load/layout.ts';
import { startOpenApiPrinter, type OpenApiPrinter } from './emit/types-openapi.ts';
import { startAsyncApiReader, type AsyncApiReader } from './emit/types-asyncapi.ts';
import { SourceSet } from './load/source-set.ts';
import { buildModel } from './model/build.ts';
import type { SpecModel } from './model/ir.ts';

export interface StageTiming {
  stage: string;
  ms: number;
}

export interface GenerateResult {
  diagnostics: Diagnostic[];
  /** Output files by path relative to the output directory; null when an error stopped emission. */
  files: Map<string, string> | null;
  model: SpecModel | null;
  timings: StageTiming[];
}

export interface GenerateOptions {
  /** The regenerate command printed in every header. */
  command: string;
}

export async function generate(specDir: string, opts: GenerateOptions): Promise<GenerateResult> {
  const timings: StageTiming[] = [];
  const stage = async <T>(name: string, run: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await run();
    } catch (err) {
      throw err instanceof GeneratorBug ? err : new GeneratorBug(name, err);
    } finally {
      timings.push({ stage: name, ms: performance.now() - start });
    }
  };

  const layout = detectLayout(specDir);
  if (!layout) {
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
  // The openapi-typescript worker loads the TypeScript compiler while this thread loads the spec.
  const workers = { printer: startOpenApiPrinter(), asyncapi: startAsyncApiReader() };
  try {
    return await generateWith(layout, opts, workers, stage, timings);
  } finally {
    await Promise.all([workers.printer.dispose(), workers.asyncapi.dispose()]);
  }
}

async function generateWith(
  layout: SpecLayout,
  opts: GenerateOptions,
  workers: { printer: OpenApiPrinter; asyncapi: AsyncApiReader },
  stage: <T>(name: string, run: () => T | Promise<T>) => Promise<T>,
  timings: StageTiming[],
): Promise<GenerateResult> {
  const set = new SourceSet(layout);
  const sink = new DiagnosticSink((file, pointer) => set.getRel(file)?.locate(pointer));
  const model = await stage('load+build', () => buildModel(set, sink));
  if (model) {
    await stage('check', () =>
      checkModel(
        model,
        sink,
        set.get(layout.interopMap)!.data as Record<string, unknown>,
        set.relOf(layout.interopMap),
      ),
    );
  }
  if (!model || sink.errorCount > 0)
    return { diagnostics: sink.sorted(), files: null, model, timings };
  // Emitters and the formatter load their libraries only when a generation gets this far.
  const { emitAll } = await import('./emit/index.ts');
  const { formatFiles } = await import('./emit/format.ts');
  const raw = await stage('emit', () =>
    emitAll(model, sink, {
      command: opts.command,
      openapiFile: set.relOf(layout.openapi),
      ...workers,
    }),
  );
  if (sink.errorCount > 0) return { diagnostics: sink.sorted(), files: null, model, timings };
  const files = await stage('format', () => formatFiles(raw));
  files.set('manifest.json', emitManifest(model, GENERATOR_VERSION, files, sha256));
  return { diagnostics: sink.sorted(), files, model, timings };
}
