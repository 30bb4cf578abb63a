// The runtime's import rules (DESIGN.md §3), checked over every runtime file: bindings reach the
// engine and the stores only through ports/; ports/ imports nothing of the runtime; the reference
// engine and the adapters import ports; only host/ knows every part.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../generator/write.ts';
import { importEdges, layerOf, unexported, violations } from '../helpers/layering.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';

const runtimeFiles = listFiles(`${projectRoot}/runtime`)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => `runtime/${f}`);

describe('runtime layering', () => {
  const edges = importEdges(projectRoot, runtimeFiles);

  it('reads the imports of every runtime file', () => {
    expect(runtimeFiles.length).toBeGreaterThan(50);
    expect(edges).toContainEqual({
      from: 'runtime/host/sqlite.ts',
      to: 'runtime/core/reference/index.ts',
    });
  });

  it('every import of the runtime keeps the rules', () => {
    expect(violations(edges)).toEqual([]);
  });

  it('ports/ imports nothing of the runtime outside itself', () => {
    const out = edges.filter(
      (e) =>
        layerOf(e.from) === 'ports' && layerOf(e.to) !== undefined && layerOf(e.to) !== 'ports',
    );
    expect(out).toEqual([]);
  });

  it('names each rule a synthetic import would break', () => {
    const bad = [
      { from: 'runtime/bindings/mcp/mrtr.ts', to: 'runtime/core/reference/engine/definition.ts' },
      { from: 'runtime/bindings/a2a/messages.ts', to: 'runtime/adapters/store/sqlite/index.ts' },
      { from: 'runtime/bindings/rest/routes.ts', to: 'runtime/host/create-host.ts' },
      { from: 'runtime/bindings/discovery/document.ts', to: 'runtime/auth/api-keys.ts' },
      { from: 'runtime/ports/run-core.ts', to: 'runtime/ids.ts' },
      {
        from: 'runtime/adapters/store/sqlite/run-store.ts',
        to: 'runtime/core/reference/cursor.ts',
      },
      { from: 'runtime/core/reference/run-core.ts', to: 'runtime/bindings/mcp/tools.ts' },
      { from: 'runtime/negotiation/record.ts', to: 'runtime/bindings/a2a/card.ts' },
      // One binding reaching into another's folder.
      { from: 'runtime/bindings/rest/agents.ts', to: 'runtime/bindings/a2a/agent-routing.ts' },
      { from: 'runtime/bindings/a2a/binding.ts', to: 'runtime/bindings/rest/dead-letters.ts' },
      // Deep relative imports into the generated package, from any layer.
      { from: 'runtime/ports/run-core.ts', to: 'generated/run-status.ts' },
      { from: 'runtime/host/sqlite.ts', to: 'generated/a2a/dispatch.ts' },
    ];
    expect(violations(bad)).toEqual(bad);
    const good = [
      { from: 'runtime/bindings/mcp/mrtr.ts', to: 'runtime/ports/interrupts.ts' },
      { from: 'runtime/bindings/a2a/card.ts', to: 'runtime/http/respond.ts' },
      { from: 'runtime/bindings/rest/agents.ts', to: 'runtime/bindings/agent-inventory.ts' },
      { from: 'runtime/bindings/a2a/pipeline.ts', to: 'runtime/bindings/exchange.ts' },
      { from: 'runtime/adapters/store/sqlite/rows.ts', to: 'runtime/ports/store/run-store.ts' },
      { from: 'runtime/host/sqlite.ts', to: 'runtime/adapters/store/sqlite/index.ts' },
      { from: 'runtime/ports/run-core.ts', to: '@wopgen/generated/run-status' },
      { from: 'generated/a2a/dispatch.ts', to: 'generated/a2a/operations.ts' },
    ];
    expect(violations(good)).toEqual([]);
  });

  it('imports the generated package only by its name and the entry points its exports declare', () => {
    const pkg = JSON.parse(readFileSync(`${projectRoot}/generated/package.json`, 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const byName = edges.filter((e) => e.to.startsWith('@wopgen/generated'));
    expect(byName.length).toBeGreaterThan(20);
    expect(edges.filter((e) => e.to.startsWith('generated/'))).toEqual([]);
    expect(unexported(edges, pkg.exports)).toEqual([]);
    // A subpath the exports map does not declare is named.
    const deep = {
      from: 'runtime/bindings/a2a/card.ts',
      to: '@wopgen/generated/dist/a2a/errors.js',
    };
    expect(unexported([deep], pkg.exports)).toEqual([deep]);
  });
});
