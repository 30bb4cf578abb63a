// The pipeline's worker threads behind the artifact cache (store.ts): a document the worker has
// already answered for is answered from the cache without asking it, and a worker is started only
// when something is asked of it, so a warm regeneration whose OpenAPI and AsyncAPI documents are
// unchanged never loads openapi-typescript or the AsyncAPI parser.
import type { WorkerAnswer, StartedWorker } from '../workers/worker.ts';
import { startAsyncApiReader, startOpenApiPrinter, type Workers } from '../workers/workers.ts';
import { jsonOf } from './frozen.ts';
import type { ArtifactCache } from './store.ts';

/**
 * A worker that starts on its first request (or on `warm()`), so that a run which never needs it
 * pays nothing for it.
 */
export interface LazyWorker<I, O> extends StartedWorker<I, O> {
  /** Starts it now, so its library loads while this thread works. */
  warm(): void;
}

export function lazyWorker<I, O>(start: () => StartedWorker<I, O>): LazyWorker<I, O> {
  let started: StartedWorker<I, O> | undefined;
  const get = () => (started ??= start());
  return {
    warm: () => void get(),
    run: (input) => get().run(input),
    dispose: async () => {
      await started?.dispose();
    },
    get timing() {
      return started?.timing;
    },
  };
}

/**
 * `workers` with the answers that depend only on a document served from `cache`: the OpenAPI
 * print (a string) and the AsyncAPI reading (channels and diagnostics). Only successful answers
 * are kept; a failure is asked again next time.
 */
export function cachedWorkers(workers: Workers, cache: ArtifactCache): Workers {
  const printer = workers.printer;
  const asyncapi = workers.asyncapi;
  return {
    printer: {
      run: (request) =>
        through(cache, 'openapi-typescript', request.document, () => printer.run(request)),
      dispose: () => printer.dispose(),
      get timing() {
        return printer.timing;
      },
    },
    asyncapi: {
      run: (document) => through(cache, 'asyncapi-parser', document, () => asyncapi.run(document)),
      dispose: () => asyncapi.dispose(),
      get timing() {
        return asyncapi.timing;
      },
    },
  };
}

async function through<O>(
  cache: ArtifactCache,
  step: string,
  document: unknown,
  ask: () => Promise<WorkerAnswer<O>>,
): Promise<WorkerAnswer<O>> {
  // A document kept from the run before (load/source-memo.ts) has its JSON already.
  const input = jsonOf(document);
  const hit = cache.get(step, input);
  if (hit !== undefined) return { ok: true, value: JSON.parse(hit) as O };
  const answer = await ask();
  if (answer.ok) cache.set(step, input, JSON.stringify(answer.value));
  return answer;
}

/**
 * The command line's workers. A cold run starts both at once, so their libraries load on the other
 * cores while this thread loads the spec. When this generator build has cached answers, most runs
 * are regenerations after a small edit: each worker then starts only if its document changed,
 * when the cache is asked for its answer and has none.
 */
export function startWorkersFor(cache: ArtifactCache): Workers {
  const printer = lazyWorker(() => startOpenApiPrinter());
  const asyncapi = lazyWorker(startAsyncApiReader);
  if (!cache.exists()) {
    printer.warm();
    asyncapi.warm();
  }
  return { printer, asyncapi };
}
