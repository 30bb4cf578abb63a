// Worker thread that owns the TypeScript compiler: loading it is the largest start-up cost of a
// generation (see worker.ts), so the one worker that loads it does both jobs that need it, in
// turn: printing the OpenAPI wire types (openapi-typescript) and, once every file is formatted,
// compiling the generated package's dist/ (compile-package.mjs).
//
// openapi-typescript loads at once unless the starter says the print is likely cached
// (`workerData.preload === false`, see cache/workers.ts): a warm regeneration only compiles here.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { transpileFiles } from './compile-package.mjs';

let loadMs = performance.now();
let printer;
const loadPrinter = () =>
  (printer ??= import('openapi-typescript').then((m) => {
    loadMs = performance.now();
    return m;
  }));
if (workerData?.preload !== false) void loadPrinter();

async function answer(request) {
  if (request.kind === 'transpile') return transpileFiles(request.files);
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
