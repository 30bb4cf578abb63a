// What `generate --watch` keeps of its inputs between regenerations (generator/load/source-memo.ts):
// after a one-row edit of the map, the OpenAPI, AsyncAPI and schema bundles are the very values of
// the run before (nothing unchanged is parsed or copied again), a change to a file a bundle read
// makes that bundle again, and every regeneration gives the bytes and diagnostics of a run
// without the memo. Kept values are frozen, so no step can change the next run's input.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArtifactCache } from '../../generator/cache/store.ts';
import { SourceMemo } from '../../generator/load/source-memo.ts';
import { generate, type GenerateResult } from '../../generator/pipeline.ts';
import { SpecFixture } from '../helpers/spec-fixture.ts';

const command = 'npx wopgen generate --spec spec --out generated';

describe('inputs kept between regenerations', () => {
  const fx = new SpecFixture();
  const cacheRoot = mkdtempSync(join(tmpdir(), 'wopgen-memo-'));
  afterAll(() => {
    fx.dispose();
    rmSync(cacheRoot, { recursive: true, force: true });
  });
  const memo = new SourceMemo();
  // Both runs share an artifact cache (only for speed: its hits are the bytes a step computes).
  const cache = () => new ArtifactCache(cacheRoot, 'generator-memo');
  const kept = () => generate(fx.specDir, { command, cache: cache(), memo });
  const fresh = () => generate(fx.specDir, { command, cache: cache() });
  const same = async (r: GenerateResult) => {
    const f = await fresh();
    expect(r.diagnostics).toEqual(f.diagnostics);
    expect([...(r.files ?? [])]).toEqual([...(f.files ?? [])]);
  };

  it('keeps every bundle across a one-row edit of the map, and gives the same bytes', async () => {
    const first = await kept();
    await same(first);
    fx.editJson('spec/interop-map.json', (map) => {
      (map['a2a'] as { errors: { http: number }[] }).errors[0]!.http = 418;
    });
    const second = await kept();
    await same(second);
    expect(second.files!.get('a2a/errors.ts')).toContain('http: 418');
    const [a, b] = [first.model!, second.model!];
    expect(b.openapi.document).toBe(a.openapi.document);
    expect(b.asyncapi.document).toBe(a.asyncapi.document);
    expect(b.discovery!.schema).toBe(a.discovery!.schema);
    expect(b.facets.map((f) => f.schema)).toEqual(a.facets.map((f) => f.schema));
    for (const [i, f] of b.facets.entries()) expect(f.schema).toBe(a.facets[i]!.schema);
    expect(b.inputs).not.toEqual(a.inputs);
  }, 240_000);

  it('bundles again what read a changed file, and only that', async () => {
    const before = (await kept()).model!;
    // Read by the OpenAPI document alone.
    fx.editJson('schemas/error-envelope.schema.json', (envelope) => {
      envelope['description'] = 'An error, renamed in this test.';
    });
    const after = await kept();
    await same(after);
    expect(after.model!.openapi.document).not.toBe(before.openapi.document);
    expect(JSON.stringify(after.model!.openapi.document)).toContain('renamed in this test');
    // The AsyncAPI document reads no schema file here: it is kept.
    expect(after.model!.asyncapi.document).toBe(before.asyncapi.document);
  }, 240_000);

  it('reports a broken reference as a run without the memo does, and recovers', async () => {
    const text = fx.read('spec/openapi.yaml');
    fx.write(
      'spec/openapi.yaml',
      text.replace("ids.schema.json#/$defs/runId'", "ids.schema.json#/$defs/runIdd'"),
    );
    const broken = await kept();
    await same(broken);
    expect(broken.diagnostics.map((d) => d.code)).toContain('ref-unresolved');
    fx.write('spec/openapi.yaml', text);
    await same(await kept());
  }, 240_000);

  it('freezes what it keeps', async () => {
    const model = (await kept()).model!;
    const doc = model.openapi.document;
    expect(Object.isFrozen(doc)).toBe(true);
    expect(() => {
      (doc as Record<string, unknown>)['openapi'] = 'changed';
    }).toThrow(TypeError);
    expect(Object.isFrozen(model.asyncapi.document['components'])).toBe(true);
  }, 240_000);
});
