// `generate --watch` keeps its worker threads from one regeneration to the next: a one-shot run
// pays for starting a thread and loading the TypeScript compiler (and openapi-typescript, the
// AsyncAPI parser) every time, most of a regeneration after a small edit (README §Generation).
// A kept thread that has ended (it died, or a run's failure ended it) is started again on the
// next request, so a crash costs one failed regeneration at most.
import type { ArtifactCache } from '../cache/store.ts';
import type { StartedWorker } from './worker.ts';
import { startAsyncApiReader, startOpenApiPrinter, type Workers } from './workers.ts';

export interface KeptWorkers {
  /**
   * The workers for one generation. Their `dispose` keeps the threads; they start as
   * `startWorkersFor` starts them (cache/workers.ts): the TypeScript worker at once, the AsyncAPI
   * worker at once only while the artifact cache is empty.
   */
  forRun(cache: ArtifactCache): Workers;
  /** Has the TypeScript worker compile a small file, so its first real compile finds it loaded. */
  warmCompile(): Promise<void>;
  /** Ends the threads. */
  close(): Promise<void>;
}

export interface WorkerStarters {
  printer: (preload: boolean) => Workers['printer'];
  asyncapi: () => Workers['asyncapi'];
}

const WARM_UP_SOURCE = 'export const warm: number = 1;\n';

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
    async warmCompile() {
      await printer.view.run({ kind: 'transpile', files: [['warm-up.ts', WARM_UP_SOURCE]] });
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
