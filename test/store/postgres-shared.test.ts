// What only a store shared by several hosts has (PostgreSQL): the change feed crosses hosts, and the
// run leases exclude across hosts, hand each orphaned run to exactly one claimer, and let another
// host take a run over once its holder stops renewing. Skipped without WOPGEN_TEST_POSTGRES.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresChangeFeed } from '../../runtime/adapters/change-feed/postgres.ts';
import {
  createPool,
  openPostgresStores,
  type PostgresStores,
} from '../../runtime/adapters/store/postgres/index.ts';
import { PgRunLeases } from '../../runtime/adapters/store/postgres/run-leases.ts';
import type { ChangeTopic } from '../../runtime/ports/change-feed.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { describeIf, POSTGRES } from '../helpers/requires.ts';
import { runRecord } from './subjects.ts';

const suite = describeIf(POSTGRES);

suite(`PostgreSQL shared by hosts`, () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let one: PostgresStores;
  let two: PostgresStores;
  const closers: (() => Promise<void> | void)[] = [];
  beforeAll(async () => {
    db = await freshDatabase();
    [one, two] = await Promise.all([openPostgresStores(db.url), openPostgresStores(db.url)]);
  });
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
    await one?.close();
    await two?.close();
    await db?.drop();
  });

  const leases = (stores: PostgresStores, ttlMs: number) => {
    const lockPool = createPool(db.url, 4);
    const l = new PgRunLeases({ lockPool, pool: stores.pool, ttlMs });
    closers.push(async () => {
      await l.close();
      await lockPool.end();
    });
    return l;
  };

  /** A change feed on each host, closed after the suite. */
  const twoFeeds = async () => {
    const feeds = await Promise.all([
      PostgresChangeFeed.open({ url: db.url, pool: one.pool }),
      PostgresChangeFeed.open({ url: db.url, pool: two.pool }),
    ]);
    closers.push(...feeds.map((f) => () => f.close()));
    return feeds;
  };

  it('a publish on one host wakes a waiter and a subscriber on the other, not its own twice', async () => {
    const [fa, fb] = await twoFeeds();
    const seenA: ChangeTopic[] = [];
    const seenB: ChangeTopic[] = [];
    fa.subscribe((t) => seenA.push(t));
    fb.subscribe((t) => seenB.push(t));
    const started = Date.now();
    const woke = fb.next({ kind: 'run', runId: 'acme.r1' }, { timeoutMs: 10_000 });
    fa.publish({ kind: 'run', runId: 'acme.r1' });
    fa.publish({ kind: 'host', tenant: 'acme' });
    await woke;
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(seenB).toEqual([
      { kind: 'run', runId: 'acme.r1' },
      { kind: 'host', tenant: 'acme' },
    ]);
    expect(seenA).toEqual(seenB);
  });

  it("one turn's publishes reach the other host as one NOTIFY statement, each topic once", async () => {
    const [fa, fb] = await twoFeeds();
    const seenB: ChangeTopic[] = [];
    fb.subscribe((t) => seenB.push(t));
    const woke = fb.next({ kind: 'run', runId: 'acme.r2' }, { timeoutMs: 10_000 });
    const sent = fa.notifyStatements;
    for (let i = 0; i < 50; i++) fa.publish({ kind: 'host', tenant: 'acme' });
    fa.publish({ kind: 'run', runId: 'acme.r2' });
    await woke;
    await new Promise((r) => setTimeout(r, 200));
    expect(fa.notifyStatements - sent).toBe(1);
    expect(seenB).toEqual([
      { kind: 'host', tenant: 'acme' },
      { kind: 'run', runId: 'acme.r2' },
    ]);
  });

  it("a run's insert wakes its own host's readers and sends no notice to the others", async () => {
    const [fa, fb] = await twoFeeds();
    const seenB: ChangeTopic[] = [];
    fb.subscribe((t) => seenB.push(t));
    const here = fa.next({ kind: 'run', runId: 'acme.r3' }, { timeoutMs: 10_000 });
    const sent = fa.notifyStatements;
    fa.publish({ kind: 'run', runId: 'acme.r3', created: true });
    await here;
    // A later change of the run goes out as before; the insert before it never did.
    const there = fb.next({ kind: 'run', runId: 'acme.r3' }, { timeoutMs: 10_000 });
    fa.publish({ kind: 'run', runId: 'acme.r3' });
    await there;
    await new Promise((r) => setTimeout(r, 200));
    expect(fa.notifyStatements - sent).toBe(1);
    expect(seenB).toEqual([{ kind: 'run', runId: 'acme.r3' }]);
  });

  it('serialises operations on one run across hosts', async () => {
    const run = runRecord('acme');
    await one.runs.insertRun(run);
    const [la, lb] = [leases(one, 5_000), leases(two, 5_000)];
    const trace: string[] = [];
    const op = (name: string) => async () => {
      trace.push(`${name}+`);
      await new Promise((r) => setTimeout(r, 50));
      trace.push(`${name}-`);
    };
    await Promise.all([
      la.exclusive(run.runId, op('a1')),
      lb.exclusive(run.runId, op('b1')),
      la.exclusive(run.runId, op('a2')),
      lb.exclusive(run.runId, op('b2')),
    ]);
    expect(trace).toHaveLength(8);
    for (let i = 0; i < 8; i += 2) expect(trace[i + 1]).toBe(trace[i]!.replace('+', '-'));
  });

  /** Created a minute ago: a run its creator had all the time to lease (see the test below). */
  const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();

  it('hands each orphaned run to one claimer, and a run whose holder stopped renewing to another', async () => {
    const runs = Array.from({ length: 6 }, () =>
      runRecord('acme', { status: 'running', createdAt: aMinuteAgo() }),
    );
    for (const r of runs) await one.runs.insertRun(r);
    const ids = new Set(runs.map((r) => r.runId));
    const dying = await openPostgresStores(db.url);
    const [la, lb] = [leases(dying, 600), leases(two, 600)];
    const [ca, cb] = await Promise.all([
      la.claimOrphans(['running'], 100),
      lb.claimOrphans(['running'], 100),
    ]);
    const mine = (c: string[]) => c.filter((id) => ids.has(id));
    expect(mine(ca).length + mine(cb).length).toBe(6);
    expect(new Set([...mine(ca), ...mine(cb)]).size).toBe(6);
    // Both holders renew: nothing is an orphan any more.
    await new Promise((r) => setTimeout(r, 900));
    expect(mine(await lb.claimOrphans(['running'], 100))).toEqual([]);
    // The first host dies: its connections go, nothing renews or releases its leases.
    await dying.pool.end();
    expect(mine(await lb.claimOrphans(['running'], 100))).toEqual([]);
    await new Promise((r) => setTimeout(r, 800));
    expect(mine(await lb.claimOrphans(['running'], 100)).sort()).toEqual(mine(ca).sort());
  });

  it('leaves a run no host leased yet to its creator for a lease time: its first step is on the way', async () => {
    // A new run is inserted, then stepped (and so leased) by the host that created it
    // (first-turn.ts); a sweep in between would make a second carrier of it, and an outbound step
    // it starts would be sent twice.
    const fresh = runRecord('acme', { status: 'running' });
    const old = runRecord('acme', { status: 'running', createdAt: aMinuteAgo() });
    for (const r of [fresh, old]) await one.runs.insertRun(r);
    const claimer = leases(two, 600);
    const claimed = await claimer.claimOrphans(['running'], 100);
    expect(claimed).toContain(old.runId);
    expect(claimed).not.toContain(fresh.runId);
    // Its creator died before leasing it: it is an orphan once a lease time has passed.
    await new Promise((r) => setTimeout(r, 700));
    expect(await claimer.claimOrphans(['running'], 100)).toContain(fresh.runId);
  });
});
