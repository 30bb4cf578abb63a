// The pipeline's two worker threads (see worker.ts), started as early as a generation is known to
// be needed: the command line starts them before it even loads the pipeline. The validate stage
// (generator/validate/) asks them to read the documents.
import { startWorker, type StartedWorker } from './worker.ts';

/** What @asyncapi/parser answers (asyncapi-worker.mjs), as plain data. */
export interface ParsedAsyncApi {
  channels: AsyncApiChannel[];
  diagnostics: { code: string; message: string; path: string[]; severity: number }[];
}

export interface AsyncApiChannel {
  id: string;
  address: string;
  messages: string[];
}

export type AsyncApiReader = StartedWorker<Record<string, unknown>, ParsedAsyncApi>;

/** The job of the OpenAPI worker (openapi-worker.mjs): openapi-typescript's print of a document. */
export interface PrintRequest {
  kind: 'print';
  document: Record<string, unknown>;
}

/** Answers the printed types, a string. */
export type OpenApiPrinter = StartedWorker<PrintRequest, unknown>;

/** `preload` false: openapi-typescript loads only when a print is asked (cache/workers.ts). */
export function startOpenApiPrinter(preload = true): OpenApiPrinter {
  return startWorker('openapi-worker', { preload });
}

export function startAsyncApiReader(): AsyncApiReader {
  return startWorker('asyncapi-worker');
}

export interface Workers {
  printer: OpenApiPrinter;
  asyncapi: AsyncApiReader;
}

export function startWorkers(): Workers {
  return { printer: startOpenApiPrinter(), asyncapi: startAsyncApiReader() };
}

export async function disposeWorkers(workers: Workers): Promise<void> {
  await Promise.all([workers.printer.dispose(), workers.asyncapi.dispose()]);
}
