// The code builder (generator/emit/code/): imports collected from symbol uses, deduplicated,
// sorted and marked type-only; and no code emitter types an import line by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportSet, specifierOf } from '../../../generator/emit/code/imports.ts';
import { entries, inline, unionOf } from '../../../generator/emit/code/literals.ts';
import {
  cast,
  code,
  constant,
  fn,
  nonNull,
  tsLine,
  typed,
  types,
  verbatim,
} from '../../../generator/emit/code/declarations.ts';
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
    m.add(types('export type A2aCase = "x";')).add(
      constant({ exported: false, name: 'a', value: ['1'] }),
      constant({ exported: false, name: 'b', value: ['2'] }),
    );
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
      dist: { js: `${m.text('js')}\n`, dts: `${m.text('dts')}\n` },
    });
  });

  it('prints the JavaScript without types or type imports, the declarations without values', () => {
    const m = new TsModule('run-status.ts');
    m.use(typeSymbol('a2a/errors.ts', 'A2aErrorName'));
    const isA2aError = m.use(valueSymbol('a2a/errors.ts', 'isA2aError'));
    m.add(
      types('/** A status. */', 'export type S = "a" | "b";'),
      constant({ name: 'all', type: 'readonly S[]', value: ['["a", "b"]'] }),
      constant({ name: 'FIRST', value: ['"a"'] }),
    );
    m.add(
      constant({
        exported: false,
        name: 'table',
        value: ['{', '  a: 1,', '}'],
        tsSuffix: ' as const satisfies Record<S, number>',
      }),
    );
    m.add(
      fn({
        doc: ['/** Whether `v` is a status. */'],
        name: 'isS',
        typeParams: 'T extends string',
        params: [
          ['v', 'T'],
          ['strict?', 'boolean'],
        ],
        returns: 'v is T & S',
        body: [
          code`  const ${typed('list', 'readonly string[]')} = ${cast('all', 'readonly string[]')};`,
          tsLine('  // a TypeScript-only line'),
          code`  return list.includes(v) || ${nonNull('strict')} === ${isA2aError}(v);`,
        ],
      }),
    );
    m.add(types('interface Hidden { x: number }'));
    expect(m.text()).toBe(
      [
        "import { type A2aErrorName, isA2aError } from './a2a/errors.js';",
        '',
        '/** A status. */',
        'export type S = "a" | "b";',
        'export const all: readonly S[] = ["a", "b"];',
        'export const FIRST = "a";',
        '',
        'const table = {',
        '  a: 1,',
        '} as const satisfies Record<S, number>;',
        '',
        '/** Whether `v` is a status. */',
        'export function isS<T extends string>(v: T, strict?: boolean): v is T & S {',
        '  const list: readonly string[] = (all as readonly string[]);',
        '  // a TypeScript-only line',
        '  return list.includes(v) || strict! === isA2aError(v);',
        '}',
        '',
        'interface Hidden { x: number }',
      ].join('\n'),
    );
    expect(m.text('js')).toBe(
      [
        "import { isA2aError } from './a2a/errors.js';",
        '',
        'export const all = ["a", "b"];',
        'export const FIRST = "a";',
        '',
        'const table = {',
        '  a: 1,',
        '};',
        '',
        '/** Whether `v` is a status. */',
        'export function isS(v, strict) {',
        '  const list = all;',
        '  return list.includes(v) || strict === isA2aError(v);',
        '}',
      ].join('\n'),
    );
    expect(m.text('dts')).toBe(
      [
        "import { type A2aErrorName, isA2aError } from './a2a/errors.js';",
        '',
        '/** A status. */',
        'export type S = "a" | "b";',
        'export declare const all: readonly S[];',
        'export declare const FIRST = "a";',
        '',
        '/** Whether `v` is a status. */',
        'export declare function isS<T extends string>(v: T, strict?: boolean): v is T & S;',
        '',
        'interface Hidden { x: number }',
        '',
        'export {};',
      ].join('\n'),
    );
  });

  it('gives a module of types only the JavaScript of an empty module, and .js and .d.ts modules no dist', () => {
    const types_ = new TsModule('types/x.ts').add(types('export type X = 1;'));
    expect(types_.file([]).dist).toEqual({ js: 'export {};\n', dts: 'export type X = 1;\n' });
    const js = new TsModule('validators/x.js').add(verbatim('export const x = 1;'));
    expect(js.file([], 'printed').dist).toBeUndefined();
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
