// The OpenWOP error catalogue (errors.json): code → HTTP status and retriable, and the envelope
// builder `{error, message, details?}`.
import type { SpecModel } from '../model/ir.ts';
import { code, constant, fn, typed, types } from './code/declarations.ts';
import { doc, entries, inline, lit, unionOf } from './code/literals.ts';
import { originFile, TsModule } from './code/module.ts';
import type { EmittedFile } from './source-file.ts';

export function emitErrorCatalogue(model: SpecModel): EmittedFile {
  const m = new TsModule('errors/catalogue.ts');
  m.add(types(`export type OpenWopErrorCode = ${unionOf(model.errors.map((e) => e.code))};`));
  m.add(
    constant({
      name: 'errorCatalogue',
      type: '{ readonly [C in OpenWopErrorCode]: { httpStatus: number; retriable: boolean } }',
      value: [
        `{`,
        ...entries(
          model.errors.map((e) => ({
            origin: e.origin,
            key: lit(e.code),
            value: inline({ httpStatus: e.httpStatus, retriable: e.retriable }),
          })),
        ),
        `}`,
      ],
    }),
  );
  m.add(
    types(
      `export interface OpenWopErrorEnvelope {`,
      `  error: OpenWopErrorCode;`,
      `  message: string;`,
      `  details?: Record<string, unknown>;`,
      `}`,
    ),
  );
  m.add(
    fn({
      name: 'isOpenWopErrorCode',
      params: [['code', 'string']],
      returns: 'code is OpenWopErrorCode',
      body: [`  return Object.hasOwn(errorCatalogue, code);`],
    }),
  );
  m.add(
    fn({
      doc: [doc('The envelope and the registered HTTP status for `code`.')],
      name: 'openWopError',
      params: [
        ['code', 'OpenWopErrorCode'],
        ['message', 'string'],
        ['details?', 'Record<string, unknown>'],
      ],
      returns: '{ httpStatus: number; body: OpenWopErrorEnvelope }',
      body: [
        code`  const ${typed('body', 'OpenWopErrorEnvelope')} = { error: code, message };`,
        `  if (details !== undefined) body.details = details;`,
        `  return { httpStatus: errorCatalogue[code].httpStatus, body };`,
      ],
    }),
  );
  return m.file([originFile(model.errors, 'errors.json')]);
}
