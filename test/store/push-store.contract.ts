// The PushStore port's behaviour (interop.md §"A2A push delivery"), written once and run against
// every adapter: a config and its secret are written together and the secret only by reference,
// the cursor moves only forward, a claim offers the oldest due pending push of each config under a
// lease, a settle records the attempt and a settled final push discards the secret. Two claimers
// on one database (two hosts) never hold the same push at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Stores } from '../../runtime/ports/store/index.ts';
import {
  receiverKey,
  type PushConfigRecord,
  type PushStore,
} from '../../runtime/ports/store/push-store.ts';
import type { Database, StoreUnderTest } from './store-under-test.ts';
import { owner, runRecord, uid } from './subjects.ts';

/** Epoch ms the tests pass as "now" (the port takes the clock from its caller). */
const T0 = 1_800_000_000_000;
const AT = { iso: new Date(T0).toISOString(), ms: T0 };

const body = (runId: string, seq: number) =>
  JSON.stringify({ statusUpdate: { taskId: runId, seq, z: 1, a: 2 } });

export function pushStoreContract(sut: StoreUnderTest): void {
  describe(`PushStore contract (${sut.name})`, () => {
    let db: Database;
    let stores: Stores;
    let push: PushStore;
    beforeEach(async () => {
      db = await sut.fresh();
      stores = db.stores;
      push = stores.push;
    });
    afterEach(() => db.drop());

    /** A run and one config on it (with a secret unless `secret: false`). */
    async function config(
      over: Partial<PushConfigRecord> & { secret?: boolean; runId?: string } = {},
    ): Promise<PushConfigRecord> {
      const { secret = true, ...rest } = over;
      let runId = rest.runId;
      if (runId === undefined) {
        const run = runRecord('acme');
        await stores.runs.insertRun(run);
        runId = run.runId;
      }
      const c: PushConfigRecord = {
        configId: `pnc-${uid()}`,
        runId,
        tenant: 'acme',
        owner: owner('acme'),
        url: 'https://receiver.example/hook',
        cursor: -1,
        finished: false,
        createdAt: new Date(T0).toISOString(),
        ...(secret && { scheme: 'Bearer', secretRef: `sec-${uid()}` }),
        ...rest,
      };
      await push.insertPushConfig(c, secret ? { token: 'tok', credentials: 'cred' } : undefined);
      return c;
    }

    it('reads a config back as written, its secret only through the reference', async () => {
      const c = await config();
      const plain = await config({ runId: c.runId, secret: false });
      expect(await push.getPushConfig(c.configId)).toStrictEqual(c);
      expect(await push.getPushConfig(plain.configId)).toStrictEqual(plain);
      expect('secretRef' in plain).toBe(false);
      expect(await push.readPushSecret(c.secretRef!)).toStrictEqual({
        token: 'tok',
        credentials: 'cred',
      });
      expect(JSON.stringify(await push.getPushConfig(c.configId))).not.toContain('tok');
      expect(await push.listPushConfigs(c.runId)).toStrictEqual([c, plain].sort(byId));
      expect(await push.getPushConfig(`pnc-${uid()}`)).toBeUndefined();
      expect(await push.readPushSecret(`sec-${uid()}`)).toBeUndefined();
    });

    it('keeps at most maxPerRun configs on a run, under concurrent inserts from two openers', async () => {
      const first = await config();
      const other = sut.sharedByHosts ? (await db.again()).push : push;
      const more = Array.from({ length: 6 }, (_, i) => ({
        ...first,
        configId: `pnc-${uid()}`,
        secretRef: `sec-${uid()}-${i}`,
      }));
      const answers = await Promise.all(
        more.map((c, i) =>
          (i % 2 ? other : push).insertPushConfig(c, { token: 't' }, { maxPerRun: 4 }),
        ),
      );
      expect(answers.filter(Boolean)).toHaveLength(3);
      expect(await push.listPushConfigs(first.runId)).toHaveLength(4);
      // A refused config wrote nothing, its secret included.
      for (const [i, c] of more.entries()) {
        expect(await push.readPushSecret(c.secretRef)).toEqual(
          answers[i] ? { token: 't' } : undefined,
        );
      }
      // Without a cap (the port's callers pass one), nothing is counted.
      expect(await push.insertPushConfig({ ...first, configId: `pnc-${uid()}` })).toBe(true);
    });

    it('writes the config and its secret in one transaction: a refused config keeps no secret', async () => {
      const c = await config();
      const ref = `sec-${uid()}`;
      // The same configId again is refused; the secret written before it must go with it.
      await expect(
        push.insertPushConfig({ ...c, secretRef: ref }, { token: 'other' }),
      ).rejects.toThrow();
      expect(await push.readPushSecret(ref)).toBeUndefined();
      expect(await push.getPushConfig(c.configId)).toStrictEqual(c);
    });

    it('moves the cursor only forward, and a final push finishes the config', async () => {
      const c = await config();
      await push.enqueuePushes(
        c.configId,
        [
          { sequence: 0, body: body(c.runId, 0), final: false },
          { sequence: 1, body: body(c.runId, 1), final: false },
          { sequence: 1, body: body(c.runId, 11), final: false },
        ],
        1,
        AT,
      );
      // A second projection of the same entries (another host, or a replay) adds nothing.
      await push.enqueuePushes(c.configId, [{ sequence: 1, body: 'x', final: false }], 1, AT);
      await push.enqueuePushes(c.configId, [{ sequence: 0, body: 'x', final: true }], 0, AT);
      const queued = await push.listPushOutbox(c.configId);
      expect(queued.map((o) => [o.sequence, o.body, o.final, o.state, o.attempts])).toEqual([
        [0, body(c.runId, 0), false, 'pending', 0],
        [1, body(c.runId, 1), false, 'pending', 0],
        [1, body(c.runId, 11), false, 'pending', 0],
      ]);
      expect(queued[0]).toMatchObject({ configId: c.configId, nextAt: T0, createdAt: AT.iso });
      expect((await push.getPushConfig(c.configId))!.cursor).toBe(1);
      expect((await push.listUnfinishedPushConfigs()).map((u) => u.configId)).toEqual([c.configId]);

      await push.enqueuePushes(c.configId, [{ sequence: 4, body: 'f', final: true }], 4, AT);
      expect(await push.getPushConfig(c.configId)).toMatchObject({ cursor: 4, finished: true });
      expect(await push.listUnfinishedPushConfigs()).toEqual([]);
      // Nothing is projected after the final push.
      await push.enqueuePushes(c.configId, [{ sequence: 5, body: 'late', final: false }], 5, AT);
      expect((await push.listPushOutbox(c.configId)).map((o) => o.sequence)).toEqual([0, 1, 1, 4]);
    });

    it('claims the oldest due pending push of each config, leased, and counts the attempt', async () => {
      const a = await config();
      const b = await config();
      for (const c of [a, b]) {
        await push.enqueuePushes(
          c.configId,
          [0, 1, 2].map((s) => ({ sequence: s, body: body(c.runId, s), final: false })),
          2,
          AT,
        );
      }
      expect(await push.nextPushDue()).toBe(T0);
      expect(await push.claimPushes(T0 - 1, 1000, 10)).toEqual([]);
      const first = await push.claimPushes(T0, 1000, 10);
      expect(first.map((o) => [o.configId, o.sequence, o.attempts])).toEqual([
        [a.configId, 0, 1],
        [b.configId, 0, 1],
      ]);
      // Leased: neither those nor the later pushes of their configs are offered meanwhile.
      expect(await push.claimPushes(T0 + 999, 1000, 10)).toEqual([]);
      expect(await push.nextPushDue()).toBe(T0 + 1000);
      // A lease that expired (its holder crashed) is claimed again, the attempt counted again.
      const again = await push.claimPushes(T0 + 1000, 1000, 1);
      expect(again.map((o) => [o.outboxId, o.attempts])).toEqual([[first[0]!.outboxId, 2]]);
      expect((await push.listPushOutbox(a.configId))[0]!.attempts).toBe(2);
    });

    it('shares a claim out: one push per tenant, none of a skipped tenant or receiver', async () => {
      const u1 = 'https://one.example/hook';
      const u2 = 'https://two.example/hook';
      const a1 = await config({ url: u1 });
      const a2 = await config({ url: u1 });
      const a3 = await config({ url: u2 });
      const b1 = await config({ tenant: 'beta', owner: owner('beta'), url: u1 });
      for (const c of [a1, a2, a3, b1]) {
        await push.enqueuePushes(c.configId, [{ sequence: 0, body: 'x', final: false }], 0, AT);
      }
      const none = { skipTenants: [], skipReceivers: [] };
      const first = await push.claimPushes(T0, 1000, 10, { perTenant: 1, ...none });
      expect(first.map((o) => [o.configId, o.tenant, o.url])).toEqual([
        [a1.configId, 'acme', u1],
        [b1.configId, 'beta', u1],
      ]);
      // acme's receiver one.example is busy: its other push there waits, two.example's goes.
      const busy = { skipTenants: ['beta'], skipReceivers: [receiverKey('acme', u1)] };
      expect(await push.nextPushDue(busy)).toBe(T0);
      const second = await push.claimPushes(T0, 1000, 10, { perTenant: 1, ...busy });
      expect(second.map((o) => o.configId)).toEqual([a3.configId]);
      expect(await push.claimPushes(T0, 1000, 10, { perTenant: 1, ...busy })).toEqual([]);
      // What is left (a2) is due, but only for a claim that does not skip its receiver.
      expect(await push.nextPushDue(busy)).toBe(T0 + 1000);
      expect(await push.nextPushDue({ skipTenants: ['acme'], skipReceivers: [] })).toBe(T0 + 1000);
      expect(await push.nextPushDue()).toBe(T0);
      const last = await push.claimPushes(T0, 1000, 10, { perTenant: 1, ...none });
      expect(last.map((o) => o.configId)).toEqual([a2.configId]);
    });

    it('records each attempt; a retry waits, delivered frees the next, dead is listed', async () => {
      const c = await config();
      await push.enqueuePushes(
        c.configId,
        [0, 1].map((s) => ({ sequence: s, body: body(c.runId, s), final: false })),
        1,
        AT,
      );
      const [p0] = await push.claimPushes(T0, 1000, 10);
      await push.settlePush(
        p0!,
        { at: 'a1', outcome: 'failed', status: 500, error: 'HTTP 500' },
        { state: 'retry', nextAt: T0 + 50 },
      );
      expect(await push.nextPushDue()).toBe(T0 + 50);
      expect(await push.claimPushes(T0 + 49, 1000, 10)).toEqual([]);
      const [retried] = await push.claimPushes(T0 + 50, 1000, 10);
      expect([retried!.outboxId, retried!.attempts]).toEqual([p0!.outboxId, 2]);
      await push.settlePush(
        retried!,
        { at: 'a2', outcome: 'delivered', status: 200 },
        { state: 'delivered' },
      );
      expect(await push.listPushAttempts(p0!.outboxId)).toStrictEqual([
        { at: 'a1', outcome: 'failed', status: 500, error: 'HTTP 500' },
        { at: 'a2', outcome: 'delivered', status: 200 },
      ]);
      const [p1] = await push.claimPushes(T0 + 50, 1000, 10);
      expect(p1!.sequence).toBe(1);
      await push.settlePush(p1!, { at: 'a3', outcome: 'failed' }, { state: 'dead' });
      expect(await push.listPushAttempts(p1!.outboxId)).toStrictEqual([
        { at: 'a3', outcome: 'failed' },
      ]);
      expect((await push.listPushOutbox(c.configId)).map((o) => o.state)).toEqual([
        'delivered',
        'dead',
      ]);
      const dead = (await push.listDeadPushes()).filter((d) => d.configId === c.configId);
      expect(dead.map((d) => [d.outboxId, d.state, d.attempts])).toEqual([
        [p1!.outboxId, 'dead', 1],
      ]);
      expect(await push.nextPushDue()).toBeUndefined();
      expect(await push.claimPushes(T0 + 10_000, 1000, 10)).toEqual([]);
      // The secret stays: the final push has not gone out.
      expect(await push.readPushSecret(c.secretRef!)).toBeDefined();
    });

    it('only the latest claim settles a push: a deliverer that outlived its lease changes nothing', async () => {
      const c = await config();
      await push.enqueuePushes(
        c.configId,
        [{ sequence: 0, body: body(c.runId, 0), final: true }],
        0,
        AT,
      );
      const [slow] = await push.claimPushes(T0, 1000, 10);
      // The lease runs out while `slow` is still sending: another claim takes the push over.
      const [taker] = await push.claimPushes(T0 + 1000, 1000, 10);
      expect([taker!.outboxId, taker!.attempts]).toEqual([slow!.outboxId, 2]);
      expect(
        await push.settlePush(slow!, { at: 'late', outcome: 'delivered' }, { state: 'delivered' }),
      ).toBe(false);
      expect(
        await push.settlePush(slow!, { at: 'late', outcome: 'failed' }, { state: 'dead' }),
      ).toBe(false);
      expect(await push.listPushAttempts(slow!.outboxId)).toEqual([]);
      expect((await push.listPushOutbox(c.configId)).map((o) => [o.state, o.attempts])).toEqual([
        ['pending', 2],
      ]);
      expect(await push.readPushSecret(c.secretRef!)).toBeDefined();
      expect(
        await push.settlePush(taker!, { at: 'ok', outcome: 'delivered' }, { state: 'delivered' }),
      ).toBe(true);
      expect(await push.listPushAttempts(slow!.outboxId)).toStrictEqual([
        { at: 'ok', outcome: 'delivered' },
      ]);
      // Settled: a second settlement, even by the latest claim, is refused.
      expect(
        await push.settlePush(taker!, { at: 'again', outcome: 'failed' }, { state: 'dead' }),
      ).toBe(false);
      expect((await push.listPushOutbox(c.configId)).map((o) => o.state)).toEqual(['delivered']);
    });

    it('discards the secret once the final push is settled', async () => {
      const c = await config();
      await push.enqueuePushes(
        c.configId,
        [
          { sequence: 0, body: body(c.runId, 0), final: false },
          { sequence: 1, body: body(c.runId, 1), final: true },
        ],
        1,
        AT,
      );
      const [p0] = await push.claimPushes(T0, 1000, 10);
      await push.settlePush(p0!, { at: 'a', outcome: 'delivered' }, { state: 'delivered' });
      expect(await push.readPushSecret(c.secretRef!)).toBeDefined();
      const [p1] = await push.claimPushes(T0, 1000, 10);
      expect(p1!.final).toBe(true);
      await push.settlePush(p1!, { at: 'b', outcome: 'failed' }, { state: 'dead' });
      expect(await push.readPushSecret(c.secretRef!)).toBeUndefined();
      const after = (await push.getPushConfig(c.configId))!;
      expect('secretRef' in after).toBe(false);
      expect(after).toMatchObject({ scheme: 'Bearer', finished: true });
    });

    it('deletes a config with its secret and outbox; a push in flight then settles as nothing', async () => {
      const c = await config();
      const keep = await config({ runId: c.runId });
      await push.enqueuePushes(c.configId, [{ sequence: 0, body: 'b', final: false }], 0, AT);
      const [p0] = await push.claimPushes(T0, 1000, 10);
      await push.deletePushConfig(c.configId);
      await push.deletePushConfig(`pnc-${uid()}`);
      expect(await push.getPushConfig(c.configId)).toBeUndefined();
      expect(await push.readPushSecret(c.secretRef!)).toBeUndefined();
      expect(await push.listPushOutbox(c.configId)).toEqual([]);
      await push.settlePush(p0!, { at: 'a', outcome: 'delivered' }, { state: 'delivered' });
      expect(await push.listPushAttempts(p0!.outboxId)).toEqual([]);
      expect(await push.listPushConfigs(c.runId)).toStrictEqual([keep]);
      expect(await push.readPushSecret(keep.secretRef!)).toBeDefined();
    });

    it('never hands one push to two concurrent claimers on one database', async () => {
      const other = sut.sharedByHosts ? (await db.again()).push : push;
      const configs = await Promise.all(Array.from({ length: 12 }, () => config()));
      for (const c of configs) {
        await push.enqueuePushes(
          c.configId,
          [0, 1, 2, 3].map((s) => ({ sequence: s, body: body(c.runId, s), final: s === 3 })),
          3,
          AT,
        );
      }
      // Two claims at once: one push per config in all, none in both.
      const [x, y] = await Promise.all([
        push.claimPushes(T0, 60_000, 100),
        other.claimPushes(T0, 60_000, 100),
      ]);
      const ids = [...x, ...y].map((o) => o.outboxId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set([...x, ...y].map((o) => o.configId)).size).toBe(12);
      expect(ids).toHaveLength(12);
      for (const o of [...x, ...y]) {
        await push.settlePush(o, { at: 'a', outcome: 'delivered' }, { state: 'delivered' });
      }

      // Two hosts draining the rest: every push claimed once, a config's in order and one at a
      // time (the lease outlives the test, so a claim never expires under a slow claimer).
      const claimed: number[] = [];
      const inFlight = new Set<string>();
      const next = new Map(configs.map((c) => [c.configId, 1]));
      const drain = async (store: PushStore) => {
        while ((await store.nextPushDue()) !== undefined) {
          const items = await store.claimPushes(T0, 60_000, 3);
          for (const o of items) {
            expect(inFlight.has(o.configId)).toBe(false);
            expect(o.sequence).toBe(next.get(o.configId));
            inFlight.add(o.configId);
            claimed.push(o.outboxId);
          }
          await new Promise((r) => setTimeout(r, 1));
          for (const o of items) {
            inFlight.delete(o.configId);
            next.set(o.configId, o.sequence + 1);
            await store.settlePush(o, { at: 'a', outcome: 'delivered' }, { state: 'delivered' });
          }
        }
      };
      await Promise.all([drain(push), drain(other), drain(push), drain(other)]);
      expect(claimed).toHaveLength(36);
      expect(new Set(claimed).size).toBe(36);
      for (const c of configs) {
        const outbox = await push.listPushOutbox(c.configId);
        expect(outbox.map((o) => [o.state, o.attempts])).toEqual(
          Array.from({ length: 4 }, () => ['delivered', 1]),
        );
        expect(await push.readPushSecret(c.secretRef!)).toBeUndefined();
      }
    });
  });
}

const byId = (a: PushConfigRecord, b: PushConfigRecord) =>
  a.createdAt === b.createdAt ? (a.configId < b.configId ? -1 : 1) : 0;
