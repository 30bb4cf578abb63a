// Worker thread that owns the TypeScript compiler: loading it is the largest start-up cost of a
// generation (see worker.ts), so the one worker that loads it does both jobs that need it, in
// turn: printing the OpenAPI wire types (openapi-typescript) and, once every file is formatted,
// compiling the generated package's dist/ (compile-package.mjs).
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import openapiTS, { astToString } from 'openapi-typescript';
import { compilePackage } from './compile-package.mjs';

const loadMs = performance.now();

async function answer(request) {
  if (request.kind === 'compile') return compilePackage(request.files);
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
