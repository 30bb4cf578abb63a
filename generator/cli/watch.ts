// `generate --watch`: regenerates whenever a file in an input folder changes (debounced), keeps
// going through a broken intermediate state (its diagnostics are printed, then it waits for the
// next change), and ends on SIGINT or SIGTERM with exit 0 (4 when a watched folder fails). A
// refused or unwritable --out ends it at once: waiting cannot fix that.
import { resolve } from 'node:path';
import { detectLayout, inputDirs } from '../load/layout.ts';
import type { RunOptions } from './args.ts';
import type { Outcome } from './outcome.ts';
import { trace } from '../trace.ts';
import { watchFolders } from './watch-folders.ts';

// Long enough to gather the events of one save (a write, or a write and a rename, lands within a
// few milliseconds), short enough not to add to every regeneration's latency (it was 50 ms, a
// fifth of a one-row regeneration): a burst that lasts longer costs one more generation
// (`again` below), never a missed change.
const DEBOUNCE_MS = 15;

export async function watchAndGenerate(
  o: RunOptions,
  runOnce: (o: RunOptions) => Promise<Outcome>,
  onOutcome: (x: Outcome) => void,
  onWatching: (dirs: string[], first: Outcome) => void,
): Promise<number> {
  const layout = detectLayout(o.spec);
  const dirs = layout ? inputDirs(layout) : [resolve(o.spec)];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const rerun = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    trace('watch: run');
    // Not forced: an edit that restores the last generated inputs is "up to date".
    running = runOnce(o).then(onOutcome);
    await running;
    running = undefined;
    if (again) {
      again = false;
      await rerun();
    }
  };
  const changed = () => {
    trace('watch: event');
    clearTimeout(timer);
    timer = setTimeout(() => void rerun(), DEBOUNCE_MS);
  };
  // Watching starts before the first generation, so an edit made while it runs is not missed.
  let onWatchError = () => undefined as void;
  const watching = watchFolders(dirs, changed, () => onWatchError());
  const close = () => {
    clearTimeout(timer);
    watching.close();
  };
  const first = await runOnce(o);
  onOutcome(first);
  if (first.status === 'refused' || first.status === 'io-error') {
    close();
    return first.exitCode;
  }
  onWatching(dirs, first);
  return new Promise<number>((done) => {
    const stop = (code: number) => {
      close();
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
      // A generation under way finishes (it never leaves a half-written package) before exit.
      void (running ?? Promise.resolve()).then(() => done(code));
    };
    const interrupted = () => stop(0);
    // A watched folder that disappears or cannot be read ends the watch as an I/O failure.
    onWatchError = () => stop(4);
    process.on('SIGINT', interrupted);
    process.on('SIGTERM', interrupted);
  });
}
