// Diagnostics as the command line prints them: the file relative to the working
// directory, line:column, the message with a "did you mean" for a `$ref` typo, pointing at the
// `$ref` value itself, and a code frame with a caret under that column; errors that follow from
// one cause (a missing folder) folded under it, kept with their link in JSON.
import { mkdirSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { SpecFixture } from '../helpers/spec-fixture.ts';
import { wopgen } from './cli-run.ts';

describe('a $ref typo on the command line', () => {
  const fx = new SpecFixture();
  afterAll(() => fx.dispose());
  const good = '../schemas/run-snapshot.schema.json';
  const typo = '../schemas/run-snapshots.schema.json';
  fx.write('spec/openapi.yaml', fx.read('spec/openapi.yaml').replace(good, typo));
  const lineNo = fx.lineOf('spec/openapi.yaml', typo);
  const line = fx.read('spec/openapi.yaml').split('\n')[lineNo - 1]!;
  // The `$ref` value (the quoted string holding the typo), not its key or the object holding it.
  const column = line.indexOf(`'${typo}'`) + 1;
  const message = `error ref-unresolved: $ref "${typo}": file ${typo} not found; did you mean "${good}"? (at /components/schemas/RunSnapshot/$ref)`;
  const frame = (n: number) =>
    [`  ${n} | ${line}`, `  ${' '.repeat(String(n).length)} | ${' '.repeat(column - 1)}^`].join(
      '\n',
    );

  it('prints the file relative to the working directory, the suggestion and a code frame', () => {
    const r = wopgen(['generate', '--spec', 'spec', '--out', 'out'], fx.root, {}, 240_000);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      [
        `spec/openapi.yaml:${lineNo}:${column}: ${message}`,
        frame(lineNo),
        'wopgen: 1 error(s); nothing was written',
        '',
      ].join('\n'),
    );
  }, 300_000);

  it('names the same file from a subfolder by the path that opens it from there', () => {
    mkdirSync(fx.path('sub'), { recursive: true });
    const r = wopgen(
      ['generate', '--spec', '../spec', '--out', '../out'],
      fx.path('sub'),
      {},
      240_000,
    );
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(`../spec/openapi.yaml:${lineNo}:${column}: ${message}`);
    expect(r.stderr.split('\n').slice(1, 3).join('\n')).toBe(frame(lineNo));
  }, 300_000);
});

describe('a missing schemas/ folder on the command line', () => {
  const fx = new SpecFixture();
  afterAll(() => fx.dispose());
  rmSync(fx.path('schemas'), { recursive: true });
  const cause =
    'schemas: error input-missing: folder schemas/ does not exist, yet $refs name files in it (at /)';

  it('prints the missing folder first and folds the errors that follow from it', () => {
    const r = wopgen(['generate', '--spec', 'spec', '--out', 'out'], fx.root, {}, 240_000);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      [
        cause,
        '  … and 77 errors that follow from it',
        'wopgen: 1 error(s) and 77 that follow from them; nothing was written',
        '',
      ].join('\n'),
    );
  }, 300_000);

  it('lists the folded errors indented under their cause with --verbose', () => {
    const r = wopgen(
      ['generate', '--spec', 'spec', '--out', 'out', '--verbose'],
      fx.root,
      {},
      240_000,
    );
    const lines = r.stderr.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      cause,
      '  … and 77 errors that follow from it',
      '    spec/asyncapi.yaml:69:3: error event-missing: no payload schema for interop event "conversation.closed" (at /components/messages)',
    ]);
    expect(lines.filter((l) => l.startsWith('    spec/'))).toHaveLength(77);
  }, 300_000);

  it('keeps every diagnostic in --format json, each derived one linked to its cause', () => {
    const r = wopgen(
      ['generate', '--spec', 'spec', '--out', 'out', '--format', 'json'],
      fx.root,
      {},
      240_000,
    );
    expect(r.status).toBe(1);
    const { diagnostics } = JSON.parse(r.stdout) as {
      diagnostics: { code: string; file: string; pointer: string; derivedFrom?: object }[];
    };
    expect(diagnostics).toHaveLength(78);
    expect(diagnostics.filter((d) => !d.derivedFrom)).toEqual([
      {
        code: 'input-missing',
        severity: 'error',
        message: 'folder schemas/ does not exist, yet $refs name files in it',
        file: 'schemas',
        pointer: '',
      },
    ]);
    const status = diagnostics.find((d) => d.code === 'status-enum-missing');
    expect(status?.derivedFrom).toEqual({
      code: 'ref-unresolved',
      file: 'spec/openapi.yaml',
      pointer: '/components/schemas/RunSnapshot/$ref',
    });
    expect(diagnostics.find((d) => d.code === 'unknown-run-status')?.derivedFrom).toEqual({
      code: 'status-enum-missing',
      file: 'spec/openapi.yaml',
      pointer: '/components/schemas/RunSnapshot',
    });
  }, 300_000);
});
