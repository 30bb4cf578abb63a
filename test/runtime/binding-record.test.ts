// The A2A task record (contextId and message history) commits in the same transaction as the run
// change that creates or continues its task (DESIGN.md §3): a fault in writing the record leaves
// neither the run nor the answer behind, so no run ever exists without its A2A record. The fault
// is a real one: a SQLite trigger aborts the record's write inside the transaction.
import { afterEach, describe, expect, it } from 'vitest';
import type { BindingNote } from '../../runtime/ports/run-core.ts';
import { fixture, subject, type Fixture } from './helpers.ts';

let f: Fixture | undefined;
afterEach(async () => {
  await f?.cleanup();
  f = undefined;
});
const alice = subject('acme', 'alice');
const note = (text: string, contextId = 'ctx-1'): BindingNote => ({
  binding: 'a2a',
  contextId,
  append: { messageId: text, role: 'ROLE_USER', parts: [{ text }] },
});
const refuseRecordWrites = (fx: Fixture) =>
  fx.store.db.exec(`
    CREATE TRIGGER refuse_insert BEFORE INSERT ON a2a_tasks BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;
    CREATE TRIGGER refuse_update BEFORE UPDATE ON a2a_tasks BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;`);
const count = (fx: Fixture, table: string) =>
  (fx.store.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('binding records commit with their run change', () => {
  it('a run is created with its record, and a replay of the same message adds nothing', async () => {
    f = await fixture();
    const req = {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'a2a' as const,
      idempotencyKey: 'm-1',
      note: note('m-1'),
    };
    const { run } = await f.core.createRun(alice, req);
    const again = await f.core.createRun(alice, { ...req, note: note('m-1', 'ctx-other') });
    expect(again.created).toBe(false);
    const record = await f.core.bindingRecord(alice, run.runId, 'a2a');
    expect(record).toMatchObject({ contextId: 'ctx-1', history: [note('m-1').append] });
    // Another tenant reads nothing of it.
    expect(await f.core.bindingRecord(subject('other', 'bob'), run.runId, 'a2a')).toBeUndefined();
  });

  it('an answer appends to the history and keeps the task context', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'a2a',
      note: note('m-1'),
    });
    const [open] = (await f.core.openInterrupts(alice, run.runId))!;
    await f.core.resolveInterrupt(alice, run.runId, open!.interruptId, {
      action: 'accept',
      note: note('m-2', 'ctx-ignored'),
    });
    const record = await f.core.bindingRecord(alice, run.runId, 'a2a');
    expect(record).toMatchObject({
      contextId: 'ctx-1',
      history: [note('m-1').append, note('m-2').append],
    });
  });

  it('when the record cannot be written, the run is not created either', async () => {
    f = await fixture();
    refuseRecordWrites(f);
    await expect(
      f.core.createRun(alice, {
        workflowId: 'echo',
        inputs: { text: 'x' },
        transport: 'a2a',
        idempotencyKey: 'm-1',
        note: note('m-1'),
      }),
    ).rejects.toThrow('disk I/O error');
    expect([count(f, 'runs'), count(f, 'idempotency'), count(f, 'a2a_tasks')]).toEqual([0, 0, 0]);
    expect((await f.core.listRuns(alice)).runs).toEqual([]);
  });

  it('when the record cannot be continued, the answer is not taken either', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'a2a',
      note: note('m-1'),
    });
    const [open] = (await f.core.openInterrupts(alice, run.runId))!;
    const events = (await f.core.readEvents(alice, run.runId, -1, 100))!;
    refuseRecordWrites(f);
    await expect(
      f.core.resolveInterrupt(alice, run.runId, open!.interruptId, {
        action: 'accept',
        note: note('m-2'),
      }),
    ).rejects.toThrow('disk I/O error');
    expect((await f.core.getRun(alice, run.runId))!.status).toBe('waiting-approval');
    expect((await f.core.openInterrupts(alice, run.runId))!.map((i) => i.interruptId)).toEqual([
      open!.interruptId,
    ]);
    expect(await f.core.readEvents(alice, run.runId, -1, 100)).toEqual(events);
    expect((await f.core.bindingRecord(alice, run.runId, 'a2a'))!.history).toHaveLength(1);
  });
});
