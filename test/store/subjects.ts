// Record builders for the store contract suite: a run, an interrupt, an idempotency row — the shapes
// the reference core writes, with unique ids so tests sharing one database never collide.
import { randomUUID } from 'node:crypto';
import type { Subject } from '../../runtime/ports/auth.ts';
import type {
  InterruptRecord,
  RunListQuery,
  RunRecord,
  RunStore,
} from '../../runtime/ports/store/run-store.ts';

export const uid = (): string => randomUUID().replace(/-/g, '');

export function owner(tenant: string): Subject {
  return { issuer: 'urn:test', subjectId: 'u1', tenant, lane: 'api-key', kind: 'user' };
}

export function runRecord(tenant: string, over: Partial<RunRecord> = {}): RunRecord {
  const at = over.createdAt ?? new Date().toISOString();
  return {
    runId: `${tenant}.${uid()}`,
    tenant,
    workflowId: 'echo',
    status: 'pending',
    owner: owner(tenant),
    inputs: { text: 'hi', nested: { b: 1, a: [1, 'x', null] } },
    transport: 'rest',
    trustBoundary: 'untrusted',
    createdAt: at,
    updatedAt: at,
    statusAt: at,
    definition: { id: 'echo', nodes: [] },
    engine: { nodeIndex: 0, vars: {} },
    ...over,
  };
}

export function interruptRecord(
  runId: string,
  over: Partial<InterruptRecord> = {},
): InterruptRecord {
  return {
    interruptId: `int_${uid()}`,
    runId,
    nodeId: 'ask',
    kind: 'input',
    status: 'open',
    createdAt: new Date().toISOString(),
    ...over,
  };
}

/** The runs of one page of a list (RunStore.listRuns answers them with where the next starts). */
export async function listedBy(runs: RunStore, q: RunListQuery): Promise<RunRecord[]> {
  return (await runs.listRuns(q)).runs;
}
