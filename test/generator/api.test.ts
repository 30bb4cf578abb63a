// The programmatic API exported from `wopgen/cli` (generator/api.ts): generate(), check() and
// report() return the typed result the command would print with --format json (files written,
// drift, diagnostics, the report's model), print nothing, and never exit the process.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { check, generate, report, type ReportResult, type RunResult } from '../../generator/cli.ts';
import { SpecFixture } from '../helpers/spec-fixture.ts';

describe('the programmatic API (wopgen/cli)', () => {
  const fx = new SpecFixture();
  afterAll(() => fx.dispose());
  let printed: unknown[];
  beforeEach(() => {
    printed = [];
    for (const stream of [process.stdout, process.stderr])
      vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
        printed.push(chunk);
        return true;
      });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    expect(printed).toEqual([]);
  });

  it('generate() writes the package and returns the files written; then it is up to date', async () => {
    const out = fx.path('gen');
    const first: RunResult = await generate({ spec: fx.specDir, out });
    expect(first).toMatchObject({
      command: 'generate',
      status: 'generated',
      exitCode: 0,
      spec: fx.specDir,
      out,
      diagnostics: [],
      summary: { files: 95, layout: 'wopgen' },
    });
    expect(first.files!.total).toBe(95);
    expect(first.files!.written).toContain('manifest.json');
    expect(first.files!.removed).toEqual([]);
    expect(readFileSync(fx.path('gen/manifest.json'), 'utf8')).toContain('"generator"');
    expect(await generate({ spec: fx.specDir, out })).toMatchObject({
      status: 'up-to-date',
      exitCode: 0,
    });
  });

  it('check() returns the drift of an edited file, and writes nothing', async () => {
    const out = fx.path('gen');
    expect(await check({ spec: fx.specDir, out })).toMatchObject({
      command: 'check',
      status: 'up-to-date',
    });
    const target = fx.path('gen/a2a/errors.ts');
    const edited = readFileSync(target, 'utf8') + '// edited\n';
    writeFileSync(target, edited);
    const drift = await check({ spec: fx.specDir, out });
    expect(drift).toMatchObject({ status: 'drift', exitCode: 1 });
    expect(drift.drift).toMatchObject({ changed: ['a2a/errors.ts'], missing: [], orphan: [] });
    expect(readFileSync(target, 'utf8')).toBe(edited);
  });

  it('report() writes the spec report and returns its model', async () => {
    const r: ReportResult = await report({ spec: fx.specDir, out: fx.path('report') });
    expect(r).toMatchObject({
      command: 'report',
      status: 'generated',
      exitCode: 0,
      files: ['spec-report.html', 'spec-report.md'],
      diagnostics: [],
    });
    expect(r.model!.host).toBeNull();
    expect(r.model!.spec.layout).toBe('wopgen');
    expect(r.model!.spec.a2a.length).toBeGreaterThan(0);
    expect(r.model!.spec.a2a.map((row) => row.method)).toContain('SendMessage');
  });

  it('a spec with errors is a result with located diagnostics, not a throw', async () => {
    const broken = new SpecFixture();
    try {
      broken.write('spec/interop-map.json', '{');
      const r = await generate({ spec: broken.specDir, out: broken.path('gen') });
      expect(r).toMatchObject({ status: 'spec-errors', exitCode: 1 });
      expect(r.files).toBeUndefined();
      expect(r.diagnostics[0]).toMatchObject({ severity: 'error' });
      expect(r.diagnostics[0]!.file).toMatch(/interop-map\.json$/);
      const rr = await report({ spec: broken.specDir, out: broken.path('report') });
      expect(rr).toMatchObject({ status: 'spec-errors', exitCode: 1 });
      expect(rr.model).toBeUndefined();
    } finally {
      broken.dispose();
    }
  });

  it('rejects options without a spec or out folder (TypeError)', async () => {
    await expect(generate({ spec: '', out: 'x' })).rejects.toThrow(
      new TypeError('generate: options.spec must be a folder path'),
    );
    await expect(report({ spec: 's' } as never)).rejects.toThrow(
      new TypeError('report: options.out must be a folder path'),
    );
  });
});
