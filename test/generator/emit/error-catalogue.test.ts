// emitErrorCatalogue: code → HTTP status and retriable per errors.json row, and the envelope.
import { describe, expect, it } from 'vitest';
import { emitErrorCatalogue } from '../../../generator/emit/error-catalogue.ts';
import { bundledModel, importLines, runEmitted } from './fixture.ts';

interface Module {
  errorCatalogue: Record<string, { httpStatus: number; retriable: boolean }>;
  isOpenWopErrorCode(c: string): boolean;
  openWopError(code: string, message: string, details?: object): unknown;
}

describe('emitErrorCatalogue', () => {
  const model = bundledModel();
  const file = emitErrorCatalogue(model);
  const mod = runEmitted(file) as unknown as Module;

  it('has one entry per errors.json code, with its source comment', () => {
    expect(file.path).toBe('errors/catalogue.ts');
    expect(importLines(file)).toEqual([]);
    expect(Object.keys(mod.errorCatalogue)).toEqual(model.errors.map((e) => e.code));
    for (const e of model.errors) {
      expect(mod.errorCatalogue[e.code]).toEqual({
        httpStatus: e.httpStatus,
        retriable: e.retriable,
      });
      expect(file.body).toContain(`/** Source: ${e.origin.file}#${e.origin.pointer} */`);
    }
    expect(mod.isOpenWopErrorCode(model.errors[0]!.code)).toBe(true);
    expect(mod.isOpenWopErrorCode('toString')).toBe(false);
  });

  it('builds the envelope with the registered status; details only when given', () => {
    const e = model.errors[0]!;
    expect(mod.openWopError(e.code, 'm')).toEqual({
      httpStatus: e.httpStatus,
      body: { error: e.code, message: 'm' },
    });
    expect(mod.openWopError(e.code, 'm', { a: 1 })).toEqual({
      httpStatus: e.httpStatus,
      body: { error: e.code, message: 'm', details: { a: 1 } },
    });
  });

  it('declares `never` codes for an empty catalogue', () => {
    const m = bundledModel();
    m.errors = [];
    const f = emitErrorCatalogue(m);
    expect(f.body).toMatch(/^export type OpenWopErrorCode = never;/);
    expect(f.from).toEqual(['errors.json']);
  });
});
