// Wire types from the OpenAPI document, by openapi-typescript, fed the bundled document so it
// never resolves (or fetches) a reference itself.
import openapiTS, { astToString } from 'openapi-typescript';
import type { DiagnosticSink } from '../check/diagnostic.ts';
import type { SpecModel } from '../model/ir.ts';
import type { EmittedFile } from './source-file.ts';

export async function emitOpenApiTypes(
  model: SpecModel,
  sink: DiagnosticSink,
  openapiFile: string,
): Promise<EmittedFile | null> {
  try {
    const ast = await openapiTS(structuredClone(model.openapi.document) as never, {
      silent: true,
      alphabetize: true,
    });
    const body = [
      astToString(ast),
      '',
      `/** The discovery document (getCapabilities 200). */`,
      `export type DiscoveryDocument = components['schemas']['Capabilities'];`,
      `/** Source: ${openapiFile}#/components/schemas/RunSnapshot */`,
      `export type RunSnapshot = components['schemas']['RunSnapshot'];`,
    ].join('\n');
    return { path: 'types/openapi.ts', from: [openapiFile], body, parser: 'printed' };
  } catch (err) {
    sink.report(
      'openapi-invalid',
      openapiFile,
      '',
      `openapi-typescript rejected the document: ${err instanceof Error ? err.message : String(err)}`,
    );
    return null;
  }
}
