// The in-process change feed: a wait settles at the next publish of its topic, at its timeout (so a
// change made elsewhere is read at the latest then), at abort or at close; the host-wide stream
// sees every publish in order until unsubscribed.
import { describe, expect, it } from 'vitest';
import { InProcessChangeFeed } from '../../runtime/adapters/change-feed/in-process.ts';
import type { ChangeTopic } from '../../runtime/ports/change-feed.ts';

const run = (runId: string): ChangeTopic => ({ kind: 'run', runId });

describe('in-process change feed', () => {
  it('wakes a waiter on its own topic only', async () => {
    const feed = new InProcessChangeFeed();
    let woke = false;
    const wait = feed.next(run('a'), { timeoutMs: 10_000 }).then(() => (woke = true));
    feed.publish(run('b'));
    feed.publish({ kind: 'host', tenant: 'a' });
    await new Promise((r) => setTimeout(r, 10));
    expect(woke).toBe(false);
    feed.publish(run('a'));
    await wait;
    expect(woke).toBe(true);
    feed.close();
  });

  it('every wait ends at its timeout, at abort, and at close', async () => {
    const feed = new InProcessChangeFeed();
    const t0 = Date.now();
    await feed.next(run('a'), { timeoutMs: 30 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(25);
    const ac = new AbortController();
    const aborted = feed.next(run('a'), { timeoutMs: 10_000, signal: ac.signal });
    ac.abort();
    await aborted;
    const closing = feed.next(run('a'), { timeoutMs: 10_000 });
    feed.close();
    await closing;
    expect(feed.isClosed).toBe(true);
    // After close no wait blocks.
    await feed.next(run('a'), { timeoutMs: 10_000 });
  });

  it('the host-wide stream sees every publish in order until unsubscribed', () => {
    const feed = new InProcessChangeFeed();
    const seen: ChangeTopic[] = [];
    const stop = feed.subscribe((t) => seen.push(t));
    feed.publish(run('a'));
    feed.publish({ kind: 'host', tenant: 'acme' });
    stop();
    feed.publish(run('b'));
    expect(seen).toEqual([run('a'), { kind: 'host', tenant: 'acme' }]);
    feed.close();
  });
});
