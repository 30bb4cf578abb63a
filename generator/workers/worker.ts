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
  /** Whether the thread has ended (disposed, or died): it answers nothing more. */
  readonly ended?: boolean;
}

// The bundled build (bin/build-generator.mjs) ships each worker as one CommonJS file beside the
// module that starts it.
declare const WOPGEN_WORKER_EXT: string | undefined;
const WORKER_EXT = typeof WOPGEN_WORKER_EXT === 'string' ? WOPGEN_WORKER_EXT : '.mjs';

/** Starts `generator/workers/<name>.mjs`, or its bundled build, with `workerData`. */
export function startWorker<I, O>(name: string, workerData?: unknown): StartedWorker<I, O> {
  const worker = new Worker(new URL(`./${name}${WORKER_EXT}`, import.meta.url), { workerData });
  worker.unref();
  let ended = false;
  worker.once('exit', () => (ended = true));
  // A worker answers one request at a time, in order: a request waits for the one before it, so
  // each answer goes to the request it belongs to.
  let queue: Promise<unknown> = Promise.resolve();
  const ask = (input: I) =>
    new Promise<WorkerAnswer<O>>((resolve, reject) => {
      // A thread that ends without an answer (terminated, or gone without an 'error') would
      // otherwise leave the request waiting for ever.
      if (ended) return reject(new Error(`the ${name} thread has ended`));
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onError = (err: unknown) => {
        done();
        reject(err);
      };
      const onExit = (code: number) => {
        done();
        reject(new Error(`the ${name} thread ended (exit code ${code}) without an answer`));
      };
      const onMessage = (m: WorkerAnswer<O>) => {
        done();
        if (m.ok && m.timing) started.timing = m.timing;
        resolve(m);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(input);
    });
  const started: StartedWorker<I, O> = {
    run(input) {
      const answer = queue.then(() => ask(input));
      queue = answer.catch(() => undefined);
      return answer;
    },
    async dispose() {
      await worker.terminate();
    },
    get ended() {
      return ended;
    },
  };
  return started;
}
