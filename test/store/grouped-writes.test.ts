// Grouped transactions (sqlite/grouped-writes.ts): the writes of one event-loop turn, from
// any number of concurrent callers, commit in one SQLite transaction; each runs in its own
// savepoint, so a failing one leaves the others committed and itself absent, and every caller
// settles only once the group is committed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupedWrites } from '../../runtime/adapters/store/sqlite/grouped-writes.ts';
import { openSqliteStores, type SqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import { interruptRecord, runRecord } from './subjects.ts';

describe('GroupedWrites', () => {
  let db: Database.Database;
  let writes: GroupedWrites;
  const rows = () => db.prepare('SELECT v FROM t ORDER BY seq').pluck().all();

  beforeEach(() => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE t (seq INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)');
    writes = new GroupedWrites(db);
  });
  afterEach(() => db.close());

  const insert = (v: string) => () =>
    Number(db.prepare('INSERT INTO t (v) VALUES (?)').run(v).lastInsertRowid);

  it('commits a turn’s writes in one transaction, in order, nothing before the flush', async () => {
    const pending = ['a', 'b', 'c', 'd'].map((v) => writes.run(insert(v)));
    // Queued, not written: no read (and no caller) sees a write that is not committed.
    expect(rows()).toEqual([]);
    expect(await Promise.all(pending)).toEqual([1, 2, 3, 4]);
    expect(writes.groups).toBe(1);
    expect(rows()).toEqual(['a', 'b', 'c', 'd']);
    expect(await writes.run(insert('e'))).toBe(5);
    expect(writes.groups).toBe(2);
  });

  it('a one-statement write needs no savepoint: SQLite backs out a failing statement alone', async () => {
    await writes.run(insert('dup'));
    // A multi-row statement whose second row conflicts: the statement's first row goes too.
    const failing = writes.runStatement(() =>
      db.prepare("INSERT INTO t (v) VALUES ('first-of-failing'), ('dup')").run(),
    );
    const results = await Promise.allSettled([
      writes.runStatement(insert('x')),
      failing,
      writes.runStatement(insert('y')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint/);
    expect(rows()).toEqual(['dup', 'x', 'y']);
    expect(writes.groups).toBe(2);
  });

  it('a failing write rolls back only its own savepoint, and settles after the group commits', async () => {
    await writes.run(insert('dup'));
    let committedWhenRejected: unknown[] | undefined;
    const failing = writes.run(() => {
      insert('partial')();
      return insert('dup')();
    });
    failing.catch(() => (committedWhenRejected = rows()));
    const results = await Promise.allSettled([
      writes.run(insert('x')),
      failing,
      writes.run(insert('y')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(
      /UNIQUE constraint failed: t\.v/,
    );
    // Its first insert is gone with it; the writes queued around it are in.
    expect(rows()).toEqual(['dup', 'x', 'y']);
    // The loser of a race learns of it only when the winner's row is readable.
    expect(committedWhenRejected).toEqual(['dup', 'x', 'y']);
    expect(writes.groups).toBe(2);
  });

  it('a write sees the writes queued before it in the same group', async () => {
    const [, count] = await Promise.all([
      writes.run(insert('first')),
      writes.run(() => db.prepare('SELECT COUNT(*) FROM t').pluck().get()),
    ]);
    expect(count).toBe(1);
  });

  it('flush() commits what is queued at once (the store is closing)', async () => {
    const pending = writes.run(insert('late'));
    writes.flush();
    expect(rows()).toEqual(['late']);
    expect(await pending).toBe(1);
  });
});

describe('the SQLite run store under concurrent writes', () => {
  let dir: string;
  let stores: SqliteStores;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-grouped-'));
    stores = openSqliteStores(join(dir, 'store.db'));
  });
  afterEach(async () => {
    await stores.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('N concurrent run writes share one transaction and one sync', async () => {
    const runs = Array.from({ length: 8 }, () => runRecord('acme'));
    const groups = stores.writes.groups;
    const syncs = stores.commits.syncs;
    await Promise.all(runs.map((r) => stores.runs.insertRun(r)));
    expect(stores.writes.groups - groups).toBe(1);
    expect(stores.commits.syncs - syncs).toBe(1);
    const at = new Date().toISOString();
    const results = await Promise.all(
      runs.map((r) =>
        stores.runs.commitRunChange({
          runId: r.runId,
          at,
          expectStatus: ['pending'],
          patch: { status: 'running', startedAt: at },
          events: [{ type: 'run.started', payload: {} }],
        }),
      ),
    );
    expect(results.map((r) => r.ok)).toEqual(Array(8).fill(true));
    expect(stores.writes.groups - groups).toBe(2);
    for (const r of runs) expect((await stores.runs.getRun(r.runId))!.status).toBe('running');
  });

  it('one failing write in a group leaves the others committed and itself absent', async () => {
    const [a, b, c] = [runRecord('acme'), runRecord('acme'), runRecord('acme')];
    await Promise.all([a, b, c].map((r) => stores.runs.insertRun(r)));
    const open = interruptRecord(b.runId);
    await stores.runs.commitRunChange({
      runId: b.runId,
      at: b.createdAt,
      insertInterrupts: [open],
    });
    const groups = stores.writes.groups;
    const at = new Date().toISOString();
    const [first, conflict, duplicate, last] = await Promise.allSettled([
      stores.runs.commitRunChange({
        runId: a.runId,
        at,
        patch: { status: 'running' },
        events: [{ type: 'run.started', payload: {} }],
      }),
      // Cancels b's open interrupts, then fails on an interrupt that is not open: all of it undone.
      stores.runs.commitRunChange({
        runId: b.runId,
        at,
        cancelOpenInterrupts: true,
        patch: { status: 'running' },
        closeInterrupt: { interruptId: 'int_not_there', status: 'resolved' },
        events: [{ type: 'run.resumed', payload: {} }],
      }),
      stores.runs.insertRun(a),
      stores.runs.commitRunChange({
        runId: c.runId,
        at,
        patch: { status: 'running' },
        events: [{ type: 'run.started', payload: {} }],
      }),
    ]);
    expect(stores.writes.groups - groups).toBe(1);
    expect(first).toEqual({
      status: 'fulfilled',
      value: { ok: true, events: [expect.objectContaining({ sequence: 0 })] },
    });
    // What each failing write reports is what it reported with a transaction of its own.
    expect(conflict).toEqual({ status: 'fulfilled', value: { ok: false, conflict: 'interrupt' } });
    expect(duplicate.status).toBe('rejected');
    expect(String((duplicate as PromiseRejectedResult).reason)).toMatch(
      /UNIQUE constraint failed: runs\.run_id/,
    );
    expect(last.status).toBe('fulfilled');
    expect((await stores.runs.getRun(a.runId))!.status).toBe('running');
    expect((await stores.runs.getRun(c.runId))!.status).toBe('running');
    expect((await stores.runs.getRun(b.runId))!.status).toBe('pending');
    expect(await stores.runs.readEvents(b.runId, -1, 10)).toEqual([]);
    expect((await stores.runs.listInterrupts(b.runId)).map((i) => i.status)).toEqual(['open']);
    // Nothing of a or c is missing either: a second connection (another reader) sees both.
    const other = new Database(join(dir, 'store.db'), { readonly: true });
    try {
      const seen = other.prepare('SELECT run_id, status FROM runs ORDER BY run_id').all();
      expect(seen).toEqual(
        [a, b, c]
          .map((r) => ({ run_id: r.runId, status: r === b ? 'pending' : 'running' }))
          .sort((x, y) => x.run_id.localeCompare(y.run_id)),
      );
    } finally {
      other.close();
    }
  });
});
