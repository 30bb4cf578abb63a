// A spec without wire schemas of its own (the upstream repository holds none) is typed with
// wopgen's built-in copies, named `wopgen:schemas/<file>` in the manifest: a regeneration with
// nothing changed must still stop early ("up to date"), which means reading those inputs from
// wopgen's schemas/ folder, not from under the spec.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { SpecFixture } from '../helpers/spec-fixture.ts';
import { wopgen } from './cli-run.ts';

describe('warm regeneration of a spec typed with the built-in wire schemas', () => {
  const fx = new SpecFixture();
  afterAll(() => fx.dispose());
  rmSync(fx.path('schemas/a2a-1.0.schema.json'));
  rmSync(fx.path('schemas/mcp-2026-07-28.schema.json'));
  const run = () => {
    const r = wopgen(['generate', '--spec', 'spec', '--out', 'gen', '--format', 'json'], fx.root);
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as { status: string; diagnostics: unknown[] };
  };

  it('lists the built-in schemas as inputs and is up to date on the next run', () => {
    expect(run().status).toBe('generated');
    const manifest = JSON.parse(fx.read('gen/manifest.json')) as { inputs: { file: string }[] };
    expect(manifest.inputs.map((i) => i.file)).toEqual(
      expect.arrayContaining([
        'wopgen:schemas/a2a-1.0.schema.json',
        'wopgen:schemas/mcp-2026-07-28.schema.json',
      ]),
    );
    expect(run().status).toBe('up-to-date');
  });
});
