// The OpenWOP error catalogue (errors.json): code → HTTP status and retriable, and the envelope
// builder `{error, message, details?}`.
import type { SpecModel } from '../model/ir.ts';
import { lit, sourceComment, unionOf, type EmittedFile } from './source-file.ts';

export function emitErrorCatalogue(model: SpecModel): EmittedFile {
  const L: string[] = [];
  L.push(`export type OpenWopErrorCode = ${unionOf(model.errors.map((e) => e.code))};`, '');
  L.push(
    `export const errorCatalogue: { readonly [C in OpenWopErrorCode]: { httpStatus: number; retriable: boolean } } = {`,
  );
  for (const e of model.errors)
    L.push(
      `  ${sourceComment(e.origin)}`,
      `  ${lit(e.code)}: { httpStatus: ${e.httpStatus}, retriable: ${e.retriable} },`,
    );
  L.push(
    `};`,
    '',
    `export interface OpenWopErrorEnvelope {`,
    `  error: OpenWopErrorCode;`,
    `  message: string;`,
    `  details?: Record<string, unknown>;`,
    `}`,
    '',
    `export function isOpenWopErrorCode(code: string): code is OpenWopErrorCode {`,
    `  return Object.hasOwn(errorCatalogue, code);`,
    `}`,
    '',
    `/** The envelope and the registered HTTP status for \`code\`. */`,
    `export function openWopError(code: OpenWopErrorCode, message: string, details?: Record<string, unknown>): { httpStatus: number; body: OpenWopErrorEnvelope } {`,
    `  const body: OpenWopErrorEnvelope = { error: code, message };`,
    `  if (details !== undefined) body.details = details;`,
    `  return { httpStatus: errorCatalogue[code].httpStatus, body };`,
    `}`,
  );
  return {
    path: 'errors/catalogue.ts',
    from: [model.errors[0]?.origin.file ?? 'errors.json'],
    body: L.join('\n'),
    parser: 'typescript',
  };
}
