// The pipeline's two worker threads (see worker.ts), started as early as a generation is known to
// be needed: the command line starts them before it even loads the pipeline.
import { startAsyncApiReader, type AsyncApiReader } from './types-asyncapi.ts';
import { startOpenApiPrinter, type OpenApiPrinter } from './types-openapi.ts';

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
