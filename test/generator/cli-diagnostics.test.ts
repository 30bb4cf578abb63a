// Diagnostics as the command line prints them (issue 8 §4): the file relative to the working
// directory, line:column, the message with a "did you mean" for a `$ref` typo, pointing at the
// `$ref` value itself, and a code frame with a caret under that column.
import { mkdirSync } from 'node:fs';
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
  // The `$ref` itself (its key, on the line of its value), not the object that holds it.
  const column = line.indexOf('$ref') + 1;
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
