// emitOpenApiTypes: openapi-typescript's printed output (from the validate stage) with the aliases
// the runtime names, left as printed.
import { describe, expect, it } from 'vitest';
import { emitOpenApiTypes } from '../../../generator/emit/types-openapi.ts';

describe('emitOpenApiTypes', () => {
  it('appends the DiscoveryDocument and RunSnapshot aliases to the printed types', () => {
    const printed = 'export interface components {\n  schemas: Record<string, never>;\n}';
    const file = emitOpenApiTypes('spec/openapi.yaml', printed);
    expect(file).toEqual({
      path: 'types/openapi.ts',
      from: ['spec/openapi.yaml'],
      parser: 'printed',
      body: [
        printed,
        '',
        '/** The discovery document (getCapabilities 200). */',
        "export type DiscoveryDocument = components['schemas']['Capabilities'];",
        '/** Source: spec/openapi.yaml#/components/schemas/RunSnapshot */',
        "export type RunSnapshot = components['schemas']['RunSnapshot'];",
      ].join('\n'),
      // A module of types only: dist/ declares it by its formatted source (support/dist.ts).
      dist: 'types',
    });
  });
});
