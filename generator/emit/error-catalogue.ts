// The OpenWOP error catalogue (errors.json): code → HTTP status and retriable, and the envelope
// builder `{error, message, details?}`.
import type { SpecModel } from '../model/ir.ts';
import { doc, entries, inline, lit, unionOf } from './code/literals.ts';
import { originFile, TsModule } from './code/module.ts';
import type { EmittedFile } from './source-file.ts';

export function emitErrorCatalogue(model: SpecModel): EmittedFile {
  const m = new TsModule('errors/catalogue.ts');
  m.add(`export type OpenWopErrorCode = ${unionOf(model.errors.map((e) => e.code))};`);
  m.add(
    `export const errorCatalogue: { readonly [C in OpenWopErrorCode]: { httpStatus: number; retriable: boolean } } = {`,
    ...entries(
      model.errors.map((e) => ({
        origin: e.origin,
        key: lit(e.code),
        value: inline({ httpStatus: e.httpStatus, retriable: e.retriable }),
      })),
    ),
    `};`,
  );
  m.add(
    `export interface OpenWopErrorEnvelope {`,
    `  error: OpenWopErrorCode;`,
    `  message: string;`,
    `  details?: Record<string, unknown>;`,
    `}`,
  );
  m.add(
    `export function isOpenWopErrorCode(code: string): code is OpenWopErrorCode {`,
    `  return Object.hasOwn(errorCatalogue, code);`,
    `}`,
  );
  m.add(
    doc('The envelope and the registered HTTP status for `code`.'),
    `export function openWopError(code: OpenWopErrorCode, message: string, details?: Record<string, unknown>): { httpStatus: number; body: OpenWopErrorEnvelope } {`,
    `  const body: OpenWopErrorEnvelope = { error: code, message };`,
    `  if (details !== undefined) body.details = details;`,
    `  return { httpStatus: errorCatalogue[code].httpStatus, body };`,
    `}`,
  );
  return m.file([originFile(model.errors, 'errors.json')]);
}
