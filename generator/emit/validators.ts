// Validators as ajv standalone code: no schema is compiled when the host starts. The JS module is
// paired with a declaration file so TypeScript callers get typed guards.
import standaloneModule from 'ajv/dist/standalone/index.js';
import { cachedStep } from '../cache/context.ts';
import { newStandaloneAjv } from '../model/validate-file.ts';
import type { SpecModel } from '../model/ir.ts';
import type { EmittedFile } from './source-file.ts';
import { typeNameOf } from './types-schemas.ts';
import { pascal } from '../model/naming.ts';

interface ValidatorSpec {
  exportName: string;
  type: string;
  typeImport: string;
  schema: Record<string, unknown>;
  from: string;
}

export function emitValidators(model: SpecModel): EmittedFile[] {
  const specs: ValidatorSpec[] = [];
  for (const f of model.facets) {
    const type = typeNameOf(`${pascal(f.family)}Facet`);
    specs.push({
      exportName: `validate${type}`,
      type,
      typeImport: '../types/facets.js',
      schema: f.schema,
      from: f.origin.file,
    });
  }
  if (model.discovery) {
    specs.push({
      exportName: 'validateDiscoveryDocument',
      type: 'DiscoveryDocument',
      typeImport: '../types/openapi.js',
      schema: model.discovery.schema,
      from: model.discovery.origin.file,
    });
  }
  if (model.hostEvent) {
    specs.push({
      exportName: 'validateHostEvent',
      type: 'HostEvent',
      typeImport: '../types/events.js',
      schema: model.hostEvent.schema,
      from: model.hostEvent.origin.file,
    });
  }
  const negotiation = model.events.find((e) => e.type === 'negotiation.decided');
  if (negotiation) {
    specs.push({
      exportName: 'validateNegotiationDecided',
      type: 'NegotiationDecided',
      typeImport: '../types/events.js',
      schema: negotiation.schema,
      from: negotiation.origin.file,
    });
  }

  // Compiling the schemas is most of a warm regeneration's time: cached by what is compiled.
  const compiled = specs.map((s) => {
    const { $id: _id, $schema: _schema, ...schema } = s.schema;
    return [s.exportName, schema] as const;
  });
  const js = cachedStep('ajv-standalone', compiled, () => {
    const ajv = newStandaloneAjv();
    const refs: Record<string, string> = {};
    for (const [name, schema] of compiled) {
      ajv.addSchema(schema, name);
      refs[name] = name;
    }
    return toEsmImports(standaloneModule.default(ajv, refs));
  });
  const from = [...new Set(specs.map((s) => s.from))].sort();
  const dts = [
    `export interface ValidationError { instancePath: string; schemaPath: string; keyword: string; message?: string; params: Record<string, unknown> }`,
    `export interface Validator<T> { (data: unknown): data is T; errors?: ValidationError[] | null }`,
    ...[...new Set(specs.map((s) => s.typeImport))].map(
      (imp) =>
        `import type { ${specs
          .filter((s) => s.typeImport === imp)
          .map((s) => s.type)
          .join(', ')} } from '${imp}';`,
    ),
    ...specs.map((s) => `export declare const ${s.exportName}: Validator<${s.type}>;`),
  ].join('\n');
  return [
    { path: 'validators/standalone.js', from, body: js, parser: 'printed' },
    { path: 'validators/standalone.d.ts', from, body: dts, parser: 'typescript' },
  ];
}

/**
 * ajv's standalone output `require`s its runtime helpers even in ESM mode. A module-local
 * `require` from `createRequire` loads them with CommonJS semantics, so the helpers are the same
 * objects whatever ESM interop the importing tool applies to CommonJS default exports.
 */
function toEsmImports(code: string): string {
  const body = code.replace(/^"use strict";\s*/, '');
  if (!/\brequire\(/.test(body)) return body;
  return [
    `import { createRequire } from 'node:module';`,
    `const require = createRequire(import.meta.url);`,
    body,
  ].join('\n');
}
