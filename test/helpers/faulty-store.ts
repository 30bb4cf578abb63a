// A real SQLite store that refuses one kind of write: the host-failure path (a step the host cannot
// carry out) exercised against a genuine store fault rather than a mock of the engine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunChange } from '../../runtime/store/port.ts';
import { SqliteStore } from '../../runtime/store/sqlite/sqlite-store.ts';

export interface FaultyStore {
  store: SqliteStore;
  remove(): void;
}

/** A store in a fresh directory whose commitRunChange fails (`disk I/O error`) when `refuse` says. */
export function faultyStore(refuse: (change: RunChange) => boolean): FaultyStore {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-fault-'));
  const real = new SqliteStore({ filename: join(dir, 'h.db') });
  const store = Object.create(real) as SqliteStore;
  store.commitRunChange = (change) =>
    refuse(change) ? Promise.reject(new Error('disk I/O error')) : real.commitRunChange(change);
  return { store, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A change that appends a log line. */
export const writesLogLine = (change: RunChange): boolean =>
  change.events?.some((e) => e.type === 'log.appended') ?? false;
