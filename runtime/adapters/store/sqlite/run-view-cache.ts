// The last rows readRunView read, by run id. A GetTask is mostly this read (the run, its open
// interrupts and its A2A record in one statement: ~30% of its CPU after earlier request-path work),
// and a task is read far more often than it changes. Sound only because one process owns a SQLite
// file (ports/run-leases.ts) and every write of a run, its interrupts or its A2A record goes
// through SqliteRunStore, which forgets the run inside the write itself: the group commits in the
// same synchronous call (grouped-writes.ts), so no read can fill the entry between the write and
// its commit. Rows are kept, not views: each read maps a fresh view, so no caller shares objects.
// New rows from another process (the bench's seeding) are only ever misses here.
import type { RunViewRow } from '../run-view-row.ts';

export class RunViewCache {
  private readonly rows = new Map<string, RunViewRow>();

  constructor(private readonly capacity = 1024) {}

  /** The cached row, or `load()`'s (kept when there is one; a miss is not remembered). */
  read(runId: string, load: () => RunViewRow | undefined): RunViewRow | undefined {
    const hit = this.rows.get(runId);
    if (hit) return hit;
    const row = load();
    if (!row) return undefined;
    // Oldest first out: a Map iterates in insertion order.
    if (this.rows.size >= this.capacity) this.rows.delete(this.rows.keys().next().value!);
    this.rows.set(runId, row);
    return row;
  }

  /** Called inside every write of the run (run-store.ts). */
  forget(runId: string): void {
    this.rows.delete(runId);
  }
}
