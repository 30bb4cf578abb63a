// The host-side store ports in memory, written against the ports only (no store adapter): the host
// event log, single-use tokens and key-value settings the bindings keep.
import type { HostStores, StoredHostEvent } from 'wopgen/runtime';

export function memoryHostStores(): HostStores {
  const events: StoredHostEvent[] = [];
  const spent = new Map<string, number>();
  const kv = new Map<string, string>();
  return {
    hostEvents: {
      async appendHostEvent(e) {
        const stored = { ...e, seq: events.length + 1 };
        events.push(stored);
        return stored;
      },
      async listHostEvents(tenant, afterSeq, limit) {
        return events.filter((e) => e.tenant === tenant && e.seq > afterSeq).slice(0, limit);
      },
      async hostEventSeq(tenant, eventId) {
        return events.find((e) => e.tenant === tenant && e.eventId === eventId)?.seq;
      },
      async hostEventTailSeq(tenant, count) {
        const mine = events.filter((e) => e.tenant === tenant);
        return mine.length > count ? mine[mine.length - count - 1]!.seq : 0;
      },
      async pruneHostEvents(tenant, keep) {
        const mine = events.filter((e) => e.tenant === tenant);
        const drop = new Set(mine.slice(0, Math.max(0, mine.length - keep)));
        for (let i = events.length - 1; i >= 0; i--) if (drop.has(events[i]!)) events.splice(i, 1);
        return drop.size;
      },
    },
    tokens: {
      async spendToken(id, expiresAt, now) {
        for (const [k, exp] of spent) if (exp < now) spent.delete(k);
        if (spent.has(id)) return false;
        spent.set(id, expiresAt);
        return true;
      },
      async isTokenSpent(id) {
        return spent.has(id);
      },
    },
    kv: {
      async getKv(key) {
        return kv.get(key);
      },
      async setKv(key, value) {
        kv.set(key, value);
      },
      async setKvIfAbsent(key, value) {
        if (!kv.has(key)) kv.set(key, value);
        return kv.get(key)!;
      },
    },
  };
}
