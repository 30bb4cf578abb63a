import { afterEach, describe, expect, it } from 'vitest';
import { fixture, subject, types, type Fixture } from './helpers.ts';

let f: Fixture | undefined;
afterEach(async () => {
  await f?.cleanup();
  f = undefined;
});
const alice = subject('acme', 'alice');
const eve = subject('globex', 'eve');

describe('cancelRun', () => {
  it('cancels a waiting run, appends run.cancelled with the reason, cancels open interrupts', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'mcp',
    });
    const [it0] = (await f.core.openInterrupts(alice, run.runId))!;
    const after = await f.core.cancelRun(alice, run.runId, { reason: 'mcp-request-cancelled' });
    expect(after).toMatchObject({ status: 'cancelled' });
    expect(after!.completedAt).toBeDefined();
    const events = (await f.core.readEvents(alice, run.runId, -1, 100))!;
    expect(types(events)).toEqual([
      'run.started',
      'node.suspended',
      'interrupt.requested',
      'run.cancelled',
    ]);
    expect(events[3]!.payload).toMatchObject({
      reason: 'mcp-request-cancelled',
      cancelledBy: 'alice',
    });
    expect(await f.core.openInterrupts(alice, run.runId)).toEqual([]);
    await expect(
      f.core.resolveInterrupt(alice, run.runId, it0!.interruptId, { action: 'accept' }),
    ).rejects.toMatchObject({
      code: 'interrupt_cancelled',
    });
  });

  it('cancels a cancellable wait and stops its timer', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-cancellable',
      // Long enough that the cancel comes first on a loaded machine (50 ms was not: the run
      // completed before the cancel and the test failed); the wait below outlasts it.
      inputs: { delayMs: 1000 },
      transport: 'rest',
    });
    const after = await f.core.cancelRun(alice, run.runId, {
      reason: 'user',
      cancelledBy: 'alice-ui',
    });
    expect(after!.status).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 1100));
    const events = (await f.core.readEvents(alice, run.runId, -1, 100))!;
    expect(types(events)).toEqual(['run.started', 'run.cancelled']);
    expect(events[1]!.payload).toMatchObject({ reason: 'user', cancelledBy: 'alice-ui' });
  });

  it('refuses terminal runs, hides unknown and foreign ones', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-noop',
      inputs: {},
      transport: 'rest',
    });
    await expect(f.core.cancelRun(alice, run.runId)).rejects.toMatchObject({
      code: 'run_terminal',
    });
    expect(await f.core.cancelRun(alice, `acme/${'a'.repeat(22)}`)).toBeUndefined();
    const { run: waiting } = await f.core.createRun(alice, {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'rest',
    });
    expect(await f.core.cancelRun(eve, waiting.runId)).toBeUndefined();
    expect(await f.core.getRun(eve, waiting.runId)).toBeUndefined();
    expect((await f.core.getRun(alice, waiting.runId))!.status).toBe('waiting-approval');
  });
});
