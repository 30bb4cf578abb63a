// What `generate --watch` keeps from one regeneration to the next: the worker threads (and the
// libraries they loaded, workers/kept.ts), the staging folders still being removed
// (write/deferred.ts), and the inputs as loaded and bundled (load/source-memo.ts). A one-shot run
// has none of it.
import { keptWorkers, type KeptWorkers } from '../workers/kept.ts';
import { DeferredRemovals } from '../write/deferred.ts';
import { SourceMemo } from '../load/source-memo.ts';

export interface WatchSession {
  workers: KeptWorkers;
  removals: DeferredRemovals;
  /** The inputs and bundles of the last run (load/source-memo.ts). */
  sources: SourceMemo;
}

export function watchSession(workers: KeptWorkers = keptWorkers()): WatchSession {
  return { workers, removals: new DeferredRemovals(), sources: new SourceMemo() };
}

/** Ends the threads once the last removal is done: nothing is left behind in the output. */
export async function closeSession(session: WatchSession): Promise<void> {
  await session.removals.settled();
  await session.workers.close();
}
