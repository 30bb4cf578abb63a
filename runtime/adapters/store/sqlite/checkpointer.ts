// WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside whichever commit
// crosses the WAL threshold: it copies pages into the database file and fsyncs it on the host's
// only thread, which showed as ~10% of SendMessage's CPU profile. The host's connection
// turns it off (`wal_autocheckpoint = 0`) and a worker thread with a connection of its own runs
// PASSIVE checkpoints on a timer instead: they never block a writer, and a commit never waits on
// one. What a crash can lose is unchanged: a checkpoint only copies frames that are already in the
// WAL, and SQLite recovers from a crash at any point of one.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A PASSIVE checkpoint copies the frames the WAL held when it began, and SQLite starts a WAL over
 * only when a writer finds every frame copied. The host appends all the while, so a checkpoint on
 * this thread alone never finds the WAL fully copied: under steady writes it grew without bound
 * (163 MB after 8 s of GetTask load). So each tick makes a few passes, each copying what
 * arrived during the one before, and then, if the WAL has grown past RESTART_FRAMES, the host's
 * own connection copies the last few frames between two of its commits (`finish`): the next
 * commit then starts the WAL over. That costs the host's thread at most a few ms' worth of frames.
 */
const CATCH_UP_ROUNDS = 3;
export const RESTART_FRAMES = 1024;

/** The worker: a plain CommonJS script (eval), so it runs alike from sources and from the build. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const tick = () => {
  let frames = 0;
  try {
    for (let round = 0; round < workerData.catchUpRounds; round++) {
      const [r] = db.pragma('wal_checkpoint(PASSIVE)');
      frames = r.log;
      if (r.busy || r.log === r.checkpointed) break;
    }
  } catch (err) {
    // SQLITE_BUSY or a closing database: the next tick tries again.
  }
  return frames;
};
const timer = setInterval(() => parentPort.postMessage({ frames: tick() }), workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m === 'checkpoint') { parentPort.postMessage({ frames: tick() }); parentPort.postMessage('done'); }
  if (m === 'close') { clearInterval(timer); tick(); db.close(); parentPort.postMessage('closed'); }
});
`;

export class Checkpointer {
  private readonly worker: Worker;
  /** Set once the worker has failed (e.g. its database was removed before it opened it). */
  private failed: unknown;

  /**
   * `finish` runs a PASSIVE checkpoint on the host's own connection; it is called from this
   * thread's event loop, so never inside one of the host's transactions.
   */
  constructor(filename: string, finish: () => void, intervalMs = 1000) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER, {
      eval: true,
      workerData: { filename, driver, intervalMs, catchUpRounds: CATCH_UP_ROUNDS },
    });
    // A checkpointer must never keep the process alive on its own.
    this.worker.unref();
    this.worker.on('message', (m: unknown) => {
      if (typeof m !== 'object' || m === null || (m as { frames: number }).frames < RESTART_FRAMES)
        return;
      // An event handler: a throw here (an I/O error in the checkpoint) would end the host. The WAL
      // then waits for the next tick, as it would after a busy pass.
      try {
        finish();
      } catch {
        /* the next tick tries again */
      }
    });
    // A failed worker leaves the database to SQLite's own recovery; never an uncaught error.
    this.worker.on('error', (err) => (this.failed = err));
  }

  /** Runs one checkpoint now and resolves when it is done (tests, shutdown). */
  checkpoint(): Promise<void> {
    return this.ask('checkpoint', 'done');
  }

  /** A last checkpoint, then the worker's connection closes (nothing to close if it failed). */
  async close(): Promise<void> {
    await this.ask('close', 'closed').catch(() => undefined);
    await this.worker.terminate();
  }

  private ask(message: string, answer: string): Promise<void> {
    if (this.failed !== undefined) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      const onMessage = (m: unknown) => {
        if (m !== answer) return;
        this.worker.off('message', onMessage);
        this.worker.off('error', reject);
        resolve();
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', reject);
      this.worker.postMessage(message);
    });
  }
}
