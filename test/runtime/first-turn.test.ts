// A new run's first turn commits with its insert (runtime/core/reference/first-turn.ts):
// the transactions a run costs, counted through the RunStore port (each insertRun and each
// commitRunChange is one transaction), with the log, the sequences and the answered state exactly
// those of one commit per step. The run the core answers with is the run as stored (the engine
// keeps it in hand instead of re-reading it: util/applied-change.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessChangeFeed } from '../../runtime/adapters/change-feed/in-process.ts';
import { openSqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import { parseDefinition } from '../../runtime/core/reference/engine/definition.ts';
import { createRunCore, referencePack } from '../../runtime/core/reference/index.ts';
import { createRegistry } from '../../runtime/core/reference/workflows/index.ts';
import type { RunCore } from '../../runtime/ports/run-core.ts';
import type { RunStore } from '../../runtime/ports/store/run-store.ts';
import { DECIDED, subject } from './helpers.ts';

const alice = subject('acme', 'alice');

const logs = parseDefinition(
  {
    id: 'logs',
    description: 'Logs a line and completes.',
    inputSchema: { type: 'object' },
    nodes: [
      { id: 'hello', kind: 'log', level: 'info', message: 'hello {{inputs.who}}' },
      { id: 'done', kind: 'complete', output: { text: 'ok' } },
    ],
  },
  'logs',
);
const workflows = createRegistry([...referencePack().list(), logs]);

interface Counted {
  core: RunCore;
  runs: RunStore;
  /** Every transaction the run store was asked for, in order. */
  tx: string[];
  close(): Promise<void>;
}

let opened: Counted | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function open(): Promise<Counted> {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-first-turn-'));
  const stores = openSqliteStores(join(dir, 'h.db'));
  const real = stores.runs;
  const tx: string[] = [];
  const runs = Object.create(real) as RunStore;
  runs.insertRun = (run, extra, options) => {
    tx.push(`insert+${extra?.changes?.length ?? 0}`);
    return real.insertRun(run, extra, options);
  };
  runs.commitRunChange = (change, options) => {
    tx.push('change');
    return real.commitRunChange(change, options);
  };
  const feed = new InProcessChangeFeed();
  const core = await createRunCore({ runs, feed, workflows });
  opened = {
    core,
    runs,
    tx,
    close: async () => {
      await core.close();
      feed.close();
      await stores.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return opened;
}

async function log(c: Counted, runId: string) {
  const events = (await c.core.readEvents(alice, runId, -1, 100)) ?? [];
  return events.map((e) => [e.sequence, e.type]);
}

describe('a run’s first turn commits with its insert', () => {
  it('a run that completes at once costs one transaction: its insert with start and completion', async () => {
    const c = await open();
    const { run, created } = await c.core.createRun(alice, {
      workflowId: 'echo',
      inputs: { text: 'hi' },
      transport: 'a2a',
    });
    expect(created).toBe(true);
    expect(c.tx).toEqual(['insert+2']);
    expect(run.status).toBe('completed');
    expect(run.outputs).toEqual({ text: 'hi' });
    expect(await log(c, run.runId)).toEqual([
      [0, 'run.started'],
      [1, 'run.completed'],
    ]);
    expect(await c.core.getRun(alice, run.runId)).toStrictEqual(run);
  });

  it('log lines go into the same insert, in order, with gap-free sequences', async () => {
    const c = await open();
    const { run } = await c.core.createRun(alice, {
      workflowId: 'logs',
      inputs: { who: 'bob' },
      transport: 'rest',
    });
    expect(c.tx).toEqual(['insert+3']);
    expect(await log(c, run.runId)).toEqual([
      [0, 'run.started'],
      [1, 'log.appended'],
      [2, 'run.completed'],
    ]);
    const events = await c.core.readEvents(alice, run.runId, 0, 1);
    expect(events?.[0]?.payload).toEqual({ level: 'info', message: 'hello bob', nodeId: 'hello' });
    expect(await c.core.getRun(alice, run.runId)).toStrictEqual(run);
  });

  it('a run that suspends costs one transaction, its interrupt opened in it', async () => {
    const c = await open();
    const { run } = await c.core.createRun(alice, {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'rest',
    });
    expect(c.tx).toEqual(['insert+2']);
    expect(run.status).toBe('waiting-approval');
    expect(await c.core.getRun(alice, run.runId)).toStrictEqual(run);
    const asked = await c.core.openInterrupts(alice, run.runId);
    expect(asked?.map((i) => i.nodeId)).toEqual(['approve']);
    // The answer and each step after it keep a commit of their own.
    const after = await c.core.resolveInterrupt(alice, run.runId, asked![0]!.interruptId, {
      action: 'accept',
    });
    expect(after.status).toBe('completed');
    expect(c.tx).toEqual(['insert+2', 'change', 'change']);
    expect(await c.core.getRun(alice, run.runId)).toStrictEqual(after);
  });

  it('a delay stops the first turn: its deadline commits after the insert, its timer armed', async () => {
    const c = await open();
    const { run } = await c.core.createRun(alice, {
      workflowId: 'conformance-delay',
      inputs: { delayMs: 600_000 },
      transport: 'rest',
    });
    expect(c.tx).toEqual(['insert+1', 'change']);
    expect(run.status).toBe('running');
    expect(await c.core.getRun(alice, run.runId)).toStrictEqual(run);
    const cancelled = await c.core.cancelRun(alice, run.runId, { reason: 'done waiting' });
    expect(cancelled?.status).toBe('cancelled');
    expect(await c.core.getRun(alice, run.runId)).toStrictEqual(cancelled);
    expect(await log(c, run.runId)).toEqual([
      [0, 'run.started'],
      [1, 'run.cancelled'],
    ]);
  });

  it('the exchange’s records go in the same insert, after the first turn, and the view needs no read', async () => {
    const c = await open();
    const out = await c.core.createRun(alice, {
      workflowId: 'echo',
      inputs: { text: 'hi' },
      transport: 'a2a',
      note: { binding: 'a2a', contextId: 'ctx-1', append: { text: 'hi' } },
      events: [{ type: 'negotiation.decided', payload: DECIDED }],
    });
    expect(c.tx).toEqual(['insert+3']);
    expect(await log(c, out.run.runId)).toEqual([
      [0, 'run.started'],
      [1, 'run.completed'],
      [2, 'negotiation.decided'],
    ]);
    expect(await c.core.getRun(alice, out.run.runId)).toStrictEqual(out.run);
    // The view the insert answered is the one a read of the stored run finds.
    expect(out.view).toBeDefined();
    expect(out.view).toStrictEqual(await c.core.runView?.(alice, out.run.runId, 'a2a'));
  });

  it('a suspended run’s view carries its open interrupt; a replay has none and writes no record', async () => {
    const c = await open();
    const req = {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'rest' as const,
      idempotencyKey: 'k-2',
      events: [
        { type: 'log.appended' as const, payload: { level: 'info' as const, message: 'x' } },
      ],
    };
    const out = await c.core.createRun(alice, req);
    expect(out.view?.open.map((i) => i.nodeId)).toEqual(['approve']);
    expect(out.view).toStrictEqual(await c.core.runView?.(alice, out.run.runId, 'a2a'));
    const again = await c.core.createRun(alice, req);
    expect(again).toStrictEqual({ run: out.run, created: false });
    expect((await log(c, out.run.runId)).map(([, type]) => type)).toEqual([
      'run.started',
      'node.suspended',
      'interrupt.requested',
      'log.appended',
    ]);
  });

  it('a replay of the same key is refused by the key at its insert and answers the run as stored', async () => {
    // Insert first (runtime/core/reference/new-run.ts): no read of the key before a create; the
    // replay's insert fails on the key, rolls back whole, and the earlier run is the answer.
    const c = await open();
    const req = {
      workflowId: 'echo',
      inputs: { text: 'once' },
      transport: 'a2a' as const,
      idempotencyKey: 'k-1',
    };
    const first = await c.core.createRun(alice, req);
    const again = await c.core.createRun(alice, req);
    expect(again).toStrictEqual({ run: first.run, created: false });
    expect(c.tx).toEqual(['insert+2', 'insert+2']);
    expect((await c.core.listRuns(alice)).runs.map((r) => r.runId)).toEqual([first.run.runId]);
    expect(await log(c, first.run.runId)).toEqual([
      [0, 'run.started'],
      [1, 'run.completed'],
    ]);
    // Another request under the key is refused, before or after its own checks alike.
    const other = { ...req, inputs: { text: 'twice' } };
    await expect(c.core.createRun(alice, other)).rejects.toMatchObject({
      code: 'idempotency_key_mismatch',
    });
    await expect(
      c.core.createRun(alice, { ...req, workflowId: 'no-such-workflow' }),
    ).rejects.toMatchObject({ code: 'idempotency_key_mismatch' });
    await expect(
      c.core.createRun(alice, { ...req, idempotencyKey: 'k-new', workflowId: 'nope' }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('concurrent creates under one key: one run, and every caller is answered with the winner', async () => {
    const c = await open();
    const req = {
      workflowId: 'echo',
      inputs: { text: 'race' },
      transport: 'a2a' as const,
      idempotencyKey: 'k-race',
    };
    // Issued in one event-loop turn, so their inserts meet in one grouped transaction.
    const all = await Promise.all(Array.from({ length: 4 }, () => c.core.createRun(alice, req)));
    const winners = all.filter((r) => r.created);
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.run;
    for (const r of all) expect(r.run).toStrictEqual(winner);
    expect((await c.core.listRuns(alice)).runs.map((r) => r.runId)).toEqual([winner.runId]);
    expect(await log(c, winner.runId)).toEqual([
      [0, 'run.started'],
      [1, 'run.completed'],
    ]);
  });
});
