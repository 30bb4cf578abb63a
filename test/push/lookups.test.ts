// The deliverer looks a run's push configs up only when the run may have one
// (`listPushConfigs` on every change of every run was ~3% of a SendMessage's CPU). On a store only
// this process writes configs to (SQLite: PushStore.singleProcess) it keeps the set of runs with
// configs in memory; on a store several hosts share (PostgreSQL) it looks up on every change, as a
// config another host registered must still be found (test/e2e/multi-host-push.test.ts). Lookups
// are counted through the real SQLite push store; the projector records what it was asked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessChangeFeed } from '../../runtime/adapters/change-feed/in-process.ts';
import { createPushService, type PushService } from '../../runtime/adapters/push/service.ts';
import { openSqliteStores, type SqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import { defaultConfig } from '../../runtime/config.ts';
import { DEFAULT_LIMITS } from '../../runtime/http/limits.ts';
import type { PushStore } from '../../runtime/ports/store/push-store.ts';
import { owner, runRecord } from '../store/subjects.ts';
import { until } from './helpers.ts';

interface Opened {
  stores: SqliteStores;
  feed: InProcessChangeFeed;
  push: PushService;
  lookups: string[];
  projected: string[];
}

let opened: (Opened & { dir: string }) | undefined;
afterEach(async () => {
  if (!opened) return;
  await opened.push.stop();
  opened.feed.close();
  await opened.stores.close();
  rmSync(opened.dir, { recursive: true, force: true });
  opened = undefined;
});

async function open(singleProcess: boolean): Promise<Opened> {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-push-lookups-'));
  const stores = openSqliteStores(join(dir, 'h.db'));
  const real = stores.push;
  const lookups: string[] = [];
  const store = Object.create(real) as PushStore & { singleProcess: boolean };
  Object.defineProperty(store, 'singleProcess', { value: singleProcess });
  store.listPushConfigs = (runId) => {
    lookups.push(runId);
    return real.listPushConfigs(runId);
  };
  const feed = new InProcessChangeFeed();
  const projected: string[] = [];
  const config = defaultConfig('http://127.0.0.1').a2a.push;
  config.allowedCidrs = ['127.0.0.0/8'];
  config.allowedPorts = [9];
  const push = createPushService({
    store,
    feed,
    projector: {
      project: (_owner, runId) => {
        projected.push(runId);
        return Promise.resolve(undefined);
      },
    },
    config: () => config,
    maxConfigsPerTask: DEFAULT_LIMITS.pushConfigsPerTask,
    log: pino({ level: 'silent' }),
    now: () => new Date(),
  });
  await push.start();
  opened = { dir, stores, feed, push, lookups, projected };
  return opened;
}

async function newRun(o: Opened): Promise<string> {
  const run = runRecord('acme');
  await o.stores.runs.insertRun(run);
  return run.runId;
}

/** Lets every projection the feed set off finish. */
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('push config lookups per run change', () => {
  it('a single-process store: changes of a run without configs cost no lookup', async () => {
    const o = await open(true);
    const plain = await newRun(o);
    for (let i = 0; i < 5; i++) o.feed.publish({ kind: 'run', runId: plain });
    await settle();
    expect(o.lookups).toEqual([]);

    // A config registered for a run: its creation projects at once, and so does every change after.
    const watched = await newRun(o);
    await o.push.create(owner('acme'), watched, { url: 'https://127.0.0.1:9/hook' }, -1);
    await until(() => o.projected.length === 1);
    o.feed.publish({ kind: 'run', runId: watched });
    o.feed.publish({ kind: 'run', runId: plain });
    await until(() => o.projected.length === 2);
    await settle();
    expect(o.projected).toEqual([watched, watched]);
    expect(o.lookups).toEqual([watched, watched]);
  });

  it('a single-process store: a restart finds the runs whose configs are unfinished', async () => {
    const o = await open(true);
    const watched = await newRun(o);
    await o.push.create(owner('acme'), watched, { url: 'https://127.0.0.1:9/hook' }, -1);
    await o.push.stop();
    const again = createPushService({
      store: o.stores.push,
      feed: o.feed,
      projector: { project: () => Promise.resolve(undefined) },
      config: () => defaultConfig('http://127.0.0.1').a2a.push,
      maxConfigsPerTask: DEFAULT_LIMITS.pushConfigsPerTask,
      log: pino({ level: 'silent' }),
      now: () => new Date(),
    });
    o.push = again;
    const counted = o.stores.push.listPushConfigs.bind(o.stores.push);
    const seen: string[] = [];
    o.stores.push.listPushConfigs = (runId) => {
      seen.push(runId);
      return counted(runId);
    };
    await again.start();
    o.feed.publish({ kind: 'run', runId: watched });
    await until(() => seen.length === 2);
    expect(seen).toEqual([watched, watched]);
  });

  it('a shared store: every change is looked up (another host may have registered a config)', async () => {
    const o = await open(false);
    const plain = await newRun(o);
    for (let i = 0; i < 3; i++) o.feed.publish({ kind: 'run', runId: plain });
    await until(() => o.lookups.length === 3);
    expect(o.lookups).toEqual([plain, plain, plain]);
  });
});
