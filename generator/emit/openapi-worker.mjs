// Worker thread for openapi-typescript: loading the TypeScript compiler it prints with is the
// largest start-up cost of a generation (see worker.ts).
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import openapiTS, { astToString } from 'openapi-typescript';

const loadMs = performance.now();

parentPort.on('message', async (document) => {
  const start = performance.now();
  try {
    const ast = await openapiTS(document, { silent: true, alphabetize: true });
    parentPort.postMessage({
      ok: true,
      value: astToString(ast),
      timing: { loadMs, runMs: performance.now() - start },
    });
  } catch (err) {
    parentPort.postMessage({
      ok: false,
      message: err instanceof Error ? err.message : String(err),
    });
  }
});
