import { afterEach, describe, expect, it } from 'vitest';
import { fixture, subject, types, type Fixture } from './helpers.ts';

let f: Fixture | undefined;
afterEach(async () => {
  await f?.cleanup();
  f = undefined;
});
const alice = subject('acme', 'alice');
const bob = subject('acme', 'bob');
const eve = subject('globex', 'eve');

describe('interrupts', () => {
  it('refuses a non-approver and changes nothing; an approver resumes the run', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-approval-approvers',
      inputs: { approvers: ['bob'] },
      transport: 'rest',
    });
    const [it0] = (await f.core.openInterrupts(alice, run.runId))!;
    const before = await f.core.readEvents(alice, run.runId, -1, 100);

    await expect(
      f.core.resolveInterrupt(alice, run.runId, it0!.interruptId, { action: 'accept' }),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(await f.core.readEvents(alice, run.runId, -1, 100)).toEqual(before);
    expect((await f.core.getRun(alice, run.runId))!.status).toBe('waiting-approval');
    expect(await f.core.openInterrupts(alice, run.runId)).toHaveLength(1);

    const done = await f.core.resolveInterrupt(bob, run.runId, it0!.interruptId, {
      action: 'accept',
    });
    expect(done).toMatchObject({ status: 'completed', outputs: { approved: true } });
    expect(done.currentNodeId).toBeUndefined();
    const events = (await f.core.readEvents(alice, run.runId, -1, 100))!;
    expect(types(events)).toEqual([
      'run.started',
      'node.suspended',
      'interrupt.requested',
      'interrupt.resolved',
      'run.completed',
    ]);
    expect(events.map((e) => e.sequence)).toEqual([0, 1, 2, 3, 4]);
    expect(events[3]!.payload).toEqual({
      interruptId: it0!.interruptId,
      nodeId: 'approve',
      action: 'accept',
      decision: 'granted',
      resolvedBy: bob,
    });
  });

  it('resolves an interrupt exactly once', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'rest',
    });
    const [it0] = (await f.core.openInterrupts(alice, run.runId))!;
    const results = await Promise.allSettled([
      f.core.resolveInterrupt(alice, run.runId, it0!.interruptId, { action: 'accept' }),
      f.core.resolveInterrupt(bob, run.runId, it0!.interruptId, { action: 'accept' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: 'interrupt_already_resolved' });
    const events = (await f.core.readEvents(alice, run.runId, -1, 100))!;
    expect(types(events).filter((t) => t === 'interrupt.resolved')).toHaveLength(1);
    await expect(
      f.core.resolveInterrupt(alice, run.runId, `acme/${'x'.repeat(22)}`, { action: 'accept' }),
    ).rejects.toMatchObject({ code: 'interrupt_not_found' });
  });

  it('hides another tenant’s run', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'rest',
    });
    const [it0] = (await f.core.openInterrupts(alice, run.runId))!;
    expect(await f.core.openInterrupts(eve, run.runId)).toBeUndefined();
    await expect(
      f.core.resolveInterrupt(eve, run.runId, it0!.interruptId, { action: 'accept' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    expect((await f.core.getRun(alice, run.runId))!.status).toBe('waiting-approval');
  });

  it('approval decline fails the run with approval_rejected', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'rest',
    });
    const [it0] = (await f.core.openInterrupts(alice, run.runId))!;
    const after = await f.core.resolveInterrupt(alice, run.runId, it0!.interruptId, {
      action: 'decline',
    });
    expect(after).toMatchObject({ status: 'failed', error: { code: 'approval_rejected' } });
    expect(types((await f.core.readEvents(alice, run.runId, 2, 100))!)).toEqual([
      'interrupt.resolved',
      'run.failed',
    ]);
  });

  it('cancel action cancels the run', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-credential',
      inputs: {},
      transport: 'rest',
    });
    const [it0] = (await f.core.openInterrupts(alice, run.runId))!;
    const after = await f.core.resolveInterrupt(alice, run.runId, it0!.interruptId, {
      action: 'cancel',
    });
    expect(after.status).toBe('cancelled');
    const last = (await f.core.readEvents(alice, run.runId, 3, 100))!;
    expect(last.map((e) => [e.type, e.type === 'run.cancelled' && e.payload.reason])).toEqual([
      ['run.cancelled', 'interrupt-cancelled'],
    ]);
  });

  it('validates the resume value against the interrupt schema and stores it as vars', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-clarification',
      inputs: {},
      transport: 'mcp',
    });
    const [it0] = (await f.core.openInterrupts(alice, run.runId))!;
    await expect(
      f.core.resolveInterrupt(alice, run.runId, it0!.interruptId, {
        action: 'accept',
        value: { answer: 42 },
      }),
    ).rejects.toMatchObject({ code: 'validation_error' });
    expect((await f.core.getRun(alice, run.runId))!.status).toBe('waiting-input');
    const done = await f.core.resolveInterrupt(alice, run.runId, it0!.interruptId, {
      action: 'accept',
      value: { answer: '42' },
    });
    expect(done).toMatchObject({ status: 'completed', outputs: { answer: '42' } });

    const nested = (
      await f.core.createRun(alice, {
        workflowId: 'conformance-clarification-nested',
        inputs: {},
        transport: 'mcp',
      })
    ).run;
    const [it1] = (await f.core.openInterrupts(alice, nested.runId))!;
    const address = { street: '1 Main St', city: 'Springfield' };
    const done2 = await f.core.resolveInterrupt(alice, nested.runId, it1!.interruptId, {
      action: 'accept',
      value: { address },
    });
    expect(done2.outputs).toEqual({ address });
  });

  it('never stores a sensitive answer', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-clarification-sensitive',
      inputs: {},
      transport: 'mcp',
    });
    const [it0] = (await f.core.openInterrupts(alice, run.runId))!;
    const secret = 'correct-horse-battery-staple';
    const done = await f.core.resolveInterrupt(alice, run.runId, it0!.interruptId, {
      action: 'accept',
      value: { passphrase: secret },
    });
    expect(done).toMatchObject({ status: 'completed', outputs: { received: true } });
    const dump = JSON.stringify([
      f.store.db.prepare('SELECT * FROM runs').all(),
      f.store.db.prepare('SELECT * FROM events').all(),
      f.store.db.prepare('SELECT * FROM interrupts').all(),
    ]);
    expect(dump).not.toContain(secret);
  });
});
