// The code builder (generator/emit/code/): imports collected from symbol uses, deduplicated,
// sorted and marked type-only; and no code emitter types an import line by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportSet, specifierOf } from '../../../generator/emit/code/imports.ts';
import { entries, inline, unionOf } from '../../../generator/emit/code/literals.ts';
import { TsModule } from '../../../generator/emit/code/module.ts';
import { typeSymbol, valueSymbol } from '../../../generator/emit/code/symbols.ts';
import { projectRoot } from '../../helpers/spec-fixture.ts';

describe('specifierOf', () => {
  it('gives package modules relative .js specifiers and leaves bare ones alone', () => {
    expect(specifierOf('a2a/dispatch.ts', 'run-status.ts')).toBe('../run-status.js');
    expect(specifierOf('a2a/dispatch.ts', 'a2a/errors.ts')).toBe('./errors.js');
    expect(specifierOf('index.ts', 'a2a/errors.ts')).toBe('./a2a/errors.js');
    expect(specifierOf('index.ts', 'validators/standalone.js')).toBe('./validators/standalone.js');
    expect(specifierOf('validators/standalone.d.ts', 'types/facets.ts')).toBe('../types/facets.js');
    expect(specifierOf('a/b/c.ts', 'a/d.ts')).toBe('../d.js');
    expect(specifierOf('x.ts', 'node:module')).toBe('node:module');
  });
});

describe('ImportSet', () => {
  it('dedupes, sorts specifiers then names, and marks all-type lines `import type`', () => {
    const set = new ImportSet();
    set.add('./operations.js', 'A2aMethod', true);
    set.add('../run-status.js', 'RunStatus', true);
    set.add('./operations.js', 'A2aIo', true);
    set.add('./operations.js', 'A2aMethod', true);
    expect(set.lines()).toEqual([
      "import type { RunStatus } from '../run-status.js';",
      "import type { A2aIo, A2aMethod } from './operations.js';",
    ]);
  });

  it('marks type names one by one when a line also imports a value; a value use wins; code-unit order', () => {
    const set = new ImportSet();
    set.add('x', 'b', false);
    set.add('x', 'A', true);
    set.add('x', 'C', true);
    set.add('x', 'C', false);
    expect(set.lines()).toEqual(["import { type A, C, b } from 'x';"]);
  });
});

describe('TsModule', () => {
  it('imports what it uses from other modules, not what it declares, and prints imports first', () => {
    const m = new TsModule('a2a/dispatch.ts');
    const own = typeSymbol('a2a/dispatch.ts', 'A2aCase');
    expect(m.use(typeSymbol('run-status.ts', 'RunStatus'))).toBe('RunStatus');
    expect(m.use(own)).toBe('A2aCase');
    m.use(valueSymbol('node:module', 'createRequire'));
    m.add('export type A2aCase = "x";').add('const a = 1;', 'const b = 2;');
    expect(m.text()).toBe(
      [
        "import type { RunStatus } from '../run-status.js';",
        "import { createRequire } from 'node:module';",
        '',
        'export type A2aCase = "x";',
        '',
        'const a = 1;',
        'const b = 2;',
      ].join('\n'),
    );
    expect(m.file(['map.json'])).toEqual({
      path: 'a2a/dispatch.ts',
      from: ['map.json'],
      body: m.text(),
      parser: 'typescript',
    });
  });

  it('prints sorted re-exports', () => {
    const m = new TsModule('index.ts');
    m.reexportAll('run-status.ts').reexportAll('a2a/errors.ts');
    expect(m.text()).toBe(
      ["export * from './a2a/errors.js';", "export * from './run-status.js';"].join('\n'),
    );
  });
});

describe('literals', () => {
  it('prints unions, inline objects and table rows with their source comments', () => {
    expect(unionOf([])).toBe('never');
    expect(unionOf(['a', 'b'])).toBe('"a" | "b"');
    expect(inline({ a: 1, b: '"x"', c: true })).toBe('{ a: 1, b: "x", c: true }');
    expect(inline({})).toBe('{}');
    expect(
      entries([
        { origin: { file: 'm.json', pointer: '/a/0' }, key: 'k', value: '1' },
        { origin: 'Source: builtin', value: '2' },
        { value: '3' },
      ]),
    ).toEqual([
      '  /** Source: m.json#/a/0 */',
      '  k: 1,',
      '  /** Source: builtin */',
      '  2,',
      '  3,',
    ]);
  });
});

describe('code emitters', () => {
  it('no emitter under generator/emit types an import or re-export line by hand', () => {
    const dir = join(projectRoot, 'generator/emit');
    const emitters = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(emitters.length).toBeGreaterThan(10);
    for (const f of emitters) {
      const text = readFileSync(join(dir, f), 'utf8');
      // An import or `export … from` statement inside a string or template literal.
      expect(text, f).not.toMatch(/[`'"][ \t]*(?:import|export \*)\s[^`'"]*from\s/);
    }
  });
});
