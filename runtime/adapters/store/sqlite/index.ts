// The SQLite adapter: every store port over one better-sqlite3 database (WAL, foreign keys on).
// Single-process: better-sqlite3 serialises this process's writes, but wake-ups and the per-run
// lock of the reference engine are in-process, so one database serves one host process. A second
// process would see the first's events only by re-reading and could step the same run at once, so
// it is refused at open (process-lock.ts); several hosts share a PostgreSQL database instead.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { Stores } from '../../../ports/store/index.ts';
import { Checkpointer } from './checkpointer.ts';
import { GroupCommit } from './group-commit.ts';
import { GroupedWrites } from './grouped-writes.ts';
import { SqliteHostStore } from './host-store.ts';
import { migrate } from './migrations.ts';
import { holdProcessLock } from './process-lock.ts';
import { sqlitePushSecrets } from './push-secret-key.ts';
import { SqlitePushStore } from './push-store.ts';
import type { PushSecretBox } from '../push-secrets.ts';
import { SqliteRunStore } from './run-store.ts';

export interface SqliteStores extends Stores {
  runs: SqliteRunStore;
  /** The database itself (tests read it to prove what was or was not written). */
  readonly db: Database.Database;
  /** The group commit every write awaits (tests count its syncs). */
  readonly commits: GroupCommit;
  /** The grouped transaction every write runs in (tests count its groups). */
  readonly writes: GroupedWrites;
  /** Absent for an in-memory database. */
  readonly checkpointer: Checkpointer | undefined;
}

/** A WAL file longer than this is cut back to it when SQLite next starts the WAL over. */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

export interface SqliteOpenOptions {
  /**
   * Take the one-serving-process lock (process-lock.ts); true unless the opener serves nothing: an
   * administrative command (`wopgen keys`) that only writes rows beside a running host.
   */
  processLock?: boolean;
  /** How often the checkpointer's worker runs (checkpointer.ts); 1 s unless a test wants sooner. */
  checkpointIntervalMs?: number;
  /**
   * The operator's key-encryption key (WOPGEN_MCP_STATE_KEK): the push data key is kept sealed
   * under it (push-secrets.ts: once the host has checked it, `push.sealSecretKey`). Without it
   * that key is kept in clear in the store.
   */
  kek?: string;
}

/** Open (creating directories and migrating) the database at `filename`, or ':memory:'. */
export function openSqliteStores(filename: string, options: SqliteOpenOptions = {}): SqliteStores {
  if (filename !== ':memory:') mkdirSync(dirname(resolve(filename)), { recursive: true });
  const lock =
    filename === ':memory:' || options.processLock === false
      ? undefined
      : holdProcessLock(resolve(filename));
  let db: Database.Database;
  try {
    db = new Database(filename);
  } catch (err) {
    lock?.release();
    throw err;
  }
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Commits skip their own fsync; every write awaits a shared one instead (group-commit.ts).
  db.pragma('synchronous = NORMAL');
  // Statement and savepoint journals in memory: every write of a group has a savepoint and most of
  // its statements a statement journal, which passed the 64 KiB spill size and went to a temp file
  // (two write syscalls a page), over half of a created run's insert (bench/store-insert.ts).
  // They only undo a failed statement or write inside the open transaction; recovery never reads them.
  db.pragma('temp_store = MEMORY');
  let secrets: PushSecretBox | undefined;
  const pushSecrets = () => (secrets ??= sqlitePushSecrets(db, options.kek));
  try {
    migrate(db, { pushSecrets });
    // Read on every open: a key the KEK given cannot open refuses the store now.
    pushSecrets();
  } catch (err) {
    db.close();
    lock?.release();
    throw err;
  }
  // Writes of one event-loop turn share one transaction (grouped-writes.ts), and its writers one sync.
  const writes = new GroupedWrites(db);
  const walPath = filename === ':memory:' ? undefined : `${resolve(filename)}-wal`;
  const commits = new GroupCommit(walPath, () => writes.groups);
  // Checkpoints run on a worker thread, never inside a commit (checkpointer.ts).
  let checkpointer: Checkpointer | undefined;
  if (filename !== ':memory:') {
    db.pragma('wal_autocheckpoint = 0');
    // A WAL started over keeps its file's length; past this it is cut back (after a burst).
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    checkpointer = new Checkpointer(
      resolve(filename),
      () => {
        if (db.open && !db.inTransaction) db.pragma('wal_checkpoint(PASSIVE)');
      },
      options.checkpointIntervalMs,
    );
  }
  const host = new SqliteHostStore(db, commits, writes);
  return {
    db,
    commits,
    writes,
    runs: new SqliteRunStore(db, commits, writes),
    hostEvents: host,
    apiKeys: host,
    tokens: host,
    kv: host,
    push: new SqlitePushStore(db, commits, pushSecrets(), options.kek),
    checkpointer,
    async close() {
      if (db.open) writes.flush();
      // Let the flushed writers ask for their sync before the group commit closes.
      await new Promise((resolve) => setImmediate(resolve));
      await commits.close();
      await checkpointer?.close();
      if (db.open) db.close();
      lock?.release();
    },
  };
}

/** `sqlite:<path>` (or `sqlite::memory:`) → the stores; anything else is refused with a clear message. */
export function openStoreUrl(spec: string, options: SqliteOpenOptions = {}): SqliteStores {
  const m = /^sqlite:(.+)$/.exec(spec);
  if (!m) throw new Error(`unsupported store "${spec}" (expected sqlite:<path>)`);
  return openSqliteStores(m[1]!, options);
}
