// The store-side performance levers, on a real SQLite file: writers share group-commit syncs and a
// write resolves only after a sync that started after its commit; per-tenant run counts kept by
// triggers (migration 4); runView answers what the four separate reads answer; API keys verified
// from memory within the TTL.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiKeyStore, hashKey } from '../../runtime/auth/api-keys.ts';
import type {
  ApiKeyRecord,
  ApiKeyStore as Records,
} from '../../runtime/ports/store/api-key-store.ts';
import { LAZY_SYNC_MS } from '../../runtime/adapters/store/sqlite/group-commit.ts';
import { fixture, subject, type Fixture } from './helpers.ts';

let f: Fixture | undefined;
afterEach(async () => {
  await f?.cleanup();
  f = undefined;
});

const alice = subject('acme', 'alice');

describe('group commit', () => {
  it('concurrent writers share syncs, and every write resolves after a sync', async () => {
    f = await fixture();
    const before = f.store.commits.syncs;
    const runs = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        f!.core.createRun(alice, {
          workflowId: 'echo',
          inputs: { text: `t${i}` },
          transport: 'rest',
        }),
      ),
    );
    expect(runs.every((r) => r.run.status === 'completed')).toBe(true);
    const syncs = f.store.commits.syncs - before;
    // Each run is at least two commits (insert, then its steps): 80+ without grouping.
    expect(syncs).toBeGreaterThan(0);
    expect(syncs).toBeLessThan(40);
  });

  const echoRun = async (fx: Fixture) =>
    (
      await fx.core.createRun(alice, {
        workflowId: 'echo',
        inputs: { text: 't' },
        transport: 'rest',
      })
    ).run;
  const pushConfig = (configId: string, runId: string) => ({
    configId,
    runId,
    tenant: 'acme',
    owner: alice,
    url: 'https://receiver.example/hook',
    cursor: -1,
    finished: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  });

  it('a push config is created and deleted durably: each answers only after a sync', async () => {
    // Both are acknowledged to the A2A caller (Create/DeleteTaskPushNotificationConfig).
    f = await fixture();
    const run = await echoRun(f);
    const c = f.store.commits;
    const before = c.syncs;
    await f.store.push.insertPushConfig(pushConfig('pnc-durable', run.runId));
    expect(c.syncs - before).toBe(1);
    await f.store.push.deletePushConfig('pnc-durable');
    expect(c.syncs - before).toBe(2);
  });

  it('a commit made while a sync runs waits for the next one; a caller with none joins it', async () => {
    f = await fixture();
    const c = f.store.commits;
    const order: string[] = [];
    const start = c.syncs;
    const first = c.durable().then(() => order.push('first'));
    // No commit since the first sync started: it covers this caller.
    const joined = c.durable().then(() => order.push('joined'));
    // A grouped transaction commits while the first sync runs.
    const write = f.store.writes.run(() =>
      f!.store.db.prepare("INSERT INTO kv (k, v) VALUES ('during', 'sync')").run(),
    );
    f.store.writes.flush();
    await write;
    const second = c.durable().then(() => order.push('second'));
    const third = c.durable().then(() => order.push('third'));
    await Promise.all([first, joined, second, third]);
    expect(order).toEqual(['first', 'joined', 'second', 'third']);
    // The first and the joined share one sync; the second and third the one that started after.
    expect(c.syncs - start).toBe(2);
  });
  it('a push config committed while a sync runs is not covered by that sync', async () => {
    // The push store commits outside the grouped transactions; uncounted, its durable() took a
    // sync that had started before its commit as covering it.
    f = await fixture();
    const run = await echoRun(f);
    const c = f.store.commits;
    const write = f.store.writes.run(() =>
      f!.store.db.prepare("INSERT INTO kv (k, v) VALUES ('before', 'push')").run(),
    );
    f.store.writes.flush();
    await write;
    const start = c.syncs;
    const running = c.durable();
    expect(c.syncs - start).toBe(1);
    await f.store.push.insertPushConfig(pushConfig('pnc-during-sync', run.runId));
    await running;
    expect(c.syncs - start).toBe(2);
  });
  it("audit appends made with wait 'commit' share one sync within LAZY_SYNC_MS", async () => {
    // A read's negotiation.decided record (interop.md §"The audit event"): committed before the
    // answer, synced within a bounded delay rather than once per event-loop turn.
    f = await fixture();
    const c = f.store.commits;
    const start = c.syncs;
    const append = (i: number) =>
      f!.store.hostEvents.appendHostEvent(
        {
          eventId: `audit-${i}`,
          tenant: 'acme',
          type: 'negotiation.decided',
          timestamp: '2026-01-01T00:00:00.000Z',
          delivery: 'durable',
          payload: { n: i },
        },
        { wait: 'commit' },
      );
    // The bound's timer is faked, so a slow machine cannot fire it between the appends (the
    // grouped writes' setImmediate stays real).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Three grouped transactions on three turns, no sync started by any of them.
      for (let i = 0; i < 3; i++) await append(i);
      expect(c.syncs - start).toBe(0);
      expect(f.store.db.prepare('SELECT COUNT(*) AS n FROM host_events').get()).toEqual({ n: 3 });
      vi.advanceTimersByTime(LAZY_SYNC_MS);
      expect(c.syncs - start).toBe(1);
      // Nothing committed since: no further sync is owed.
      vi.advanceTimersByTime(LAZY_SYNC_MS * 3);
      expect(c.syncs - start).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a durable writer's sync covers a pending lazy one, and close() runs one still owed", async () => {
    f = await fixture();
    const c = f.store.commits;
    const start = c.syncs;
    const write = (k: string) =>
      f!.store.writes.run(() =>
        f!.store.db.prepare('INSERT INTO kv (k, v) VALUES (?, ?)').run(k, 'v'),
      );
    await write('lazy');
    c.soon();
    await write('durable');
    await c.durable();
    expect(c.syncs - start).toBe(1);
    await new Promise((r) => setTimeout(r, LAZY_SYNC_MS * 3));
    expect(c.syncs - start).toBe(1);
    await write('owed');
    c.soon();
    await c.close();
    expect(c.syncs - start).toBe(2);
  });
});

