// The examples are written as a user outside this repository writes them: they reach the runtime
// only through its public entry point (runtime/index.ts, published as wopgen/runtime), so the
// foreign engine proves the port is enough and the embedding examples use only what a user has.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEdges, type Edge } from '../helpers/layering.ts';
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

/** Edges into the runtime or generated/ other than through the public entry point. */
function pastTheEntry(edges: readonly Edge[]): Edge[] {
  return edges.filter((e) => /^(runtime|generated)\//.test(e.to) && e.to !== 'runtime/index.ts');
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

  it('imports nothing of runtime/ or generated/ but runtime/index.ts', () => {
    expect(pastTheEntry(importEdges(REPO, files))).toEqual([]);
  });

  it('a deep import of the reference engine or a port file breaks the rule', () => {
    const deep = [
      { from: 'examples/x.ts', to: 'runtime/core/reference/index.ts' },
      { from: 'examples/x.ts', to: 'runtime/ports/run-core.ts' },
      { from: 'examples/x.ts', to: 'runtime/index.ts' },
    ];
    expect(pastTheEntry(deep).map((e) => e.to)).toEqual([
      'runtime/core/reference/index.ts',
      'runtime/ports/run-core.ts',
    ]);
  });
});
