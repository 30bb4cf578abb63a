// Wire types from the OpenAPI document, by openapi-typescript in a worker thread
// (openapi-worker.mjs), fed the bundled document so it never resolves or fetches a reference.
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import type { SpecModel } from '../model/ir.ts';
import type { EmittedFile } from './source-file.ts';
import { startWorker, type StartedWorker } from './worker.ts';

/** The two jobs of the TypeScript worker (openapi-worker.mjs), answered in turn. */
export type TsWorkerRequest =
  | { kind: 'print'; document: Record<string, unknown> }
  | { kind: 'transpile'; files: [string, string][] };

/** Answers are a string for `print`, the compiled files for `transpile` (support/compile-dist.ts). */
export type OpenApiPrinter = StartedWorker<TsWorkerRequest, unknown>;

/** `preload` false: openapi-typescript loads only when a print is asked (cache/workers.ts). */
export function startOpenApiPrinter(preload = true): OpenApiPrinter {
  return startWorker('openapi-worker', { preload });
}

export async function emitOpenApiTypes(
  model: SpecModel,
  sink: DiagnosticSink,
  openapiFile: string,
  printer: OpenApiPrinter,
): Promise<EmittedFile | null> {
  const answer = await printer.run({ kind: 'print', document: model.openapi.document });
  if (!answer.ok || typeof answer.value !== 'string') {
    sink.report(
      'openapi-invalid',
      openapiFile,
      '',
      `openapi-typescript rejected the document: ${answer.ok ? 'no text' : answer.message}`,
    );
    return null;
  }
  const body = [
    answer.value,
    '',
    `/** The discovery document (getCapabilities 200). */`,
    `export type DiscoveryDocument = components['schemas']['Capabilities'];`,
    `/** Source: ${openapiFile}#/components/schemas/RunSnapshot */`,
    `export type RunSnapshot = components['schemas']['RunSnapshot'];`,
  ].join('\n');
  // Printed by TypeScript's printer behind openapi-typescript; see EmittedFile.parser.
  return { path: 'types/openapi.ts', from: [openapiFile], body, parser: 'printed' };
}
