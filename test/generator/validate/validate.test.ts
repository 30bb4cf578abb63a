// The validate stage (generator/validate/): the OpenAPI and AsyncAPI documents read by their own
// libraries in the worker threads before `check`; problems are diagnostics with file, pointer and
// line, reported by this stage and not by an emitter, and an error leaves no output.
import { afterAll, describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../../generator/diagnostics/diagnostic.ts';
import { disposeWorkers, startWorkers } from '../../../generator/workers/workers.ts';
import { validateDocuments } from '../../../generator/validate/index.ts';
import { bundledModel } from '../emit/fixture.ts';
import { expectDiagnostic, SpecFixture } from '../../helpers/spec-fixture.ts';

describe('validateDocuments', () => {
  const workers = startWorkers();
  afterAll(() => disposeWorkers(workers));

  it('reads the bundled documents with no finding: printed types and sorted channels', async () => {
    const sink = new DiagnosticSink(() => undefined);
    const v = await validateDocuments(bundledModel(), sink, workers, 'spec/openapi.yaml');
    expect(sink.items).toEqual([]);
    expect(v.openapiTypes).toMatch(/export interface components \{/);
    expect(v.channels.map((c) => c.id)).toEqual(['hostEvents', 'runEvents']);
    expect(v.channels[0]).toEqual({
      id: 'hostEvents',
      address: '/host/events',
      messages: ['negotiation.decided'],
    });
  });

  it('reports an OpenAPI document openapi-typescript cannot read, and hands on no types', async () => {
    const model = bundledModel();
    model.openapi.document = { ...model.openapi.document, openapi: '2.0' };
    const sink = new DiagnosticSink(() => undefined);
    const v = await validateDocuments(model, sink, workers, 'spec/openapi.yaml');
    expect(v.openapiTypes).toBeNull();
    expect(sink.items.map((d) => [d.code, d.severity, d.file, d.pointer, d.message])).toEqual([
      [
        'openapi-invalid',
        'error',
        'spec/openapi.yaml',
        '',
        'openapi-typescript rejected the document: Unsupported OpenAPI version: 2.0',
      ],
    ]);
  });
});

describe('the validate stage in a generation', () => {
  const fixture = new SpecFixture();
  afterAll(() => fixture.dispose());

  it('reports an AsyncAPI problem at its pointer and line, and still generates (a warning)', async () => {
    fixture.write(
      'spec/asyncapi.yaml',
      fixture.read('spec/asyncapi.yaml').replace('info:\n', 'info:\n  x-ok: 1\n  bogus: 1\n'),
    );
    const result = await fixture.generate();
    const d = expectDiagnostic(result.diagnostics, {
      code: 'asyncapi-invalid',
      file: 'spec/asyncapi.yaml',
      pointer: '/info/bogus',
      line: fixture.lineOf('spec/asyncapi.yaml', 'bogus:'),
    });
    expect(d.severity).toBe('warning');
    expect(result.files).not.toBeNull();
  });
});
