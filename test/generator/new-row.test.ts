// Regenerating after the spec gains an A2A row turns into a type error that names the new
// member (the mission: "a new map row must turn into a type error that names what to implement").
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { a2aOperations } from '../../generated/a2a/operations.ts';
import { writeAtomically } from '../../generator/write.ts';
import { SpecFixture, projectRoot } from '../helpers/spec-fixture.ts';
import { typecheck } from '../helpers/tsc.ts';

describe('a new map row', () => {
  const fx = new SpecFixture();
  mkdirSync(join(projectRoot, '.tmp'), { recursive: true });
  const work = mkdtempSync(join(projectRoot, '.tmp/new-row-'));
  afterAll(() => {
    fx.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  const handlerFile = (importPath: string) =>
    [
      `import type { A2aHandlers, A2aIo } from '${importPath}';`,
      `type Io = { [M in keyof A2aIo]: { params: unknown; result: unknown; event: unknown } };`,
      `export const handlers: A2aHandlers<unknown, Io> = {`,
      ...a2aOperations.map((o) =>
        o.streaming ? `  async *${o.key}() {},` : `  async ${o.key}() { return undefined; },`,
      ),
      `};`,
    ].join('\n');

  it('type-checks against the current interface', () => {
    writeFileSync(join(work, 'current.ts'), handlerFile('../../generated/a2a/operations.ts'));
    const r = typecheck(work, ['current.ts']);
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  });

  it('fails after regeneration, naming the new member', async () => {
    fx.editJson('spec/interop-map.json', (m) => {
      (m['a2a'] as { operations: unknown[] }).operations.push({
        upstream: 'GetTaskArtifact',
        http: 'GET /tasks/{id}/artifacts/{artifactId}',
        when: '',
        v2Operation: 'getRun',
        requires: [],
        rule: 'Test row: reads one artifact of a task the caller can read.',
      });
    });
    const result = await fx.generate();
    expect(result.diagnostics).toEqual([]);
    writeAtomically(join(work, 'generated'), result.files!);
    writeFileSync(join(work, 'stale.ts'), handlerFile('./generated/a2a/operations.ts'));
    const r = typecheck(work, ['stale.ts']);
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/Property 'getTaskArtifact' is missing in type/);
    expect(r.output).toMatch(/stale\.ts\(3,14\): error TS2741/);
  });
});
