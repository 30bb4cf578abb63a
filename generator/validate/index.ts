// Stage 2b, before `check` (DESIGN.md §2): the OpenAPI and AsyncAPI documents validated by their
// own libraries, in the two worker threads at once (the parsers are slow; see workers/worker.ts).
// Diagnostics carry file, JSON pointer and line:column; emitters get what the libraries read and
// report nothing themselves.
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import type { AsyncApiChannel, Workers } from '../workers/workers.ts';
import type { SpecModel } from '../model/ir.ts';
import { validateAsyncApi } from './asyncapi.ts';
import { validateOpenApi } from './openapi.ts';

/** Each document as its library read it: what the type emitters print. */
export interface ValidatedDocuments {
  /** openapi-typescript's wire types of the OpenAPI document; null when it was rejected. */
  openapiTypes: string | null;
  /** The AsyncAPI channels and the messages each carries, sorted by id. */
  channels: AsyncApiChannel[];
}

export async function validateDocuments(
  model: SpecModel,
  sink: DiagnosticSink,
  workers: Workers,
  openapiFile: string,
): Promise<ValidatedDocuments> {
  const [openapiTypes, channels] = await Promise.all([
    validateOpenApi(model, sink, openapiFile, workers.printer),
    validateAsyncApi(model, sink, workers.asyncapi),
  ]);
  return { openapiTypes, channels };
}
