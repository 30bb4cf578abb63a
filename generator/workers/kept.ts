// `generate --watch` keeps its worker threads from one regeneration to the next: a one-shot run
// pays for starting a thread and loading openapi-typescript (with the TypeScript compiler) or the
// AsyncAPI parser whenever its document changed (README §Generation).
// A kept thread that has ended (it died, or a run's failure ended it) is started again on the
// next request, so a crash costs one failed regeneration at most.
import type { ArtifactCache } from '../cache/store.ts';
import type { StartedWorker } from './worker.ts';
import { startAsyncApiReader, startOpenApiPrinter, type Workers } from './workers.ts';

export interface KeptWorkers {
  /**
   * The workers for one generation. Their `dispose` keeps the threads. The OpenAPI printer starts
   * at once (loading openapi-typescript only while the artifact cache is empty), so that an edit
   * of the OpenAPI document finds it started; the AsyncAPI worker at once only while the cache is
   * empty (cache/workers.ts).
   */
  forRun(cache: ArtifactCache): Workers;
  /** Ends the threads. */
  close(): Promise<void>;
}

export interface WorkerStarters {
  printer: (preload: boolean) => Workers['printer'];
  asyncapi: () => Workers['asyncapi'];
}

const STARTERS: WorkerStarters = { printer: startOpenApiPrinter, asyncapi: startAsyncApiReader };

export function keptWorkers(starters: WorkerStarters = STARTERS): KeptWorkers {
  let warmCache = false;
  const printer = kept(() => starters.printer(!warmCache));
  const asyncapi = kept(starters.asyncapi);
  return {
    forRun(cache) {
      warmCache = cache.exists();
      printer.start();
      if (!warmCache) asyncapi.start();
      return { printer: printer.view, asyncapi: asyncapi.view };
    },
    async close() {
      await Promise.all([printer.end(), asyncapi.end()]);
    },
  };
}

function kept<I, O>(start: () => StartedWorker<I, O>) {
  let current: StartedWorker<I, O> | undefined;
  const live = () => {
    if (!current || current.ended) current = start();
    return current;
  };
  const view: StartedWorker<I, O> = {
    run: async (input) => {
      const w = live();
      return w.run(input);
    },
    // The thread outlives the generation; `close` ends it.
    dispose: async () => undefined,
    get timing() {
      return current?.timing;
    },
  };
  return {
    view,
    start: () => void live(),
    end: async () => {
      await current?.dispose();
      current = undefined;
    },
  };
}
