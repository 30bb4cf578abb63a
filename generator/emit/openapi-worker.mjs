// Worker thread for openapi-typescript: loading the TypeScript compiler it prints with is the
// single largest start-up cost of a generation, so it overlaps with the main thread's stages.
// Plain JavaScript on purpose: a worker does not inherit tsx's loader.
import { parentPort } from 'node:worker_threads';
import openapiTS, { astToString } from 'openapi-typescript';

parentPort.on('message', async (document) => {
  try {
    const ast = await openapiTS(document, { silent: true, alphabetize: true });
    parentPort.postMessage({ ok: true, text: astToString(ast) });
  } catch (err) {
    parentPort.postMessage({
      ok: false,
      message: err instanceof Error ? err.message : String(err),
    });
  }
});
