// The run-event union the ports are typed by is the spec's (ports/events.ts imports the generated
// RunEventPayloads of types/event-streams.ts): an event type the spec's payload index gains is a
// new member, and the runtime does not compile until the table that decides what each event type
// makes of an A2A task's stream (bindings/a2a/status-updates.ts) decides it too.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { writeAtomically } from '../../generator/write.ts';
import { SpecFixture, projectRoot } from '../helpers/spec-fixture.ts';

/** `tsc --noEmit` of `file` with the runtime's `@wopgen/generated` imports resolved to `generated`. */
function typecheckAgainst(dir: string, generated: string, file: string) {
  const config = {
    extends: join(projectRoot, 'tsconfig.json'),
    compilerOptions: {
      noEmit: true,
      paths: {
        '@wopgen/generated': [join(generated, 'index.ts')],
        '@wopgen/generated/*': [join(generated, '*.ts'), join(generated, '*.js')],
      },
    },
    include: [],
    files: [file],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
  const r = spawnSync(
    process.execPath,
    [join(projectRoot, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')],
    { encoding: 'utf8' },
  );
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('the run-event union', () => {
  const fx = new SpecFixture();
  mkdirSync(join(projectRoot, '.tmp'), { recursive: true });
  const work = mkdtempSync(join(projectRoot, '.tmp/event-union-'));
  afterAll(() => {
    fx.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  it('gains an event type the spec adds, and the A2A stream projection must decide it', async () => {
    fx.editJson('schemas/run-event-payloads.schema.json', (s) => {
      const defs = s['$defs'] as Record<string, { properties: Record<string, unknown> }>;
      defs['_typeIndex']!.properties['run.paused'] = { $ref: '#/$defs/runPaused' };
      (defs as Record<string, unknown>)['runPaused'] = {
        type: 'object',
        description: 'The run stopped taking steps until it is resumed.',
        properties: { reason: { type: 'string' } },
      };
    });
    const result = await fx.generate();
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const generated = join(work, 'generated');
    writeAtomically(generated, result.files!);
    expect(result.files!.get('types/event-streams.ts')).toContain("'run.paused': RunPaused;");

    const r = typecheckAgainst(
      work,
      generated,
      join(projectRoot, 'runtime/bindings/a2a/status-updates.ts'),
    );
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(
      /runtime\/bindings\/a2a\/status-updates\.ts\(\d+,\d+\): error TS2741: Property '"run\.paused"' is missing in type/,
    );
  });
});
