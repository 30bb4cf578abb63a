// Wire types from the OpenAPI document, by openapi-typescript in a worker thread (see
// openapi-worker.mjs), fed the bundled document so it never resolves or fetches a reference.
import { Worker } from 'node:worker_threads';
import type { DiagnosticSink } from '../check/diagnostic.ts';
import type { SpecModel } from '../model/ir.ts';
import type { EmittedFile } from './source-file.ts';

type WorkerAnswer = { ok: true; text: string } | { ok: false; message: string };

/** A started worker: warm it up early, then ask it once. */
export interface OpenApiPrinter {
  print(document: Record<string, unknown>): Promise<WorkerAnswer>;
  dispose(): Promise<void>;
}

export function startOpenApiPrinter(): OpenApiPrinter {
  const worker = new Worker(new URL('./openapi-worker.mjs', import.meta.url));
  worker.unref();
  return {
    print(document) {
      return new Promise((resolve, reject) => {
        worker.once('message', (m: WorkerAnswer) => resolve(m));
        worker.once('error', reject);
        worker.postMessage(document);
      });
    },
    async dispose() {
      await worker.terminate();
    },
  };
}

export async function emitOpenApiTypes(
  model: SpecModel,
  sink: DiagnosticSink,
  openapiFile: string,
  printer: OpenApiPrinter,
): Promise<EmittedFile | null> {
  const answer = await printer.print(model.openapi.document);
  if (!answer.ok) {
    sink.report(
      'openapi-invalid',
      openapiFile,
      '',
      `openapi-typescript rejected the document: ${answer.message}`,
    );
    return null;
  }
  const body = [
    answer.text,
    '',
    `/** The discovery document (getCapabilities 200). */`,
    `export type DiscoveryDocument = components['schemas']['Capabilities'];`,
    `/** Source: ${openapiFile}#/components/schemas/RunSnapshot */`,
    `export type RunSnapshot = components['schemas']['RunSnapshot'];`,
  ].join('\n');
  // Printed by TypeScript's printer behind openapi-typescript; see EmittedFile.parser.
  return { path: 'types/openapi.ts', from: [openapiFile], body, parser: 'printed' };
}
