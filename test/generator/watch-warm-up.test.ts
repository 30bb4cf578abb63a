// `generate --watch` warms up after its first run (generator/cli/warm-up.ts): when that run found
// the output up to date (nothing was loaded), the inputs are loaded and bundled in memory, and
// the TypeScript worker compiles once, so the first edit finds them ready; nothing is written.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunOptions } from '../../generator/cli/args.ts';
import { runOnce } from '../../generator/cli/run.ts';
import { closeSession, watchSession } from '../../generator/cli/session.ts';
import { warmUp } from '../../generator/cli/warm-up.ts';
import { SpecFixture } from '../helpers/spec-fixture.ts';

describe('the warm-up of generate --watch', () => {
  const fx = new SpecFixture();
  const session = watchSession();
  afterAll(async () => {
    await closeSession(session);
    fx.dispose();
  });
  const o: RunOptions = {
    command: 'generate',
    spec: fx.specDir,
    out: fx.path('generated'),
    format: 'json',
    verbose: false,
    summary: false,
    force: false,
    watch: true,
  };
  const mtimes = () =>
    readdirSync(o.out, { recursive: true, encoding: 'utf8' })
      .sort()
      .map((f) => [f, statSync(join(o.out, f)).mtimeMs]);

  it('loads and bundles the inputs of an up-to-date output, and writes nothing', async () => {
    expect((await runOnce(o)).status).toBe('generated');
    expect((await runOnce(o, session)).status).toBe('up-to-date');
    expect(session.sources.bundles.size).toBe(0);
    const before = mtimes();
    await warmUp(o, session, false);
    expect(session.sources.bundles.size).toBeGreaterThan(0);
    expect(mtimes()).toEqual(before);
    // The next run after an edit gives what a run without the warm-up gives.
    fx.editJson('spec/interop-map.json', (map) => {
      (map['a2a'] as { errors: { http: number }[] }).errors[0]!.http = 418;
    });
    const after = await runOnce(o, session);
    expect(after.status).toBe('generated');
    expect(fx.read('generated/a2a/errors.ts')).toContain('http: 418');
  }, 240_000);
});
