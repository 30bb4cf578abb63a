// The OpenAPI document as openapi-typescript reads it, in the TypeScript worker thread: a document
// it cannot turn into types is `openapi-invalid`. What it prints is kept for the emitter
// (emit/types-openapi.ts), so the document is read once.
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import type { SpecModel } from '../model/ir.ts';
import type { OpenApiPrinter } from '../workers/workers.ts';

/** The printed wire types, or null when the document was rejected (reported). */
export async function validateOpenApi(
  model: SpecModel,
  sink: DiagnosticSink,
  openapiFile: string,
  printer: OpenApiPrinter,
): Promise<string | null> {
  const answer = await printer.run({ kind: 'print', document: model.openapi.document });
  if (answer.ok && typeof answer.value === 'string') return answer.value;
  sink.report(
    'openapi-invalid',
    openapiFile,
    '',
    `openapi-typescript rejected the document: ${answer.ok ? 'no text' : answer.message}`,
  );
  return null;
}
