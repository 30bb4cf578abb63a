// Worker thread that prints the OpenAPI wire types with openapi-typescript (and so loads the
// TypeScript compiler, the largest start-up cost of a generation, see worker.ts). Nothing else
// of a generation needs the compiler: the code builder prints dist/ itself.
//
// openapi-typescript loads at once unless the starter says the print is likely cached
// (`workerData.preload === false`, see workers/kept.ts): `--watch` starts the thread early.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

let loadMs = performance.now();
let printer;
const loadPrinter = () =>
  (printer ??= import('openapi-typescript').then((m) => {
    loadMs = performance.now();
    return m;
  }));
if (workerData?.preload !== false) void loadPrinter();

async function answer(request) {
  const { default: openapiTS, astToString } = await loadPrinter();
  return astToString(await openapiTS(request.document, { silent: true, alphabetize: true }));
}

parentPort.on('message', async (request) => {
  const start = performance.now();
  try {
    const value = await answer(request);
    parentPort.postMessage({
      ok: true,
      value,
      timing: { loadMs, runMs: performance.now() - start },
    });
  } catch (err) {
    parentPort.postMessage({
      ok: false,
      message: err instanceof Error ? err.message : String(err),
    });
  }
});
