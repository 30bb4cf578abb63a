// Grouped transactions: every write of the SQLite store (a run's insert and changes, host events,
// settings) queued within one event-loop turn, across concurrent requests, commits in ONE SQLite
// transaction on the next turn. A WAL commit costs the same whether it holds one write or forty
// (BEGIN/COMMIT and the WAL frame writes were ~20% of SendMessage's CPU with a transaction per
// write), and pages that several writes touch are written once.
//
// Each write runs inside its own savepoint, in the order it was queued, so it sees the writes
// queued before it and a failing one (an interrupt conflict, an idempotency race, a constraint)
// rolls back only itself. A write of exactly one statement needs no savepoint (`runStatement`):
// SQLite backs out a failing statement by itself and keeps the transaction open (statement
// journal, conflict resolution ABORT). Every caller's promise settles only after the whole group is committed,
// a failing write's rejection included (so a caller that lost a race re-reads the winner's row);
// the stores then wait for the group's fdatasync (group-commit.ts) before acknowledging anything.
// Nothing is written before the flush, so a read never sees a write that is not committed, and
// what a crash can lose is unchanged: only writes whose promise had not settled.
import type Database from 'better-sqlite3';

interface Pending {
  write: () => unknown;
  /** One SQL statement: atomic on its own, run without a savepoint inside a group. */
  statement: boolean;
  resolve(result: unknown): void;
  reject(err: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export class GroupedWrites {
  private queue: Pending[] = [];
  private scheduled = false;
  /**
   * Runs a function in a transaction, or in a savepoint when one is open (better-sqlite3). BEGIN
   * IMMEDIATE: the group takes the write lock before its first read, so another connection's
   * commit in between cannot fail it with SQLITE_BUSY_SNAPSHOT (busy_timeout waits instead).
   */
  private readonly atomic: (write: () => unknown) => unknown;
  /** Groups flushed so far, each one transaction (tests read it to see that writes share them). */
  groups = 0;

  constructor(private readonly db: Database.Database) {
    this.atomic = db.transaction((write: () => unknown) => write()).immediate;
  }

  /**
   * Runs `write` (synchronous statements, no awaits) in the next group; resolves with its result
   * once the group is committed, or rejects with what it threw (nothing of it is written).
   */
  run<R>(write: () => R): Promise<R> {
    return this.enqueue(write, false);
  }

  /**
   * `run` for a write that executes exactly one SQL statement (an append, an upsert): it skips the
   * savepoint, a SAVEPOINT and a RELEASE per write. Anything more than one statement uses `run`.
   */
  runStatement<R>(write: () => R): Promise<R> {
    return this.enqueue(write, true);
  }

  private enqueue<R>(write: () => R, statement: boolean): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ write, statement, resolve: resolve as (r: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits what is queued now (also before the database closes). */
  flush(): void {
    this.scheduled = false;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = batch.length === 1 ? [this.attempt(batch[0]!)] : this.commitGroup(batch);
    } catch (err) {
      // The group's COMMIT failed, or SQLite itself rolled the transaction back (an I/O error, a
      // full disk): no write of the group is in the database, so none may be acknowledged.
      for (const p of batch) p.reject(err);
      return;
    }
    this.groups++;
    batch.forEach((p, i) => {
      const o = outcomes[i]!;
      if (o.ok) p.resolve(o.value);
      else p.reject(o.error);
    });
  }

  private commitGroup(batch: readonly Pending[]): Outcome[] {
    const outcomes: Outcome[] = [];
    this.atomic(() => {
      for (const p of batch) {
        const o = this.attempt(p, true);
        // A savepoint's failure leaves the group open; an error that ended the transaction
        // itself fails the group (better-sqlite3 would otherwise run the rest in autocommit).
        if (!o.ok && !this.db.inTransaction) throw o.error;
        outcomes.push(o);
      }
    });
    return outcomes;
  }

  /** One write in its own savepoint (or, alone, its own transaction; in a group, a statement bare). */
  private attempt(p: Pending, grouped = false): Outcome {
    try {
      return { ok: true, value: grouped && p.statement ? p.write() : this.atomic(p.write) };
    } catch (error) {
      return { ok: false, error };
    }
  }
}
