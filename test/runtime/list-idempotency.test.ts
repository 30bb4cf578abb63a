import { afterEach, describe, expect, it } from 'vitest';
import { fixture, subject, type Fixture } from './helpers.ts';

let f: Fixture | undefined;
afterEach(async () => {
  await f?.cleanup();
  f = undefined;
});
const alice = subject('acme', 'alice');
const bob = subject('acme', 'bob');
const eve = subject('globex', 'eve');

describe('idempotency', () => {
  it('replays the same run for the same key and digest, per principal', async () => {
    f = await fixture();
    const req = {
      workflowId: 'echo',
      inputs: { text: 'a' },
      transport: 'rest' as const,
      idempotencyKey: 'k1',
    };
    const first = await f.core.createRun(alice, req);
    const again = await f.core.createRun(alice, { ...req, inputs: { text: 'a' } });
    expect(first.created).toBe(true);
    expect(again).toEqual({ run: first.run, created: false });
    await expect(f.core.createRun(alice, { ...req, inputs: { text: 'b' } })).rejects.toMatchObject({
      code: 'idempotency_key_mismatch',
    });
    const other = await f.core.createRun(bob, req);
    expect(other.created).toBe(true);
    expect(other.run.runId).not.toBe(first.run.runId);
    // An explicit digest wins over the computed one.
    const d1 = await f.core.createRun(alice, { ...req, idempotencyKey: 'k2', requestDigest: 'd' });
    const d2 = await f.core.createRun(alice, {
      ...req,
      idempotencyKey: 'k2',
      requestDigest: 'd',
      inputs: { text: 'z' },
    });
    expect(d2).toEqual({ run: d1.run, created: false });
    expect((await f.core.listRuns(alice)).runs).toHaveLength(3);
  });
});

describe('listRuns', () => {
  it('pages newest first with an opaque cursor, tenant-scoped and filtered', async () => {
    f = await fixture();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(
        (
          await f.core.createRun(alice, {
            workflowId: 'echo',
            inputs: { text: String(i) },
            transport: 'rest',
          })
        ).run.runId,
      );
    }
    await f.core.createRun(eve, { workflowId: 'echo', inputs: { text: 'eve' }, transport: 'rest' });
    await f.core.createRun(bob, {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'rest',
    });

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await f.core.listRuns(alice, { limit: 3, ...(cursor && { cursor }) });
      seen.push(...page.runs.map((r) => r.runId));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    expect(seen.every((id) => id.startsWith('acme/'))).toBe(true);
    // Newest first: the last created echo run precedes the first one.
    expect(seen.indexOf(ids[6]!)).toBeLessThan(seen.indexOf(ids[0]!));

    const waiting = await f.core.listRuns(alice, { status: 'waiting-approval' });
    expect(waiting.runs.map((r) => r.workflowId)).toEqual(['conformance-approval']);
    expect(waiting.nextCursor).toBeNull();
    expect((await f.core.listRuns(alice, { workflowId: 'echo' })).runs).toHaveLength(7);
    expect((await f.core.listRuns(eve)).runs.map((r) => r.inputs)).toEqual([{ text: 'eve' }]);
    await expect(f.core.listRuns(alice, { limit: 0 })).rejects.toMatchObject({
      code: 'validation_error',
    });
    await expect(f.core.listRuns(alice, { limit: 101 })).rejects.toMatchObject({
      code: 'validation_error',
    });
    await expect(f.core.listRuns(alice, { cursor: 'garbage' })).rejects.toMatchObject({
      code: 'validation_error',
    });
  });
});

describe('idempotency under concurrency', () => {
  it('creates one run for concurrent requests with the same key', async () => {
    f = await fixture();
    const req = {
      workflowId: 'echo',
      inputs: { text: 'a' },
      transport: 'rest' as const,
      idempotencyKey: 'race',
    };
    const results = await Promise.all([
      f.core.createRun(alice, req),
      f.core.createRun(alice, req),
      f.core.createRun(alice, req),
    ]);
    expect(new Set(results.map((r) => r.run.runId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect((await f.core.listRuns(alice)).runs).toHaveLength(1);
  });
});
