// One process per SQLite database file: a lock held for as long as the store is open, on a file
// beside the database (`<file>.lock`), taken through SQLite itself so the operating system drops it
// when the process ends however it ends (a crash leaves no stale lock). The lock database runs in
// exclusive locking mode and writes once, so it keeps its exclusive file lock until closed; another
// process gets SQLITE_BUSY at once and is refused with a message saying what to do instead. Openers
// in this process share the one lock (an embedder or a test may open a file twice; that is theirs
// to coordinate), and the last to close releases it.
import Database from 'better-sqlite3';

export interface ProcessLock {
  release(): void;
}

export class DatabaseInUse extends Error {
  override readonly name = 'DatabaseInUse';
}

/** The locks this process holds, by database path, with how many openers share each. */
const held = new Map<string, { lock: Database.Database; openers: number }>();

export function holdProcessLock(database: string): ProcessLock {
  const mine = held.get(database);
  if (mine) {
    mine.openers += 1;
    return releaser(database);
  }
  const path = `${database}.lock`;
  const lock = new Database(path);
  try {
    lock.pragma('busy_timeout = 0');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER, since TEXT)');
    lock.exec('BEGIN EXCLUSIVE');
    lock.prepare('DELETE FROM holder').run();
    lock.prepare('INSERT INTO holder VALUES (?, ?)').run(process.pid, new Date().toISOString());
    lock.exec('COMMIT');
  } catch (err) {
    lock.close();
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new DatabaseInUse(
        `the SQLite database ${database} is already served by another process: one process ` +
          'serves one SQLite file (stop the other, or use a postgres:// store for several hosts)',
      );
    }
    throw err;
  }
  held.set(database, { lock, openers: 1 });
  return releaser(database);
}

function releaser(database: string): ProcessLock {
  let released = false;
  return {
    release() {
      const entry = held.get(database);
      if (released || !entry) return;
      released = true;
      entry.openers -= 1;
      if (entry.openers > 0) return;
      held.delete(database);
      entry.lock.close();
    },
  };
}
