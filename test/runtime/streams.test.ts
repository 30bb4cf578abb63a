import { afterEach, describe, expect, it } from 'vitest';
import { validateHostEvent } from '../../generated/validators/standalone.js';
import { collect, fixture, subject, types, type Fixture } from './helpers.ts';

let f: Fixture | undefined;
afterEach(async () => {
  await f?.cleanup();
  f = undefined;
});
const alice = subject('acme', 'alice');
const eve = subject('globex', 'eve');

describe('streamRunEvents', () => {
  it('replays, follows live appends and ends after the terminal event', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'rest',
    });
    const stream = await f.core.streamRunEvents(alice, run.runId, { afterSequence: -1 });
    const all = collect(stream);
    await new Promise((r) => setTimeout(r, 20));
    await f.core.appendRunEvent(alice, run.runId, {
      type: 'negotiation.decided',
      payload: { protocol: 'a2a', outcome: 'accepted', at: new Date().toISOString() },
    });
    const [it0] = (await f.core.openInterrupts(alice, run.runId))!;
    await f.core.resolveInterrupt(alice, run.runId, it0!.interruptId, { action: 'accept' });
    const events = await all;
    expect(types(events)).toEqual([
      'run.started',
      'node.suspended',
      'interrupt.requested',
      'negotiation.decided',
      'interrupt.resolved',
      'run.completed',
    ]);
    expect(events.map((e) => e.sequence)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await f.core.lastSequence(alice, run.runId)).toBe(5);
    // Another tenant learns nothing, not even that the run has a log.
    expect(await f.core.lastSequence(eve, run.runId)).toBeUndefined();

    // Resuming from a sequence replays only what follows; past the end it ends at once.
    expect(
      types(await collect(await f.core.streamRunEvents(alice, run.runId, { afterSequence: 3 }))),
    ).toEqual(['interrupt.resolved', 'run.completed']);
    expect(
      await collect(await f.core.streamRunEvents(alice, run.runId, { afterSequence: 5 })),
    ).toEqual([]);
    expect(await f.core.streamRunEvents(eve, run.runId, { afterSequence: -1 })).toBeUndefined();
  });

  it('ends when aborted', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-cancellable',
      inputs: {},
      transport: 'rest',
    });
    const ac = new AbortController();
    const all = collect(
      await f.core.streamRunEvents(alice, run.runId, { afterSequence: -1, signal: ac.signal }),
    );
    setTimeout(() => ac.abort(), 30);
    expect(types(await all)).toEqual(['run.started']);
    await f.core.cancelRun(alice, run.runId);
  });

  it('waitFor resolves at timeout with the current snapshot', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'a2a',
    });
    const t0 = Date.now();
    const snap = await f.core.waitFor(alice, run.runId, (r) => r.status === 'completed', {
      timeoutMs: 50,
    });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45);
    expect(snap!.status).toBe('waiting-approval');
    expect(await f.core.waitFor(eve, run.runId, () => true, { timeoutMs: 10 })).toBeUndefined();
  });
});

describe('host events', () => {
  it('appends durable tenant-scoped events, lists after an id and follows live', async () => {
    f = await fixture();
    const payload = (v: string) => ({
      protocol: 'mcp',
      outcome: 'accepted',
      version: v,
      reason: 'ok',
      at: new Date().toISOString(),
    });
    const a = await f.hostEvents.append('acme', {
      type: 'negotiation.decided',
      delivery: 'durable',
      payload: payload('1'),
    });
    await f.hostEvents.append('globex', {
      type: 'negotiation.decided',
      delivery: 'durable',
      payload: payload('x'),
    });
    const b = await f.hostEvents.append('acme', {
      type: 'negotiation.decided',
      delivery: 'durable',
      payload: payload('2'),
    });
    expect(Object.keys(a).sort()).toEqual(['delivery', 'eventId', 'payload', 'timestamp', 'type']);
    expect(validateHostEvent(a)).toBe(true);
    expect(await f.hostEvents.list('acme')).toEqual([a, b]);
    expect(await f.hostEvents.list('acme', a.eventId)).toEqual([b]);

    const ac = new AbortController();
    const seen: string[] = [];
    const follow = (async () => {
      for await (const e of f!.hostEvents.stream('acme', {
        afterEventId: a.eventId,
        signal: ac.signal,
      })) {
        seen.push(e.eventId);
        if (seen.length === 2) ac.abort();
      }
    })();
    await new Promise((r) => setTimeout(r, 20));
    const c = await f.hostEvents.append('acme', {
      type: 'negotiation.decided',
      delivery: 'durable',
      payload: payload('3'),
    });
    await follow;
    expect(seen).toEqual([b.eventId, c.eventId]);
  });
});
