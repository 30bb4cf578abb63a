// A copy of the package whose node_modules is a link to another checkout's (a git worktree, or a
// monorepo's hoisted install): the bundled generator lives in that other node_modules, and Node
// loads it by its real path. Its "up to date" decision must still follow the copy's own sources
// and templates, never the other checkout's: an emitter edit is regenerated, not reported as up
// to date (the bug: the bundle fingerprinted the sources beside its real path).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/spec-fixture.ts';

describe('the bundled generator in a copy that links its node_modules', () => {
  const copy = mkdtempSync(join(tmpdir(), 'wopgen-linked-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  for (const part of ['bin', 'generator', 'templates', 'spec', 'schemas', 'package.json'])
    cpSync(join(projectRoot, part), join(copy, part), { recursive: true });
  symlinkSync(join(projectRoot, 'node_modules'), join(copy, 'node_modules'), 'junction');

  const generate = () =>
    spawnSync(process.execPath, ['bin/wopgen.js', 'generate', '--spec', 'spec', '--out', 'out'], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', WOPGEN_FROM_SOURCE: undefined },
      timeout: 240_000,
    });

  it('regenerates after an emitter or a template changes, where it said "up to date"', () => {
    const first = generate();
    expect(first.stdout).toMatch(/wrote \d+ files to out/);
    expect(generate().stdout).toMatch(/out is up to date/);

    const header = join(copy, 'generator/emit/header.ts');
    writeFileSync(
      header,
      readFileSync(header, 'utf8').replace('Do not edit: changes', 'Do not edit by hand: changes'),
    );
    const afterEmitter = generate();
    expect(afterEmitter.stdout).toMatch(/wrote \d+ of \d+ files to out/);
    expect(readFileSync(join(copy, 'out/index.ts'), 'utf8')).toContain('Do not edit by hand');

    const template = join(copy, 'templates/package/README.md.hbs');
    writeFileSync(template, `${readFileSync(template, 'utf8')}\nA line only this copy has.\n`);
    const afterTemplate = generate();
    expect(afterTemplate.stdout).toMatch(/wrote 2 of \d+ files to out/);
    expect(readFileSync(join(copy, 'out/README.md'), 'utf8')).toContain(
      'A line only this copy has.',
    );
  }, 600_000);
});
