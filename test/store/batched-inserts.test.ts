// BatchedInserts (issue 13): appends queued in one event-loop turn commit in one transaction, each
// caller resumes only after its own row is committed, and one failing row fails only its caller.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BatchedInserts } from '../../runtime/adapters/store/sqlite/batched-inserts.ts';

let db: Database.Database;
let batch: BatchedInserts<string, number>;
let commits = 0;

beforeEach(() => {
  db = new Database(':memory:');
  db.exec('CREATE TABLE t (seq INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)');
  commits = 0;
  // better-sqlite3 has no commit hook: count the transactions the batcher runs by wrapping the
  // transaction factory it uses.
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  const originalTransaction = db.transaction.bind(db);
  db.transaction = ((fn: (...a: never[]) => unknown) => {
    const tx = originalTransaction(fn);
    return Object.assign((...args: never[]) => {
      commits += 1;
      return tx(...args);
    }, tx);
  }) as typeof db.transaction;
  batch = new BatchedInserts(db, (v: string) => Number(insert.run(v).lastInsertRowid));
});

afterEach(() => db.close());

describe('BatchedInserts', () => {
  it('commits a turn’s inserts in one transaction, in order, each visible once resolved', async () => {
    const seqs = await Promise.all(['a', 'b', 'c', 'd'].map((v) => batch.add(v)));
    expect(seqs).toEqual([1, 2, 3, 4]);
    expect(commits).toBe(1);
    expect(db.prepare('SELECT v FROM t ORDER BY seq').pluck().all()).toEqual(['a', 'b', 'c', 'd']);
    // Nothing is written before the flush: a caller never resumes on an uncommitted row.
    const pending = batch.add('e');
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(4);
    expect(await pending).toBe(5);
    expect(commits).toBe(2);
  });

  it('a failing row fails only its own caller; the others are committed', async () => {
    await batch.add('dup');
    const results = await Promise.allSettled(['x', 'dup', 'y'].map((v) => batch.add(v)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(db.prepare('SELECT v FROM t ORDER BY seq').pluck().all()).toEqual(['dup', 'x', 'y']);
  });

  it('flush() commits what is queued at once (the store is closing)', async () => {
    const pending = batch.add('late');
    batch.flush();
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(1);
    expect(await pending).toBe(1);
  });
});
