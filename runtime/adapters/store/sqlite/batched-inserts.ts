// Inserts that arrive one per request (the negotiation record of every exchange, interop.md §"The
// audit event") commit together: each in its own transaction cost a WAL commit per request (about
// 11% of GetTask's CPU in the issue 13 profile). Inserts queued within one event-loop turn commit
// in one transaction on the next; each caller resumes only once its row is committed, so what a
// crash can lose is unchanged (see group-commit.ts).
import type Database from 'better-sqlite3';

interface Pending<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
}

export class BatchedInserts<T, R> {
  private queue: Pending<T, R>[] = [];
  private scheduled = false;
  private readonly insertAll: (items: readonly T[]) => R[];

  constructor(
    db: Database.Database,
    private readonly insertOne: (item: T) => R,
  ) {
    this.insertAll = db.transaction((items: readonly T[]) => items.map((i) => this.insertOne(i)));
  }

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits what is queued now (before the database closes). */
  flush(): void {
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.scheduled = false;
    let results: R[];
    try {
      results = this.insertAll(batch.map((p) => p.item));
    } catch {
      // One failing row rolled the batch back: insert one by one so each caller gets its own outcome.
      for (const p of batch) {
        try {
          p.resolve(this.insertOne(p.item));
        } catch (err) {
          p.reject(err);
        }
      }
      return;
    }
    batch.forEach((p, i) => p.resolve(results[i]!));
  }
}
