// Bounds at the host event log: reading a log many pages long leaves no waiter
// behind per page (each used to leave an abort listener until its timeout, flooding stderr with
// MaxListenersExceededWarning), and each tenant scope keeps only its newest events.
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessChangeFeed } from '../../runtime/adapters/change-feed/in-process.ts';
import { openSqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import { hostEventLog } from '../../runtime/host/host-events.ts';
import { DEFAULT_LIMITS } from '../../runtime/http/limits.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function openLog(limits = DEFAULT_LIMITS) {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-rel-'));
  const store = openSqliteStores(join(dir, 'host.db'));
  const feed = new InProcessChangeFeed();
  const log = hostEventLog(store.hostEvents, feed, () => new Date(), limits);
  cleanups.push(async () => {
    feed.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { log, store };
}

const event = { type: 'negotiation.decided', delivery: 'durable' as const, payload: { n: 1 } };

describe('host event log', () => {
  it('streams 12 pages with no waiter left per page', async () => {
    const { log } = openLog({ ...DEFAULT_LIMITS, hostEventTail: 5000 });
    for (let i = 0; i < 2400; i++) await log.append('acme', event);
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    const ac = new AbortController();
    let seen = 0;
    try {
      for await (const e of log.stream('acme', { signal: ac.signal })) {
        expect(e.type).toBe('negotiation.decided');
        if (++seen === 2400) ac.abort();
      }
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off('warning', onWarning);
    }
    expect(seen).toBe(2400);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('keeps each tenant scope to its retention cap, newest events kept', async () => {
    const { log, store } = openLog({ ...DEFAULT_LIMITS, hostEventRetention: 100 });
    const ids: string[] = [];
    for (let i = 0; i < 1000; i++) ids.push((await log.append('_host', event)).eventId);
    await log.append('acme', event);
    const kept = await store.hostEvents.listHostEvents('_host', 0, 10_000);
    // Pruned in batches of at most retention/16 appends: never more than the cap plus one batch.
    expect(kept.length).toBeGreaterThanOrEqual(100);
    expect(kept.length).toBeLessThanOrEqual(100 + Math.ceil(100 / 16));
    expect(kept.at(-1)!.eventId).toBe(ids.at(-1));
    expect(kept.map((e) => e.eventId)).toEqual(ids.slice(-kept.length));
    expect(await store.hostEvents.listHostEvents('acme', 0, 10)).toHaveLength(1);
  });
});
