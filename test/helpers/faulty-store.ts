// A real SQLite store that refuses one kind of write: host-failure paths (a step the host cannot
// carry out, a crash at the commit that creates a run) exercised against a genuine store fault
// rather than a mock of the engine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessChangeFeed } from '../../runtime/adapters/change-feed/in-process.ts';
import { openSqliteStores, type SqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import type { RunChange, RunStore } from '../../runtime/ports/store/run-store.ts';

export interface FaultyStore {
  /** Every store port; `runs` is the faulty one. */
  stores: SqliteStores;
  runs: RunStore;
  feed: InProcessChangeFeed;
  /** Closes the stores (their last sync and the checkpointer), then deletes the folder. */
  remove(): Promise<void>;
}

export interface Refusals {
  /** Fail `commitRunChange` (`disk I/O error`) when this says so, and an insert carrying such a change. */
  change?: (change: RunChange) => boolean;
  /** Fail `insertRun` (the commit that creates a run) every time. */
  insert?: boolean;
}

/** Stores in a fresh directory whose run store fails the writes `refuse` names. */
export function faultyStore(refuse: Refusals | ((change: RunChange) => boolean)): FaultyStore {
  const r: Refusals = typeof refuse === 'function' ? { change: refuse } : refuse;
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-fault-'));
  const stores = openSqliteStores(join(dir, 'h.db'));
  const real = stores.runs;
  const runs = Object.create(real) as RunStore;
  runs.commitRunChange = (change) =>
    r.change?.(change) ? Promise.reject(new Error('disk I/O error')) : real.commitRunChange(change);
  // An insert carrying a run's first turn (RunStore.insertRun `changes`) fails as its refused
  // change would: the whole transaction.
  runs.insertRun = (run, extra) =>
    r.insert || extra?.changes?.some((c) => r.change?.(c))
      ? Promise.reject(new Error('disk I/O error'))
      : real.insertRun(run, extra);
  const feed = new InProcessChangeFeed();
  return {
    stores: { ...stores, runs: runs as SqliteStores['runs'] },
    runs,
    feed,
    remove: async () => {
      feed.close();
      await stores.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A change that appends a log line. */
export const writesLogLine = (change: RunChange): boolean =>
  change.events?.some((e) => e.type === 'log.appended') ?? false;
