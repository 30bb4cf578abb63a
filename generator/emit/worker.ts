// A one-shot worker thread: started early so its library loads on the other core while this
// thread loads the spec, then asked once. Worker scripts are plain JavaScript because worker
// threads do not inherit tsx's loader.
import { Worker } from 'node:worker_threads';

export type WorkerAnswer<T> = { ok: true; value: T } | { ok: false; message: string };

export interface StartedWorker<I, O> {
  run(input: I): Promise<WorkerAnswer<O>>;
  dispose(): Promise<void>;
}

export function startWorker<I, O>(script: URL): StartedWorker<I, O> {
  const worker = new Worker(script);
  worker.unref();
  return {
    run(input) {
      return new Promise((resolve, reject) => {
        worker.once('message', (m: WorkerAnswer<O>) => resolve(m));
        worker.once('error', reject);
        worker.postMessage(input);
      });
    },
    async dispose() {
      await worker.terminate();
    },
  };
}
