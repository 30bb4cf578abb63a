// Broken inputs: each must produce its diagnostic with code, file, JSON pointer and line, stop
// emission (no files), and never crash (DESIGN.md §4 checks; issue: broken-input list).
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { foldDerived } from '../../generator/diagnostics/cascade.ts';
import { INTEROP_EVENTS } from '../../generator/model/build-events.ts';
import { SpecFixture, expectDiagnostic } from '../helpers/spec-fixture.ts';

const MAP = 'spec/interop-map.json';

describe('diagnostics for broken inputs', () => {
  let fx: SpecFixture;
  beforeEach(() => {
    fx = new SpecFixture();
  });
  afterEach(() => fx.dispose());

  it('the bundled spec has no diagnostics at all', async () => {
    const result = await fx.generate();
    expect(result.diagnostics).toEqual([]);
    expect(result.files).not.toBeNull();
  }, 180_000);

  it('reports a v2Operation that is not an operationId', async () => {
    fx.editJson(MAP, (m) => {
      (m['a2a'] as { operations: { v2Operation: string | null }[] }).operations[5]!.v2Operation =
        'getRunz';
    });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    expectDiagnostic(result.diagnostics, {
      code: 'unknown-v2-operation',
      file: MAP,
      pointer: '/a2a/operations/5/v2Operation',
      line: fx.lineOf(MAP, '"getRunz"'),
      message: /"getRunz" is not an operationId of the OpenAPI document; did you mean "getRun"\?$/,
    });
  });

  it('reports a client projection that is not an error code', async () => {
    fx.editJson(MAP, (m) => {
      (m['a2a'] as { errors: { clientProjection: string }[] }).errors[0]!.clientProjection =
        'no_such_code';
    });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    expectDiagnostic(result.diagnostics, {
      code: 'unknown-error-code',
      file: MAP,
      pointer: '/a2a/errors/0/clientProjection',
      line: fx.lineOf(MAP, '"no_such_code"'),
    });
  });

  it('offers the nearest error code for a misspelt one', async () => {
    fx.editJson(MAP, (m) => {
      (m['a2a'] as { errors: { clientProjection: string }[] }).errors[0]!.clientProjection =
        'validaton_error';
    });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    expectDiagnostic(result.diagnostics, {
      code: 'unknown-error-code',
      file: MAP,
      pointer: '/a2a/errors/0/clientProjection',
      line: fx.lineOf(MAP, '"validaton_error"'),
      message: /is not a code in errors\.json; did you mean "validation_error"\?$/,
    });
  });

  it('reports an MCP task-status override naming no error code', async () => {
    fx.editJson(MAP, (m) => {
      const rows = (m['mcp'] as { tasks: { status: { errorCode?: string }[] } }).tasks.status;
      rows.find((r) => r.errorCode !== undefined)!.errorCode = 'no_such_failure';
    });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    expectDiagnostic(result.diagnostics, {
      code: 'unknown-error-code',
      file: MAP,
      pointer: '/mcp/tasks/status/10/errorCode',
      line: fx.lineOf(MAP, '"no_such_failure"'),
    });
  });

  it('reports a run status missing from the forward projection', async () => {
    fx.editJson(MAP, (m) => {
      const a2a = m['a2a'] as { taskState: { runStatus: string }[] };
      a2a.taskState = a2a.taskState.filter((r) => r.runStatus !== 'paused');
    });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    expectDiagnostic(result.diagnostics, {
      code: 'projection-incomplete',
      file: MAP,
      pointer: '/a2a/taskState',
      line: fx.lineOf(MAP, '"taskState"'),
      message: /no row for run status "paused"/,
    });
  });

  it('reports a requires entry that names no facet property', async () => {
    fx.editJson(MAP, (m) => {
      (m['a2a'] as { operations: { requires: string[] }[] }).operations[4]!.requires = [
        'a2a.streamingz',
      ];
    });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    expectDiagnostic(result.diagnostics, {
      code: 'requires-unknown-facet',
      file: MAP,
      pointer: '/a2a/operations/4/requires/0',
      line: fx.lineOf(MAP, '"a2a.streamingz"'),
    });
  });

  it('reports a -legacy profile id', async () => {
    fx.editJson(MAP, (m) => {
      (m['mcp'] as { features: { requiredFor: string[] }[] }).features[0]!.requiredFor = [
        'mcp-2025-06-18-legacy',
      ];
    });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    expectDiagnostic(result.diagnostics, {
      code: 'legacy-profile',
      file: MAP,
      pointer: '/mcp/features/0/requiredFor/0',
      line: fx.lineOf(MAP, '"mcp-2025-06-18-legacy"'),
    });
  });

  it('reports a facet profile pattern that admits a -legacy id', async () => {
    fx.editJson('spec/facets/a2a.schema.json', (s) => {
      (s['properties'] as Record<string, { items: { pattern: string } }>)[
        'profiles'
      ]!.items.pattern = '^a2a-.*$';
    });
    const result = await fx.generate();
    expectDiagnostic(result.diagnostics, {
      code: 'legacy-profile',
      file: 'spec/facets/a2a.schema.json',
      pointer: '/properties/profiles/items/pattern',
    });
  });

  it('reports an unresolvable $ref at its value, with its line, and the file it meant', async () => {
    const text = fx
      .read('spec/openapi.yaml')
      .replace('../schemas/run-snapshot.schema.json', '../schemas/run-snapshots.schema.json');
    fx.write('spec/openapi.yaml', text);
    const result = await fx.generate();
    expect(result.files).toBeNull();
    const d = expectDiagnostic(result.diagnostics, {
      code: 'ref-unresolved',
      file: 'spec/openapi.yaml',
      pointer: '/components/schemas/RunSnapshot/$ref',
    });
    expect(d.message).toBe(
      '$ref "../schemas/run-snapshots.schema.json": file ../schemas/run-snapshots.schema.json not found; did you mean "../schemas/run-snapshot.schema.json"?',
    );
    const line = fx.lineOf('spec/openapi.yaml', 'run-snapshots.schema.json');
    expect(d.position!.line).toBe(line);
    // The column of the string value, where the typo is, not of the `$ref` key before it.
    const source = fx.read('spec/openapi.yaml').split('\n')[line - 1]!;
    expect(d.position!.column).toBe(source.indexOf("'../schemas/run-snapshots") + 1);
    expect(d.derivedFrom).toBeUndefined();
  });

  it('reports a $ref typo in a JSON schema at the string value', async () => {
    const file = 'schemas/run-list-response.schema.json';
    fx.write(
      file,
      fx.read(file).replace('"run-snapshot.schema.json"', '"run-snapshotz.schema.json"'),
    );
    const result = await fx.generate();
    const d = expectDiagnostic(result.diagnostics, {
      code: 'ref-unresolved',
      file,
      pointer: '/properties/runs/items/$ref',
    });
    const line = fx.lineOf(file, 'run-snapshotz');
    const text = fx.read(file).split('\n')[line - 1]!;
    expect(d.position).toEqual({ line, column: text.indexOf('"run-snapshotz') + 1 });
  });

  it('links every error a missing schemas/ folder causes to that one cause', async () => {
    rmSync(fx.path('schemas'), { recursive: true });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    const roots = result.diagnostics.filter((d) => !d.derivedFrom);
    expect(roots).toEqual([
      {
        code: 'input-missing',
        severity: 'error',
        message: 'folder schemas/ does not exist, yet $refs name files in it',
        file: 'schemas',
        pointer: '',
      },
    ]);
    // Every chain of links ends at that cause: the text output folds them all under it.
    const folded = foldDerived(result.diagnostics);
    expect(folded).toHaveLength(1);
    expect(folded[0]!.cause).toBe(roots[0]);
    expect(folded[0]!.derived).toHaveLength(result.diagnostics.length - 1);
    const events = result.diagnostics.filter((d) => d.code === 'event-missing');
    // One per event type the interop layer reads, each linked to the cause.
    expect(events).toHaveLength(Object.keys(INTEROP_EVENTS).length);
    for (const e of events)
      expect(e.derivedFrom).toEqual({
        code: 'ref-unresolved',
        file: 'spec/asyncapi.yaml',
        pointer: '/components/messages/RunStarted/payload/$ref',
      });
  });

  it('folds later references to one missing file under the first', async () => {
    rmSync(fx.path('schemas/ids.schema.json'));
    const result = await fx.generate();
    const refs = result.diagnostics.filter(
      (d) => d.code === 'ref-unresolved' && d.message.includes('ids.schema.json'),
    );
    expect(refs.length).toBeGreaterThan(1);
    const first = refs.filter((d) => !d.derivedFrom);
    expect(first).toHaveLength(1);
    for (const d of refs)
      if (d !== first[0])
        expect(d.derivedFrom).toEqual({
          code: 'ref-unresolved',
          file: first[0]!.file,
          pointer: first[0]!.pointer,
        });
  });

  it('offers the definition a $ref fragment with a typo meant', async () => {
    const ref = '../schemas/run-snapshot.schema.json';
    fx.write('spec/openapi.yaml', fx.read('spec/openapi.yaml').replace(ref, `${ref}#/propertiez`));
    const result = await fx.generate();
    const d = expectDiagnostic(result.diagnostics, {
      code: 'ref-unresolved',
      file: 'spec/openapi.yaml',
      pointer: '/components/schemas/RunSnapshot/$ref',
    });
    expect(d.message).toBe(
      `$ref "${ref}#/propertiez": no value at /propertiez in schemas/run-snapshot.schema.json; did you mean "${ref}#/properties"?`,
    );
  });

  it('offers no suggestion when nothing is close', async () => {
    const ref = '../schemas/run-snapshot.schema.json';
    fx.write('spec/openapi.yaml', fx.read('spec/openapi.yaml').replace(ref, `${ref}#/zzzzzzzzzz`));
    const result = await fx.generate();
    const d = expectDiagnostic(result.diagnostics, {
      code: 'ref-unresolved',
      file: 'spec/openapi.yaml',
      pointer: '/components/schemas/RunSnapshot/$ref',
    });
    expect(d.message).not.toMatch(/did you mean/);
  });

  it('reports a YAML syntax error with its line and column', async () => {
    const lines = fx.read('spec/openapi.yaml').split('\n');
    const at = lines.findIndex((l) => l.startsWith('paths:'));
    lines.splice(at + 1, 0, '  /broken: [unclosed');
    fx.write('spec/openapi.yaml', lines.join('\n'));
    const result = await fx.generate();
    expect(result.files).toBeNull();
    const d = expectDiagnostic(result.diagnostics, {
      code: 'syntax-error',
      file: 'spec/openapi.yaml',
      pointer: '',
    });
    expect(d.position!.line).toBeGreaterThanOrEqual(at + 2);
  });

  it('reports a JSON syntax error with its line', async () => {
    fx.write('spec/errors.json', fx.read('spec/errors.json').replace('"rows": [', '"rows": [,'));
    const result = await fx.generate();
    expect(result.files).toBeNull();
    expectDiagnostic(result.diagnostics, {
      code: 'syntax-error',
      file: 'spec/errors.json',
      pointer: '',
      line: fx.lineOf('spec/errors.json', '"rows": [,'),
    });
  });

  it('reports a circular $ref chain without overflowing the stack', async () => {
    fx.editJson('schemas/ids.schema.json', (s) => {
      const defs = s['$defs'] as Record<string, unknown>;
      defs['loopA'] = { $ref: '#/$defs/loopB' };
      defs['loopB'] = { $ref: 'run-snapshot.schema.json#/$defs/loopC' };
      defs['runId'] = { $ref: '#/$defs/loopA' };
    });
    fx.editJson('schemas/run-snapshot.schema.json', (s) => {
      (s['$defs'] as Record<string, unknown>)['loopC'] = { $ref: 'ids.schema.json#/$defs/loopA' };
    });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    const cycle = result.diagnostics.filter((d) => d.code === 'ref-cycle');
    expect(cycle).toHaveLength(1);
    expect(cycle[0]!.message).toMatch(
      /ids\.schema\.json#\/\$defs\/loopA -> .*loopB -> .*loopC -> .*loopA/,
    );
    expect(cycle[0]!.file).toBe('schemas/ids.schema.json');
    expect(cycle[0]!.position!.line).toBe(fx.lineOf('schemas/ids.schema.json', '"loopA"'));
  });

  it('collects every problem of a run, not just the first', async () => {
    fx.editJson(MAP, (m) => {
      const a2a = m['a2a'] as {
        operations: { v2Operation: string | null }[];
        errors: { clientProjection: string }[];
      };
      a2a.operations[5]!.v2Operation = 'nope1';
      a2a.operations[6]!.v2Operation = 'nope2';
      a2a.errors[1]!.clientProjection = 'nope3';
    });
    const result = await fx.generate();
    expect(result.diagnostics.map((d) => d.code).sort()).toEqual([
      'unknown-error-code',
      'unknown-v2-operation',
      'unknown-v2-operation',
    ]);
  });

  it('reports a map that does not validate against its schema', async () => {
    fx.editJson(MAP, (m) => {
      (m['a2a'] as { errors: Record<string, unknown>[] }).errors[0]!['grpc'] = 'TEAPOT';
    });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    expectDiagnostic(result.diagnostics, {
      code: 'map-schema',
      file: MAP,
      pointer: '/a2a/errors/0/grpc',
      message: /must be one of/,
    });
  });

  it('reports duplicate JSON-RPC codes', async () => {
    fx.editJson(MAP, (m) => {
      (m['a2a'] as { errors: { jsonrpc: number }[] }).errors[1]!.jsonrpc = -32001;
    });
    const result = await fx.generate();
    expectDiagnostic(result.diagnostics, {
      code: 'duplicate-jsonrpc-code',
      file: MAP,
      pointer: '/a2a/errors/1/jsonrpc',
    });
  });
});
