// Validators as ajv standalone code: no schema is compiled when the host starts. The JS module is
// paired with a declaration file so TypeScript callers get typed guards.
import standaloneModule from 'ajv/dist/standalone/index.js';
import { cachedStep } from '../cache/context.ts';
import { newStandaloneAjv } from '../model/spec-ajv.ts';
import type { SpecModel } from '../model/ir.ts';
import { pascal } from '../model/naming.ts';
import { verbatim } from './code/declarations.ts';
import { TsModule } from './code/module.ts';
import { CREATE_REQUIRE, typeSymbol, type TsSymbol } from './code/symbols.ts';
import type { EmittedFile } from './source-file.ts';
import { textMemo } from '../cache/text-memo.ts';
import { typeNameOf } from './types-schemas.ts';

interface ValidatorSpec {
  exportName: string;
  /** The type the validator guards, declared by a sibling module. */
  type: TsSymbol;
  schema: Record<string, unknown>;
  from: string;
}

export function emitValidators(model: SpecModel): EmittedFile[] {
  const specs: ValidatorSpec[] = [];
  for (const f of model.facets) {
    const type = typeNameOf(`${pascal(f.family)}Facet`);
    specs.push({
      exportName: `validate${type}`,
      type: typeSymbol('types/facets.ts', type),
      schema: f.schema,
      from: f.origin.file,
    });
  }
  if (model.discovery) {
    specs.push({
      exportName: 'validateDiscoveryDocument',
      type: typeSymbol('types/openapi.ts', 'DiscoveryDocument'),
      schema: model.discovery.schema,
      from: model.discovery.origin.file,
    });
  }
  if (model.hostEvent) {
    specs.push({
      exportName: 'validateHostEvent',
      type: typeSymbol('types/events.ts', 'HostEvent'),
      schema: model.hostEvent.schema,
      from: model.hostEvent.origin.file,
    });
  }
  const negotiation = model.events.find((e) => e.type === 'negotiation.decided');
  if (negotiation) {
    specs.push({
      exportName: 'validateNegotiationDecided',
      type: typeSymbol('types/events.ts', 'NegotiationDecided'),
      schema: negotiation.schema,
      from: negotiation.origin.file,
    });
  }

  // Compiling the schemas is most of a warm regeneration's time: cached by what is compiled.
  const compiled = specs.map((s) => {
    const { $id: _id, $schema: _schema, ...schema } = s.schema;
    return [s.exportName, schema] as const;
  });
  const code = cachedStep('ajv-standalone', compiled, () => {
    const ajv = newStandaloneAjv();
    const refs: Record<string, string> = {};
    for (const [name, schema] of compiled) {
      ajv.addSchema(schema, name);
      refs[name] = name;
    }
    return standaloneModule.default(ajv, refs);
  });
  const from = [...new Set(specs.map((s) => s.from))].sort();
  const js: EmittedFile = {
    path: 'validators/standalone.js',
    from,
    body: esmBody(code),
    parser: 'printed',
  };
  const dts = new TsModule('validators/standalone.d.ts');
  dts.add(
    verbatim(
      `export interface ValidationError { instancePath: string; schemaPath: string; keyword: string; message?: string; params: Record<string, unknown> }`,
      `export interface Validator<T> { (data: unknown): data is T; errors?: ValidationError[] | null }`,
      ...specs.map((s) => `export declare const ${s.exportName}: Validator<${dts.use(s.type)}>;`),
    ),
  );
  return [js, dts.file(from)];
}

/**
 * The module's text from ajv's code, remembered by that code: megabytes that `generate --watch`
 * gets back unchanged from the artifact cache on every edit of another input.
 */
const esmBody = textMemo((code) => toEsmImports(code).text());

/**
 * ajv's standalone output `require`s its runtime helpers even in ESM mode. A module-local
 * `require` from `createRequire` loads them with CommonJS semantics, so the helpers are the same
 * objects whatever ESM interop the importing tool applies to CommonJS default exports.
 */
function toEsmImports(code: string): TsModule {
  const js = new TsModule('validators/standalone.js');
  const body = code.replace(/^"use strict";\s*/, '');
  if (!/\brequire\(/.test(body)) return js.add(verbatim(body));
  return js.add(verbatim(`const require = ${js.use(CREATE_REQUIRE)}(import.meta.url);`, body));
}
