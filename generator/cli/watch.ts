// `generate --watch`: regenerates whenever a file in an input folder changes (debounced), keeps
// going through a broken intermediate state (its diagnostics are printed, then it waits for the
// next change), and ends on SIGINT or SIGTERM with exit 0. A refused or unwritable --out ends it
// at once: waiting cannot fix that.
import { watch as fsWatch, type FSWatcher } from 'node:fs';
import { resolve } from 'node:path';
import { detectLayout, inputDirs } from '../load/layout.ts';
import type { RunOptions } from './args.ts';
import type { Outcome } from './outcome.ts';

const DEBOUNCE_MS = 150;

export async function watchAndGenerate(
  o: RunOptions,
  runOnce: (o: RunOptions) => Promise<Outcome>,
  onOutcome: (x: Outcome) => void,
  onWatching: (dirs: string[]) => void,
): Promise<number> {
  const first = await runOnce(o);
  onOutcome(first);
  if (first.status === 'refused' || first.status === 'io-error') return first.exitCode;
  const layout = detectLayout(o.spec);
  const dirs = layout ? inputDirs(layout) : [resolve(o.spec)];
  return new Promise<number>((done) => {
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    let again = false;
    const rerun = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      // Not forced: an edit that restores the last generated inputs is "up to date".
      onOutcome(await runOnce(o));
      running = false;
      if (again) {
        again = false;
        void rerun();
      }
    };
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void rerun(), DEBOUNCE_MS);
    };
    const watchers: FSWatcher[] = dirs.map((d) => fsWatch(d, { recursive: true }, changed));
    const stop = () => {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    for (const w of watchers) w.on('error', stop);
    onWatching(dirs);
  });
}
