// The host-side store ports (host event log, API keys, single-use tokens, key-value settings),
// written once and run against every adapter. What several hosts race on —
// spending a token, the first writer of a key — is raced here from two openers of one database.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Stores } from '../../runtime/ports/store/index.ts';
import type { Database, StoreUnderTest } from './store-under-test.ts';
import { uid } from './subjects.ts';

export function hostStateContract(sut: StoreUnderTest): void {
  describe(`host-side store contract (${sut.name})`, () => {
    let db: Database;
    let stores: Stores;
    let other: Stores;
    beforeEach(async () => {
      db = await sut.fresh();
      stores = db.stores;
      other = sut.sharedByHosts ? await db.again() : stores;
    });
    afterEach(() => db.drop());

    const hostEvent = (tenant: string, type = 'negotiation.decided') => ({
      eventId: `he_${uid()}`,
      tenant,
      type,
      timestamp: new Date().toISOString(),
      delivery: 'durable' as const,
      payload: { z: 1, a: { b: [1, 2] } },
    });

    it('orders host events per tenant by a store-assigned seq, pages after a seq', async () => {
      const t = `t${uid()}`;
      const a = await stores.hostEvents.appendHostEvent(hostEvent(t));
      await stores.hostEvents.appendHostEvent(hostEvent(`u${uid()}`));
      const b = await other.hostEvents.appendHostEvent(hostEvent(t, 'x.y'));
      expect(b.seq).toBeGreaterThan(a.seq);
      const listed = await stores.hostEvents.listHostEvents(t, 0, 10);
      expect(listed).toStrictEqual([a, b]);
      expect(JSON.stringify(listed[0]!.payload)).toBe('{"z":1,"a":{"b":[1,2]}}');
      expect(await stores.hostEvents.listHostEvents(t, a.seq, 10)).toStrictEqual([b]);
      expect(await stores.hostEvents.listHostEvents(t, 0, 1)).toStrictEqual([a]);
      expect(await stores.hostEvents.hostEventSeq(t, b.eventId)).toBe(b.seq);
      expect(await stores.hostEvents.hostEventSeq(`u${uid()}`, b.eventId)).toBeUndefined();
    });

    it('hands out distinct seqs to concurrent appenders on two openers', async () => {
      const t = `t${uid()}`;
      const appended = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? other : stores).hostEvents.appendHostEvent(hostEvent(t)),
        ),
      );
      const seqs = appended.map((e) => e.seq);
      expect(new Set(seqs).size).toBe(20);
      const listed = await stores.hostEvents.listHostEvents(t, 0, 100);
      expect(listed.map((e) => e.seq)).toEqual([...seqs].sort((x, y) => x - y));
    });

    it("appends of one turn across tenants keep each opener's order; a failing one fails alone", async () => {
      // Appends made together travel together (SQLite: one grouped transaction; PostgreSQL: one
      // statement per batch, host-event-batch.ts), with 'commit' and durable waits mixed.
      const [t, u] = [`t${uid()}`, `u${uid()}`];
      const taken = hostEvent(t);
      await stores.hostEvents.appendHostEvent(taken);
      const wait = (i: number) => ({
        wait: i % 3 === 0 ? ('durable' as const) : ('commit' as const),
      });
      const made = Array.from({ length: 12 }, (_, i) => hostEvent(i % 2 ? t : u));
      const results = await Promise.allSettled([
        ...made.map((e, i) => stores.hostEvents.appendHostEvent(e, wait(i))),
        // The same eventId again: refused, and only it.
        stores.hostEvents.appendHostEvent({ ...hostEvent(t), eventId: taken.eventId }),
        ...made.map((_, i) => other.hostEvents.appendHostEvent(hostEvent(i % 2 ? t : u), wait(i))),
      ]);
      expect(results.map((r) => r.status)).toEqual([
        ...made.map(() => 'fulfilled'),
        'rejected',
        ...made.map(() => 'fulfilled'),
      ]);
      const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(new Set(ok.map((e) => e.seq)).size).toBe(24);
      // One opener's appends of a tenant get increasing seqs in the order they were made.
      for (const tenant of [t, u]) {
        const mine = ok
          .slice(0, 12)
          .filter((e) => e.tenant === tenant)
          .map((e) => e.seq);
        expect(mine).toEqual([...mine].sort((x, y) => x - y));
      }
      const listed = await stores.hostEvents.listHostEvents(t, 0, 100);
      expect(listed).toHaveLength(13);
      const ofT = ok.filter((e) => e.tenant === t).sort((x, y) => x.seq - y.seq);
      expect(listed.map((e) => e.eventId)).toEqual([taken.eventId, ...ofT.map((e) => e.eventId)]);
    });

    it('finds an API key by its hash only', async () => {
      const keyHash = createHash('sha256').update(uid()).digest();
      const record = {
        keyHash,
        tenant: 'acme',
        subjectId: 's1',
        createdAt: new Date().toISOString(),
      };
      await stores.apiKeys.insertApiKey(record);
      const found = await other.apiKeys.findApiKey(new Uint8Array(keyHash));
      expect(found && { ...found, keyHash: Buffer.from(found.keyHash) }).toStrictEqual(record);
      expect(await stores.apiKeys.findApiKey(createHash('sha256').update('x').digest())).toBe(
        undefined,
      );
      await expect(stores.apiKeys.insertApiKey(record)).rejects.toThrow();
    });

    it('spends a token exactly once among concurrent spenders on two openers', async () => {
      const id = uid();
      const now = Date.now();
      const spent = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? other : stores).tokens.spendToken(id, now + 60_000, now),
        ),
      );
      expect(spent.filter(Boolean)).toHaveLength(1);
      expect(await stores.tokens.isTokenSpent(id)).toBe(true);
      expect(await other.tokens.isTokenSpent(uid())).toBe(false);
    });

    it('drops the markers of expired tokens on the way', async () => {
      const old = uid();
      const now = Date.now();
      expect(await stores.tokens.spendToken(old, now - 1, now - 10)).toBe(true);
      expect(await stores.tokens.spendToken(uid(), now + 1000, now)).toBe(true);
      expect(await stores.tokens.isTokenSpent(old)).toBe(false);
    });

    it('keeps one value per key: set overwrites, setIfAbsent lets the first writer win', async () => {
      const k = `k.${uid()}`;
      expect(await stores.kv.getKv(k)).toBeUndefined();
      await stores.kv.setKv(k, 'one');
      await other.kv.setKv(k, 'two');
      expect(await stores.kv.getKv(k)).toBe('two');
      const k2 = `k.${uid()}`;
      const got = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? other : stores).kv.setKvIfAbsent(k2, `v${i}`),
        ),
      );
      expect(new Set(got).size).toBe(1);
      expect(await stores.kv.getKv(k2)).toBe(got[0]);
      expect(await stores.kv.setKvIfAbsent(k2, 'late')).toBe(got[0]);
    });
  });
}
