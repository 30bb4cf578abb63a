// The load stage: positions for JSON and YAML, `$ref` resolution through paths and `$id`s (never
// the network), and bundling into a self-contained document with stable definition names.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../generator/diagnostics/diagnostic.ts';
import { bundle } from '../../generator/load/bundle.ts';
import { detectLayout } from '../../generator/load/layout.ts';
import { resolveRef } from '../../generator/load/refs.ts';
import { SourceSet } from '../../generator/load/source-set.ts';
import { SourceFile } from '../../generator/load/source.ts';

describe('positions', () => {
  it('locates JSON pointers at the property key, 1-based', () => {
    const f = new SourceFile(
      'a.json',
      '/a.json',
      '{\n  "a": {\n    "b/c": [1, {"d": 2}]\n  }\n}\n',
    );
    expect(f.locate('/a')).toEqual({ line: 2, column: 3 });
    expect(f.locate('/a/b~1c/1/d')).toEqual({ line: 3, column: 17 });
    // A pointer that does not exist falls back to its deepest existing ancestor.
    expect(f.locate('/a/missing/deeper')).toEqual({ line: 2, column: 3 });
  });

  it('locates YAML pointers, including sequence items', () => {
    const f = new SourceFile(
      'a.yaml',
      '/a.yaml',
      'paths:\n  /runs:\n    get:\n      tags: [x, y]\n',
    );
    expect(f.locate('/paths/~1runs/get')).toEqual({ line: 3, column: 5 });
    expect(f.locate('/paths/~1runs/get/tags/1')).toEqual({ line: 4, column: 17 });
  });

  it('reports syntax errors with their offset instead of data', () => {
    const y = new SourceFile('b.yaml', '/b.yaml', 'a: 1\nb: [\n');
    expect(y.data).toBeUndefined();
    expect(y.syntax?.message).toBeTruthy();
    const j = new SourceFile('b.json', '/b.json', '{\n  "a": 1,\n}');
    expect(j.syntax?.message).toMatch(/JSON/);
    expect(j.locate('')).toEqual({ line: 3, column: 1 });
  });
});

describe('references and bundling', () => {
  const root = mkdtempSync(join(tmpdir(), 'wopgen-load-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'spec/facets'), { recursive: true });
  mkdirSync(join(root, 'schemas'), { recursive: true });
  writeFileSync(
    join(root, 'spec/openapi.yaml'),
    'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n',
  );
  writeFileSync(
    join(root, 'schemas/a.schema.json'),
    JSON.stringify({
      $id: 'https://example.test/v2/a.schema.json',
      type: 'object',
      properties: {
        viaPath: { $ref: 'b.schema.json#/$defs/id' },
        viaId: { $ref: 'https://example.test/v2/b.schema.json#/$defs/id' },
        self: { $ref: '#' },
        ext: { $ref: 'https://elsewhere.test/c.json' },
      },
    }),
  );
  writeFileSync(
    join(root, 'schemas/b.schema.json'),
    JSON.stringify({
      $id: 'https://example.test/v2/b.schema.json',
      $defs: { id: { type: 'string', pattern: '^x' } },
    }),
  );
  const set = new SourceSet(detectLayout(join(root, 'spec'))!);
  const a = set.get(join(root, 'schemas/a.schema.json'))!;

  it('resolves relative paths and absolute $ids to the same target', () => {
    const byPath = resolveRef(set, a, 'b.schema.json#/$defs/id');
    const byId = resolveRef(set, a, 'https://example.test/v2/b.schema.json#/$defs/id');
    expect(
      byPath.ok &&
        byId.ok &&
        byPath.target.file === byId.target.file &&
        byPath.target.pointer === '/$defs/id',
    ).toBe(true);
  });

  it('never fetches an absolute URL no loaded schema declares', () => {
    const r = resolveRef(set, a, 'https://elsewhere.test/c.json');
    expect(r).toEqual({
      ok: false,
      code: 'ref-external',
      message: expect.stringMatching(/never fetches/),
    });
  });

  it('bundles into one document with stable names, keeping recursion as references', () => {
    const sink = new DiagnosticSink(() => undefined);
    const b = bundle(set, sink, { file: a, pointer: '/properties' }, { defsPath: ['$defs'] });
    expect(b.value['viaPath']).toEqual({ $ref: '#/$defs/B_id' });
    expect(b.value['viaId']).toEqual({ $ref: '#/$defs/B_id' });
    expect(b.value['self']).toEqual({ $ref: '#/$defs/A' });
    expect((b.value['$defs'] as Record<string, unknown>)['B_id']).toEqual({
      type: 'string',
      pattern: '^x',
    });
    const hoistedA = (b.value['$defs'] as Record<string, Record<string, unknown>>)['A']!;
    expect(hoistedA['$id']).toBeUndefined();
    expect(sink.items.map((d) => [d.code, d.pointer])).toEqual([
      ['ref-external', '/properties/ext/$ref'],
    ]);
  });
});
