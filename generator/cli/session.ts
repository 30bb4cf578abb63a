// What `generate --watch` keeps from one regeneration to the next: the worker threads (and the
// libraries they loaded, workers/kept.ts) and the staging folders still being removed
// (write/deferred.ts). A one-shot run has none of it.
import { keptWorkers, type KeptWorkers } from '../workers/kept.ts';
import { DeferredRemovals } from '../write/deferred.ts';

export interface WatchSession {
  workers: KeptWorkers;
  removals: DeferredRemovals;
}

export function watchSession(workers: KeptWorkers = keptWorkers()): WatchSession {
  return { workers, removals: new DeferredRemovals() };
}

/** Ends the threads once the last removal is done: nothing is left behind in the output. */
export async function closeSession(session: WatchSession): Promise<void> {
  await session.removals.settled();
  await session.workers.close();
}
