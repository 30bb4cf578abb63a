// Group commit for the SQLite store. The database runs `synchronous = NORMAL` in WAL mode, so a
// commit writes its WAL frames without an fsync and returns at once; `durable()` then resolves once
// those frames are on disk. One fdatasync of the WAL file (on libuv's thread pool, never blocking
// the event loop) covers every transaction committed before it started, so concurrent writers
// share one sync instead of each waiting for its own with the event loop blocked (the host sat
// idle ~40% of the time under load with `synchronous = FULL`). Told how many grouped
// transactions have committed (grouped-writes.ts), a caller whose group committed before the
// running sync started joins that sync instead of waiting for the next one: every writer of one
// group, answered in the same turn, shares one sync.
//
// What a crash can lose: a process crash (kill -9) loses nothing committed, whether or not it was
// synced (the frames are in the OS page cache). An OS crash or power loss can lose only commits
// whose `durable()` had not resolved, i.e. that no caller was told had succeeded. A read may see a
// commit whose sync is still in flight (at most one sync, a few milliseconds, behind).
//
// `soon()` is for commits acknowledged before their sync (the audit record of a read, interop.md
// §"The audit event"): they ask for a sync within LAZY_SYNC_MS instead of one per event-loop turn,
// so a read-only load costs tens of fdatasyncs a second, not hundreds. A power loss can lose those
// records for the last LAZY_SYNC_MS plus one sync; a process crash loses none (they are committed).
import { closeSync, fdatasync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { killPoint } from '../../../util/kill-point.ts';

/** The longest a `soon()` commit waits for its sync to start. */
export const LAZY_SYNC_MS = 10;

export class GroupCommit {
  private fd: number | undefined;
  /** The sync in progress, if any, and the commit count when it started. */
  private running: Promise<void> | undefined;
  private runningCovers = -1;
  /** The commit count the newest started sync covers. */
  private startedCovers = -1;
  private lazy: NodeJS.Timeout | undefined;
  /** The sync that starts when the running one ends, shared by everyone who asks meanwhile. */
  private next: Promise<void> | undefined;
  /** Syncs started so far (tests read it to see that writers share them). */
  syncs = 0;
  /** Commits made outside the grouped transactions (noteCommit). */
  private outside = 0;

  /**
   * `walPath` undefined (an in-memory database): nothing to sync. `committed`, when given, counts
   * every commit the callers of `durable()` rely on.
   */
  constructor(
    private readonly walPath: string | undefined,
    private readonly committed?: () => number,
  ) {}

  /**
   * A transaction committed outside the grouped ones (the push store's own): counted, so that a
   * sync started before it is never taken to cover it. Call it before `durable()`.
   */
  noteCommit(): void {
    this.outside++;
  }

  /** Commits so far, or -1 when they are not counted (every durable() then waits for a new sync). */
  private commitCount(): number {
    return this.committed ? this.committed() + this.outside : -1;
  }

  /** Resolves once every transaction committed before this call is on disk. */
  durable(): Promise<void> {
    if (this.walPath === undefined) return Promise.resolve();
    // A sync already running may have started before this caller's commit: wait for the next one.
    // (A failed sync fails its own waiters; the next one is attempted regardless.)
    if (this.running) {
      // No commit since the running sync started: it covers this caller's commit.
      const count = this.commitCount();
      if (count >= 0 && count === this.runningCovers) return this.running;
      return (this.next ??= this.running.then(
        () => this.startSync(),
        () => this.startSync(),
      ));
    }
    return this.startSync();
  }

  /** A sync within LAZY_SYNC_MS that covers every commit made before this call (see above). */
  soon(): void {
    if (this.walPath === undefined || this.lazy) return;
    this.lazy = setTimeout(() => this.lazySync(), LAZY_SYNC_MS);
  }

  private lazySync(): Promise<void> | undefined {
    this.lazy = undefined;
    // A sync started since (a durable writer's) already covers what soon() was asked for.
    const count = this.commitCount();
    if (count >= 0 && count === this.startedCovers) return undefined;
    const p = this.durable();
    p.catch(() => undefined);
    return p;
  }

  private startSync(): Promise<void> {
    this.next = undefined;
    this.runningCovers = this.commitCount();
    this.startedCovers = this.runningCovers;
    const p = this.syncOnce().finally(() => {
      if (this.running === p) this.running = undefined;
    });
    this.running = p;
    return p;
  }

  private syncOnce(): Promise<void> {
    if (this.fd === undefined) {
      // The WAL exists from the first access in WAL mode and is kept (reused from its start after
      // a checkpoint) until the connection closes.
      this.fd = openSync(this.walPath!, 'r');
      syncDir(dirname(this.walPath!));
    }
    const fd = this.fd;
    this.syncs++;
    killPoint('group-write');
    return new Promise((resolve, reject) => {
      fdatasync(fd, (err) => {
        if (err) return reject(err);
        killPoint('group-sync');
        resolve();
      });
    });
  }

  /** After the syncs already asked for (a caller still waits on them). */
  async close(): Promise<void> {
    // A pending soon() sync runs now rather than being dropped with the timer.
    if (this.lazy) {
      clearTimeout(this.lazy);
      await this.lazySync()?.catch(() => undefined);
    }
    await (this.next ?? this.running)?.catch(() => undefined);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Once per database: the WAL's directory entry, so the file itself survives a power loss. */
function syncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
