// rows.ts shares one parsed definition among every run read with the same text: it must
// be frozen throughout, so no reader of one run can change what another run's readers see.
import { describe, expect, it } from 'vitest';
import { runFromRow, runToRow } from '../../runtime/adapters/store/sqlite/rows.ts';
import type { RunRecord } from '../../runtime/ports/store/run-store.ts';

const run = (runId: string, definition: RunRecord['definition']): RunRecord => ({
  runId,
  tenant: 'acme',
  workflowId: 'echo',
  status: 'completed',
  owner: { kind: 'user', id: 'u1', tenant: 'acme' } as unknown as RunRecord['owner'],
  inputs: { text: 'hi' },
  transport: 'a2a',
  trustBoundary: 'untrusted',
  createdAt: '2026-12-02T00:00:00.000Z',
  updatedAt: '2026-12-02T00:00:00.000Z',
  statusAt: '2026-12-02T00:00:00.000Z',
  definition,
  engine: { nodeIndex: 0, vars: {} },
});

describe('a stored run definition read back', () => {
  const definition = { id: 'echo', nodes: [{ id: 'n1', type: 'echo', config: { keep: [1, 2] } }] };

  it('is the same frozen object for every run of one text, and equal to what was written', () => {
    const a = runFromRow(runToRow(run('acme/aaaaaaaaaaaaaaaaaaaaaa', definition)));
    const b = runFromRow(runToRow(run('acme/bbbbbbbbbbbbbbbbbbbbbb', definition)));
    expect(a.definition).toEqual(definition);
    expect(b.definition).toBe(a.definition);
    expect(Object.isFrozen(a.definition)).toBe(true);
    const node = (a.definition['nodes'] as Array<{ config: { keep: number[] } }>)[0]!;
    expect(() => node.config.keep.push(3)).toThrow(TypeError);
    expect(b.definition).toEqual(definition);
    // The rest of the record is each reader's own.
    expect(b.inputs).not.toBe(a.inputs);
  });

  it('is parsed apart for another text', () => {
    const other = { ...definition, id: 'echo2' };
    const a = runFromRow(runToRow(run('acme/aaaaaaaaaaaaaaaaaaaaaa', definition)));
    const c = runFromRow(runToRow(run('acme/cccccccccccccccccccccc', other)));
    expect(c.definition).toEqual(other);
    expect(c.definition).not.toBe(a.definition);
  });
});
