// WAL checkpoints run on a worker thread: the host's connection never checkpoints inside
// a commit, and the worker's checkpoints keep the WAL from growing without bound.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkpointer, RESTART_FRAMES } from '../../runtime/adapters/store/sqlite/checkpointer.ts';
import { openSqliteStores, type SqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import { runRecord } from './subjects.ts';

let dir: string;
let stores: SqliteStores | undefined;
afterEach(async () => {
  await stores?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function insertRuns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await stores!.runs.insertRun(runRecord('acme'));
}

let eventNo = 0;
const hostEvent = () => ({
  eventId: `ev-${process.pid}-${eventNo++}`,
  tenant: 'acme',
  type: 'negotiation.decided',
  timestamp: new Date().toISOString(),
  delivery: 'durable' as const,
  payload: { protocol: 'a2a', outcome: 'accepted', peerDigest: 'a'.repeat(64) },
});

/** The WAL header's checkpoint sequence number (bytes 12–15): SQLite adds one at each start-over. */
function checkpointSequence(wal: string): number {
  const fd = openSync(wal, 'r');
  try {
    const header = Buffer.alloc(16);
    readSync(fd, header, 0, 16, 0);
    return header.readUInt32BE(12);
  } finally {
    closeSync(fd);
  }
}

describe('SQLite checkpoints', () => {
  it('the host connection never checkpoints inside a commit; a checkpoint lets the WAL start over', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-ckpt-'));
    const file = join(dir, 'host.db');
    // Only the checkpoints this test asks for: a timer's pass running just as the next writer
    // would start the WAL over makes it append instead (see the steady-writes case below).
    stores = openSqliteStores(file, { checkpointIntervalMs: 3_600_000 });
    expect(stores.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await insertRuns(400);
    const grown = statSync(`${file}-wal`).size;
    // Past SQLite's default threshold (1,000 pages) with no checkpoint in any commit.
    expect(grown).toBeGreaterThan(1000 * 4096);
    const before = statSync(file).size;
    await stores.checkpointer!.checkpoint();
    expect(statSync(file).size).toBeGreaterThan(before);
    // The next writer starts the WAL over instead of appending to it: two more rounds leave it
    // near one round's size (a WAL appended to would be three times it).
    await insertRuns(400);
    await stores.checkpointer!.checkpoint();
    await insertRuns(400);
    expect(statSync(`${file}-wal`).size).toBeLessThan(grown * 1.5);
  });

  it('starts the WAL over while writes never pause (it grew without bound before)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-ckpt-'));
    const file = join(dir, 'host.db');
    // Only the checkpoints this test asks for.
    stores = openSqliteStores(file, { checkpointIntervalMs: 3_600_000 });
    const s = stores;
    // A writer that commits every turn until told to stop, as a host under steady load does.
    let writing = true;
    let appended = 0;
    const writer = (async () => {
      while (writing) {
        const turn = Array.from({ length: 20 }, () =>
          s.hostEvents.appendHostEvent(hostEvent(), {}),
        );
        await Promise.all(turn);
        appended += turn.length;
      }
    })();
    const walBytes = () => statSync(`${file}-wal`).size;
    const past = async (bytes: number) => {
      while (walBytes() < bytes) await new Promise((r) => setTimeout(r, 5));
    };
    await past(2 * RESTART_FRAMES * 4096);
    const before = checkpointSequence(`${file}-wal`);
    await s.checkpointer!.checkpoint();
    // The next commits go to the start of the WAL, under a new checkpoint sequence number.
    const after = appended;
    while (appended < after + 100) await new Promise((r) => setTimeout(r, 5));
    writing = false;
    await writer;
    expect(checkpointSequence(`${file}-wal`)).toBeGreaterThan(before);
    expect(await s.hostEvents.listHostEvents('acme', 0, 1)).toHaveLength(1);
  });

  it('closing checkpoints and leaves no WAL behind', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-ckpt-'));
    const file = join(dir, 'host.db');
    stores = openSqliteStores(file);
    await insertRuns(50);
    await stores.close();
    stores = undefined;
    expect(() => statSync(`${file}-wal`)).toThrow();
    const again = openSqliteStores(file);
    expect(await again.runs.countRuns!('acme')).toBe(50);
    await again.close();
  });
});

describe('a checkpointer whose host step fails', () => {
  it('keeps the host running: the failure stays inside the checkpointer', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-ckpt-throw-'));
    const file = join(dir, 'host.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (v TEXT)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 2 * RESTART_FRAMES; i++) insert.run('x'.repeat(4000));
    })();
    let asked = 0;
    const c = new Checkpointer(file, () => {
      asked++;
      throw new Error('disk I/O error');
    });
    // An uncaught throw from the message handler would fail this test run.
    await c.checkpoint();
    expect(asked).toBe(1);
    await c.close();
    db.close();
  });
});

describe('a checkpointer whose database is gone', () => {
  it('reports the failure to checkpoint() and still closes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-ckpt-gone-'));
    // The worker opens with fileMustExist: a database removed before it starts fails it.
    const c = new Checkpointer(join(dir, 'missing', 'host.db'), () => undefined);
    await expect(c.checkpoint()).rejects.toThrow(/directory does not exist|unable to open/);
    await expect(c.close()).resolves.toBeUndefined();
  });
});
