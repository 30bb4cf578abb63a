// Per-artifact cache (generator/cache/): a regeneration after a one-row change to the
// interop map takes every unchanged artifact from the cache and is byte-identical to a cold
// generation of the edited spec; an entry recorded by another generator build or for another
// input is never used.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsedYamlCache } from '../../generator/cache/parsed-yaml.ts';
import { ArtifactCache } from '../../generator/cache/store.ts';
import { joined } from '../../generator/emit/support/output-text.ts';
import { SourceFile } from '../../generator/load/source.ts';
import { generate } from '../../generator/pipeline.ts';
import { SpecFixture } from '../helpers/spec-fixture.ts';

const command = 'npx wopgen generate --spec spec --out generated';

function entriesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? entriesUnder(p) : [p];
  });
}

describe('the per-artifact cache', () => {
  const fx = new SpecFixture();
  const cacheRoot = mkdtempSync(join(tmpdir(), 'wopgen-artifacts-'));
  afterAll(() => {
    fx.dispose();
    rmSync(cacheRoot, { recursive: true, force: true });
  });
  const run = async (cache?: ArtifactCache) => {
    const r = await generate(fx.specDir, { command, ...(cache ? { cache } : {}) });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The writer's parts of each text (emit/support/output-text.ts) join to that very text.
    expect([...r.parts!].map(([p, t]) => [p, joined(t)])).toEqual([...r.files!]);
    return [...r.files!];
  };

  it('regenerates a one-row change byte-identical to a cold run, redoing only what changed', async () => {
    await run(new ArtifactCache(cacheRoot, 'generator-A'));
    fx.editJson('spec/interop-map.json', (map) => {
      (map['a2a'] as { errors: { http: number }[] }).errors[0]!.http = 410;
    });
    const warmCache = new ArtifactCache(cacheRoot, 'generator-A');
    const warm = await run(warmCache);
    const cold = await run();
    expect(warm.map(([path]) => path)).toEqual(cold.map(([path]) => path));
    for (const [i, [path, text]] of warm.entries()) expect(text, path).toBe(cold[i]![1]);
    expect(cold.find(([p]) => p === 'a2a/errors.ts')![1]).toContain('http: 410');
    // The row feeds a2a/errors.ts alone: that file is formatted again (its dist/ is printed with
    // it, nothing is compiled); the OpenAPI print, the AsyncAPI reading and every other file come
    // from the cache (package.json too: only the input digest in it changed, and it is formatted
    // with a placeholder in its place).
    expect([...warmCache.stats.missed].sort()).toEqual([
      'prettier:typescript',
      // The edited map is validated against its schema again.
      'validate-own-schema',
    ]);
    expect(warmCache.stats.hits).toBeGreaterThan(20);
  }, 240_000);

  it('reports an edited file that breaks its schema as a cold run does, from the cached validator', async () => {
    // generator-A's cache holds the map schema's compiled validator (the test above): the
    // edited map is checked by that code, not by a fresh compile, and must fail the same way.
    fx.editJson('spec/interop-map.json', (map) => {
      const row = (map['a2a'] as { errors: Record<string, unknown>[] }).errors[0]!;
      row['http'] = 'not a status';
      row['bogus'] = true;
    });
    const diagnostics = async (cache?: ArtifactCache) =>
      (await generate(fx.specDir, { command, ...(cache ? { cache } : {}) })).diagnostics;
    const warmCache = new ArtifactCache(cacheRoot, 'generator-A');
    const warm = await diagnostics(warmCache);
    expect(warmCache.stats.missed).not.toContain('own-schema-validator');
    expect(warmCache.stats.missed).toContain('validate-own-schema');
    const cold = await diagnostics();
    expect(warm).toEqual(cold);
    const fromSchema = cold.filter(
      (d) => d.file === 'spec/interop-map.json' && d.pointer.startsWith('/a2a/errors/0'),
    );
    expect(fromSchema.map((d) => d.pointer)).toEqual(
      expect.arrayContaining(['/a2a/errors/0/http', '/a2a/errors/0']),
    );
    // The tests below start from a valid map again.
    fx.editJson('spec/interop-map.json', (map) => {
      const row = (map['a2a'] as { errors: Record<string, unknown>[] }).errors[0]!;
      row['http'] = 410;
      delete row['bogus'];
    });
  }, 240_000);

  it('never uses an entry recorded by another generator build', async () => {
    // Every recorded entry is replaced with bytes no step produces: a run that used one would
    // differ from the cold run (or fail to parse it).
    for (const file of entriesUnder(cacheRoot)) writeFileSync(file, 'POISONED');
    const other = new ArtifactCache(cacheRoot, 'generator-B');
    const fromOther = await run(other);
    expect(other.stats.hits).toBe(0);
    const cold = await run();
    expect(fromOther).toEqual(cold);
  }, 240_000);

  it('finds an entry only under its own step, input and generator build', () => {
    const a = new ArtifactCache(cacheRoot, 'generator-A');
    a.set('step', 'input', 'value');
    expect(a.get('step', 'input')).toBe('value');
    expect(a.get('step', 'input ')).toBeUndefined();
    expect(a.get('other-step', 'input')).toBeUndefined();
    expect(new ArtifactCache(cacheRoot, 'generator-B').get('step', 'input')).toBeUndefined();
    // A from-scratch run (--force) reads nothing, and records what it computes.
    const scratch = new ArtifactCache(cacheRoot, 'generator-A', { read: false });
    expect(scratch.get('step', 'input')).toBeUndefined();
    scratch.set('step', 'input', 'again');
    expect(a.get('step', 'input')).toBe('again');
  });

  it('keys a large input by all of its characters, step and build (its key is remembered)', () => {
    const a = new ArtifactCache(cacheRoot, 'generator-A');
    const input = 'x'.repeat(100_000);
    // Same length, one character apart at the end.
    const other = `${'x'.repeat(99_999)}y`;
    a.set('large', input, 'one');
    a.set('large', other, 'two');
    expect(a.get('large', input)).toBe('one');
    expect(a.get('large', [...input].join(''))).toBe('one');
    expect(a.get('large', other)).toBe('two');
    expect(a.get('other-large', input)).toBeUndefined();
    expect(new ArtifactCache(cacheRoot, 'generator-B').get('large', input)).toBeUndefined();
  });

  it('serves an entry this process read or wrote from memory, under its own key only', () => {
    const a = new ArtifactCache(cacheRoot, 'generator-C');
    a.set('step', 'in memory', 'kept');
    // Gone from the disk (another process pruned it): this process still has the same bytes.
    for (const file of entriesUnder(cacheRoot)) rmSync(file);
    const again = new ArtifactCache(cacheRoot, 'generator-C');
    expect(again.get('step', 'in memory')).toBe('kept');
    expect(again.get('step', 'in memory ')).toBeUndefined();
    expect(new ArtifactCache(cacheRoot, 'generator-D').get('step', 'in memory')).toBeUndefined();
    // A from-scratch run reads nothing, from memory either.
    expect(
      new ArtifactCache(cacheRoot, 'generator-C', { read: false }).get('step', 'in memory'),
    ).toBeUndefined();
  });

  it('serves parsed YAML by its text, and still locates pointers in that text', () => {
    const yaml = parsedYamlCache(new ArtifactCache(cacheRoot, 'generator-A'));
    const text = 'a: 1\nb:\n  c:\n    - x\n    - y\n';
    const parsed = new SourceFile('f.yaml', '/f.yaml', text, undefined, yaml);
    expect(yaml.get(text)).toEqual({ a: 1, b: { c: ['x', 'y'] } });
    const fromCache = new SourceFile('f.yaml', '/f.yaml', text, undefined, yaml);
    expect(fromCache.data).toEqual(parsed.data);
    expect(fromCache.locate('/b/c/1')).toEqual({ line: 5, column: 7 });
    expect(fromCache.locate('/b/c/1')).toEqual(parsed.locate('/b/c/1'));
    // What JSON cannot carry (an infinite number) is parsed every time.
    const infinite = 'a: .inf\n';
    expect(new SourceFile('g.yaml', '/g.yaml', infinite, undefined, yaml).data).toEqual({
      a: Infinity,
    });
    expect(yaml.get(infinite)).toBeUndefined();
  });
});
