// The examples are written as a user outside this repository writes them: they reach the runtime
// only through its published entry point, `wopgen/runtime` (mapped to runtime/index.ts inside the
// repository), and import nothing outside their own folder, so the foreign engine proves the port
// is enough and each folder runs unchanged when copied into a project of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers } from '../helpers/layering.ts';
import { REPO } from '../package/npm.ts';

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? tsFiles(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [relative(REPO, join(dir, e.name))]
        : [],
  );
}

/** The imports of `file` that a copy of its example folder could not resolve as a user has it. */
function outsideImports(file: string, text: string): string[] {
  const folder = dirname(file);
  return importSpecifiers(text).filter((spec) => {
    if (spec.startsWith('node:') || spec === 'wopgen/runtime') return false;
    if (spec.startsWith('.')) return !normalize(join(dirname(file), spec)).startsWith(`${folder}/`);
    // A package: the runtime by any other path, or a path into this repository, is not published.
    return spec.startsWith('wopgen') || spec.startsWith('@wopgen/');
  });
}

describe('examples/', () => {
  const files = tsFiles(join(REPO, 'examples'));

  it('holds the foreign engine and the embedding examples', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'examples/foreign-engine/core.ts',
        'examples/foreign-engine/host.ts',
        'examples/embed/node-http.ts',
        'examples/embed/hono.ts',
      ]),
    );
  });

  it('imports the runtime only as wopgen/runtime, and nothing outside its own folder', () => {
    const found = files.flatMap((f) =>
      outsideImports(f, readFileSync(join(REPO, f), 'utf8')).map((spec) => `${f}: ${spec}`),
    );
    expect(found).toEqual([]);
    expect(
      files.filter((f) => readFileSync(join(REPO, f), 'utf8').includes("'wopgen/runtime'")),
    ).toHaveLength(7);
  });

  it('a relative path into the runtime, another folder or a deep entry breaks the rule', () => {
    const text = [
      "import { a } from '../../runtime/index.ts';",
      "import { b } from '../embed/embedded.ts';",
      "import { c } from 'wopgen/dist/runtime/index.js';",
      "import { d } from '@wopgen/generated/contract';",
      "import { e } from './log.ts';",
      "import { f } from 'wopgen/runtime';",
      "import { g } from 'node:http';",
      "import { h } from 'hono';",
    ].join('\n');
    expect(outsideImports('examples/foreign-engine/x.ts', text)).toEqual([
      '../../runtime/index.ts',
      '../embed/embedded.ts',
      'wopgen/dist/runtime/index.js',
      '@wopgen/generated/contract',
    ]);
  });
});
