// The package's own files (emit/package.ts, package-modules.ts): the index over every module, the
// subpath exports into dist/, the runtime dependencies the code imports, and the manifest.
import { describe, expect, it } from 'vitest';
import { emitIndex, emitManifest, emitPackageJson } from '../../../generator/emit/package.ts';
import {
  exportsMap,
  packageModules,
  runtimeDependencies,
} from '../../../generator/emit/package-modules.ts';
import { bundledModel } from './fixture.ts';

const paths = [
  'types/openapi.ts',
  'a2a/errors.ts',
  'run-status.ts',
  'validators/standalone.js',
  'validators/standalone.d.ts',
  'hand/written.js',
  'dist/a2a/errors.js',
  'README.md',
];

describe('packageModules and exportsMap', () => {
  it('names every module (JavaScript only with declarations), index first, by subpath', () => {
    expect(packageModules(['index.ts', ...paths]).map((m) => [m.subpath, m.source])).toEqual([
      ['.', 'index.ts'],
      ['./a2a/errors', 'a2a/errors.ts'],
      ['./run-status', 'run-status.ts'],
      ['./types/openapi', 'types/openapi.ts'],
      ['./validators/standalone', 'validators/standalone.js'],
    ]);
    expect(exportsMap(packageModules(['a2a/errors.ts']))).toEqual({
      './a2a/errors': { types: './dist/a2a/errors.d.ts', default: './dist/a2a/errors.js' },
      './package.json': './package.json',
    });
  });

  it('finds bare imports and requires outside comments, at wopgen’s ranges', () => {
    const files = new Map([
      ['a.ts', "import { x } from 'ajv/dist/runtime/x.js';\n// import y from 'nope'\n"],
      ['b.js', "const r = require('@scope/pkg/sub');\nimport { c } from 'node:module';\n"],
      ['c.d.ts', "import type { T } from 'ignored';"],
    ]);
    expect(runtimeDependencies(files, { ajv: '^8', '@scope/pkg': '1.0.0', other: '2' })).toEqual({
      '@scope/pkg': '1.0.0',
      ajv: '^8',
    });
    expect(() => runtimeDependencies(files, {})).toThrow(/imports @scope\/pkg/);
  });
});

describe('emitIndex', () => {
  it('re-exports every module but the index by its .js specifier, sorted', () => {
    expect(emitIndex(paths.map((path) => ({ path, body: '' }))).body).toBe(
      [
        "export * from './a2a/errors.js';",
        "export * from './run-status.js';",
        "export * from './types/openapi.js';",
        "export * from './validators/standalone.js';",
      ].join('\n'),
    );
  });

  it('re-exports a name two modules export by name from the first of them (no TS2308)', () => {
    const files = [
      {
        path: 'types/a2a-wire.ts',
        body: 'export type Part = { text: string };\nexport interface Task {}',
      },
      {
        path: 'types/events.ts',
        body: 'export interface Part { kind: string }\nexport type Task = 1;',
      },
      { path: 'validators/standalone.js', body: 'export const validatePart = 1;' },
      { path: 'validators/standalone.d.ts', body: 'export declare const validatePart: 1;' },
      { path: 'validators/other.ts', body: 'export const validatePart = 2;' },
    ];
    expect(emitIndex(files).body).toBe(
      [
        "export * from './types/a2a-wire.js';",
        "export * from './types/events.js';",
        "export * from './validators/other.js';",
        "export * from './validators/standalone.js';",
        '',
        "export type { Part } from './types/a2a-wire.js';",
        "export type { Task } from './types/a2a-wire.js';",
        "export { validatePart } from './validators/other.js';",
      ].join('\n'),
    );
  });
});

describe('emitPackageJson and emitManifest', () => {
  it('writes the exports, dependencies and digest into package.json', () => {
    const model = bundledModel();
    model.digest = 'abc';
    const files = new Map([
      ['validators/standalone.js', "require('ajv/dist/runtime/x')"],
      ['validators/standalone.d.ts', 'export declare const v: unknown;'],
    ]);
    const pkg = JSON.parse(emitPackageJson(model, files, 'cmd', { ajv: '^8.17.1' }).body) as Record<
      string,
      unknown
    >;
    expect(pkg['name']).toBe('@wopgen/generated');
    expect(pkg['dependencies']).toEqual({ ajv: '^8.17.1' });
    expect(pkg['exports']).toEqual({
      './validators/standalone': {
        types: './dist/validators/standalone.d.ts',
        default: './dist/validators/standalone.js',
      },
      './package.json': './package.json',
    });
    expect(JSON.stringify(pkg)).toContain('sha256:abc');
  });

  it('lists every output with its digest, and no timestamp', () => {
    const model = bundledModel();
    const text = emitManifest(model, '9.9.9', new Map([['a.ts', 'A']]), (s) => `h(${s})`);
    const manifest = JSON.parse(text) as Record<string, unknown>;
    expect(manifest['generator']).toEqual({ name: 'wopgen', version: '9.9.9' });
    expect(manifest['outputs']).toEqual([{ file: 'a.ts', sha256: 'h(A)' }]);
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toMatch(/20\d\d-\d\d-\d\dT/);
  });
});