describe('one durability barrier per request', () => {
  it('createRun answers only after the store says its commits are durable', async () => {
    f = await fixture();
    const runs = f.store.runs;
    const durable = runs.durable.bind(runs);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let barriers = 0;
    runs.durable = async () => {
      barriers++;
      await gate;
      return durable();
    };
    let answered = false;
    const created = f.core
      .createRun(alice, { workflowId: 'echo', inputs: { text: 'x' }, transport: 'rest' })
      .then((r) => ((answered = true), r));
    await new Promise((r) => setTimeout(r, 50));
    // Committed (a reader sees it) but not answered until the barrier passes.
    expect(f.store.db.prepare('SELECT COUNT(*) AS n FROM runs').get()).toEqual({ n: 1 });
    expect(answered).toBe(false);
    release();
    expect((await created).run.status).toBe('completed');
    expect(barriers).toBe(1);
  });
});

describe('per-tenant run counts', () => {
  it('countRuns follows inserts and deletes without reading the runs', async () => {
    f = await fixture();
    const count = f.core.countRuns!;
    expect(await count(alice)).toBe(0);
    for (let i = 0; i < 3; i++)
      await f.core.createRun(alice, {
        workflowId: 'echo',
        inputs: { text: 'x' },
        transport: 'rest',
      });
    await f.core.createRun(subject('other', 'bob'), {
      workflowId: 'echo',
      inputs: { text: 'x' },
      transport: 'rest',
    });
    expect(await count(alice)).toBe(3);
    expect(await count(subject('other', 'bob'))).toBe(1);
    f.store.db
      .prepare(
        "DELETE FROM runs WHERE tenant = 'acme' AND rowid IN (SELECT rowid FROM runs WHERE tenant = 'acme' LIMIT 1)",
      )
      .run();
    expect(await count(alice)).toBe(2);
  });
});

describe('runView', () => {
  it('answers what getRun, openInterrupts, runTimes and bindingRecord answer, and nothing for another tenant', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-approval',
      inputs: {},
      transport: 'a2a',
      note: { binding: 'a2a', contextId: 'ctx-1', append: { messageId: 'm1' } },
    });
    const view = await f.core.runView!(alice, run.runId, 'a2a');
    expect(view).toEqual({
      run: await f.core.getRun(alice, run.runId),
      open: await f.core.openInterrupts(alice, run.runId),
      times: await f.core.runTimes(alice, run.runId),
      record: await f.core.bindingRecord(alice, run.runId, 'a2a'),
    });
    expect(view!.open).toHaveLength(1);
    expect(await f.core.runView!(subject('other', 'bob'), run.runId, 'a2a')).toBeUndefined();
  });
});

describe('API-key cache', () => {
  it('a verified key is answered from memory; unknown keys always reach the store', async () => {
    f = await fixture();
    let lookups = 0;
    const counting: Records = {
      insertApiKey: (r: ApiKeyRecord) => f!.store.apiKeys.insertApiKey(r),
      findApiKey: (h: Uint8Array) => (lookups++, f!.store.apiKeys.findApiKey(h)),
    };
    const keys = new ApiKeyStore(counting);
    const minted = await keys.mintKey('acme');
    const a = await keys.verifyKey(minted.key);
    const b = await keys.verifyKey(minted.key);
    expect(a).toEqual(minted.subject);
    expect(b).toEqual(minted.subject);
    expect(lookups).toBe(1);
    expect(await keys.verifyKey('wop_unknown')).toBeUndefined();
    expect(await keys.verifyKey('wop_unknown')).toBeUndefined();
    expect(lookups).toBe(3);
    keys.forget(minted.key);
    await keys.verifyKey(minted.key);
    expect(lookups).toBe(4);
  });

  it('a revoked key is refused at once despite the cache; a peppered key caches like any other', async () => {
    f = await fixture();
    const revoked = new Set<string>();
    const hex = (h: Uint8Array) => Buffer.from(h).toString('hex');
    const records: Records = {
      insertApiKey: (r: ApiKeyRecord) => f!.store.apiKeys.insertApiKey(r),
      findApiKey: async (h: Uint8Array) =>
        revoked.has(hex(h)) ? undefined : f!.store.apiKeys.findApiKey(h),
    };
    const pepper = new Uint8Array(32).fill(7);
    const keys = new ApiKeyStore(records, pepper);
    const minted = await keys.mintKey('acme');
    const other = await keys.mintKey('acme');
    expect(await keys.authenticate(`Bearer ${minted.key}`)).toEqual(minted.subject);
    expect(await keys.authenticate(`Bearer ${other.key}`)).toEqual(other.subject);
    // The record goes (another process, or an operator), then the host forgets the key.
    revoked.add(hex(hashKey(minted.key, pepper)));
    keys.forget(minted.key);
    expect(await keys.authenticate(`Bearer ${minted.key}`)).toBeUndefined();
    expect(await keys.verifyKey(minted.key)).toBeUndefined();
    // Forgetting one key leaves the others answered.
    expect(await keys.authenticate(`Bearer ${other.key}`)).toEqual(other.subject);
    // A second store over the same records (another host process) shares no cache entry.
    const again = new ApiKeyStore(records, pepper);
    expect(await again.verifyKey(minted.key)).toBeUndefined();
    expect(await again.verifyKey(other.key)).toEqual(other.subject);
  });
});
