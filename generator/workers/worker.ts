// A one-shot worker thread: started early so its library loads on the other core while this
// thread loads the spec, then asked once. Worker scripts are plain JavaScript because worker
// threads do not inherit tsx's loader.
import { Worker } from 'node:worker_threads';

/** How long the worker took to load its library and to answer, for `--verbose`. */
export interface WorkerTiming {
  loadMs: number;
  runMs: number;
}

export type WorkerAnswer<T> =
  { ok: true; value: T; timing?: WorkerTiming } | { ok: false; message: string };

export interface StartedWorker<I, O> {
  run(input: I): Promise<WorkerAnswer<O>>;
  dispose(): Promise<void>;
  /** Set once the worker answered. */
  timing?: WorkerTiming;
}

// The bundled build (bin/build-generator.mjs) ships each worker as one CommonJS file beside the
// module that starts it.
declare const WOPGEN_WORKER_EXT: string | undefined;
const WORKER_EXT = typeof WOPGEN_WORKER_EXT === 'string' ? WOPGEN_WORKER_EXT : '.mjs';

/** Starts `generator/workers/<name>.mjs`, or its bundled build. */
export function startWorker<I, O>(name: string): StartedWorker<I, O> {
  const worker = new Worker(new URL(`./${name}${WORKER_EXT}`, import.meta.url));
  worker.unref();
  const started: StartedWorker<I, O> = {
    run(input) {
      return new Promise((resolve, reject) => {
        worker.once('message', (m: WorkerAnswer<O>) => {
          if (m.ok && m.timing) started.timing = m.timing;
          resolve(m);
        });
        worker.once('error', reject);
        worker.postMessage(input);
      });
    },
    async dispose() {
      await worker.terminate();
    },
  };
  return started;
}
