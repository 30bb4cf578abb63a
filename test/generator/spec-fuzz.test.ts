// Every mistake a spec can hold is a located diagnostic (file, JSON pointer, line:column) and
// exit 1, never wopgen's "internal error" (exit 3): seeded mutations of every input file of spec/
// (wrong types, bad enum values, renamed, missing and extra members) must each generate or be
// refused with located errors. WOPGEN_FUZZ_PER_FILE raises the number of mutations per file.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArtifactCache } from '../../generator/cache/store.ts';
import type { Diagnostic } from '../../generator/diagnostics/diagnostic.ts';
import { generate } from '../../generator/pipeline.ts';
import { generatorFingerprint } from '../../generator/version.ts';
import { mutations } from '../helpers/spec-mutations.ts';
import { SpecFixture, expectDiagnostic, projectRoot } from '../helpers/spec-fixture.ts';
import { STACK_FRAME, wopgen } from './cli-run.ts';

const PER_FILE = Number(process.env['WOPGEN_FUZZ_PER_FILE'] ?? 2);
const SEED = Number(process.env['WOPGEN_FUZZ_SEED'] ?? 7);

// One cache for every run: what a mutation leaves unchanged is not emitted again.
const cacheDir = mkdtempSync(join(tmpdir(), 'wopgen-fuzz-cache-'));
const cache = new ArtifactCache(cacheDir, generatorFingerprint());
const fixtures: SpecFixture[] = [];
afterAll(() => {
  fixtures.forEach((fx) => fx.dispose());
  rmSync(cacheDir, { recursive: true, force: true });
});

/** A fresh copy of the spec with `rel` replaced by `text` (or edited by `edit`). */
function fixture(rel: string, text: string): SpecFixture {
  const fx = new SpecFixture();
  fixtures.push(fx);
  fx.write(rel, text);
  return fx;
}

/** Generates in-process: a GeneratorBug (the CLI's exit 3) rejects; else the errors, each located. */
async function errorsOf(fx: SpecFixture): Promise<Diagnostic[]> {
  const r = await generate(fx.specDir, { command: 'npx wopgen generate', cache });
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors) {
    expect(d.file, `${d.code}: ${d.message}`).not.toBe('');
    expect(d.position, `${d.code} at ${d.file}#${d.pointer} has no line:column`).toBeDefined();
  }
  if (errors.length === 0) expect(r.files).not.toBeNull();
  return errors;
}

const specFiles = (readdirSync(join(projectRoot, 'spec'), { recursive: true }) as string[])
  .filter((f) => /\.(json|ya?ml)$/.test(f))
  .map((f) => `spec/${f.split('\\').join('/')}`)
  .sort();

describe('spec mutations', () => {
  for (const rel of specFiles) {
    const text = readFileSync(join(projectRoot, rel), 'utf8');
    for (const m of mutations(rel, text, PER_FILE, SEED))
      it(`${rel}: ${m.label} is generated or refused with located errors`, async () => {
        await errorsOf(fixture(rel, m.text));
      });
  }
});

/** The spec file `rel` with the first `from` replaced by `to`. */
function edited(rel: string, from: string, to: string): SpecFixture {
  const text = readFileSync(join(projectRoot, rel), 'utf8');
  expect(text).toContain(from);
  return fixture(rel, text.replace(from, to));
}

describe('mistakes the mutations found', () => {
  const FACET = 'spec/facets/a2a.schema.json';

  it('a misspelt type in a facet schema is schema-invalid at its line, exit 1', () => {
    const fx = edited(FACET, '"type": "string"', '"type": "strng"');
    const r = wopgen(['generate', '--spec', 'spec', '--out', 'out'], fx.root);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.status).toBe(1);
    const line = fx.lineOf(FACET, '"type": "strng"');
    const column = fx.read(FACET).split('\n')[line - 1]!.indexOf('"type": "strng"') + 1;
    expect(r.stderr).toContain(
      `${FACET}:${line}:${column}: error schema-invalid: not a valid JSON Schema: type must be equal to one of the allowed values ("array", "boolean", "integer", "null", "number", "object", "string") (at /properties/versions/items/type)\n`,
    );
  });

  it.each([
    ['"format": "uri"', '"format": 42', /^not a valid JSON Schema: format must be string$/],
    ['"pattern": "^', '"pattern": 7, "x": "^', /^not a valid JSON Schema: pattern must be string$/],
  ])('a facet schema with %s written as %s is schema-invalid', async (from, to, message) => {
    const fx = edited(FACET, from, to);
    const errors = await errorsOf(fx);
    expect(errors.map((d) => [d.code, d.file])).toEqual([['schema-invalid', FACET]]);
    expect(errors[0]!.message).toMatch(message);
  });

  it.each([
    ['spec/errors.schema.json', ''],
    ['spec/interop-map.schema.json', '/$defs/errorRow'],
  ])('%s with `properties` of the wrong type is schema-invalid', async (rel, at) => {
    const fx = new SpecFixture();
    fixtures.push(fx);
    fx.editJson(rel, (s) => {
      const node =
        at === '' ? s : (s['$defs'] as Record<string, Record<string, unknown>>)['errorRow']!;
      node['properties'] = [];
    });
    expectDiagnostic(await errorsOf(fx), {
      code: 'schema-invalid',
      file: rel,
      pointer: `${at}/properties`,
      message: /^not a valid JSON Schema: properties must be object$/,
    });
  });

  it('a $ref of the map schema naming nothing is ref-unresolved at the $ref', async () => {
    const rel = 'spec/interop-map.schema.json';
    const fx = edited(rel, '"$ref": "#/$defs/stateRow"', '"$ref": "#/$defs/stateRw"');
    const errors = await errorsOf(fx);
    expect(errors.map((d) => [d.code, d.file, d.message])).toEqual([
      ['ref-unresolved', rel, `$ref "#/$defs/stateRw" names nothing in ${rel}`],
    ]);
    expect(errors[0]!.position?.line).toBe(fx.lineOf(rel, '"#/$defs/stateRw"'));
  });

  it('an errors.json row without `code` is an errors-schema error at the row', async () => {
    const fx = new SpecFixture();
    fixtures.push(fx);
    fx.editJson('spec/errors.json', (e) => {
      const row = (e['rows'] as Record<string, unknown>[])[15]!;
      row['cde'] = row['code'];
      delete row['code'];
    });
    expectDiagnostic(await errorsOf(fx), {
      code: 'errors-schema',
      file: 'spec/errors.json',
      pointer: '/rows/15',
      message: /^must have required property 'code'/,
    });
  });
});

describe("a row's upstream method", () => {
  it('a typo of a protocol method is refused with the method it most likely means', async () => {
    const MAP = 'spec/interop-map.json';
    const fx = edited(MAP, '"upstream": "GetTask"', '"upstream": "GetTsk"');
    expectDiagnostic(await errorsOf(fx), {
      code: 'wire-type-missing',
      file: MAP,
      pointer: '/a2a/operations/5',
      line: fx.lineOf(MAP, '"upstream": "GetTsk"') - 1,
      message: /; did you mean "GetTask"\?$/,
    });
  });
});
