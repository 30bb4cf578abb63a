// Wire types from the OpenAPI document: openapi-typescript's output, printed in the TypeScript
// worker by the validate stage (validate/openapi.ts) from the bundled document, plus the aliases
// the runtime names.
import type { EmittedFile } from './source-file.ts';

export function emitOpenApiTypes(openapiFile: string, printed: string): EmittedFile {
  const body = [
    printed,
    '',
    `/** The discovery document (getCapabilities 200). */`,
    `export type DiscoveryDocument = components['schemas']['Capabilities'];`,
    `/** Source: ${openapiFile}#/components/schemas/RunSnapshot */`,
    `export type RunSnapshot = components['schemas']['RunSnapshot'];`,
  ].join('\n');
  // Printed by TypeScript's printer behind openapi-typescript; see EmittedFile.parser.
  return { path: 'types/openapi.ts', from: [openapiFile], body, parser: 'printed', dist: 'types' };
}
