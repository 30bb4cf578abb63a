// What a stream's projection of one run-log entry reads besides the entry (status-updates.ts): the
// entry that follows it in the log, and the task's view once it is final. Read from the store, or,
// for the first events of SendStreamingMessage, taken from the log the request itself inserted
// (RunCore.createRun `events` and `view`), which the store would answer the same.
import type { Subject } from '../../ports/auth.ts';
import type { RunEvent } from '../../ports/events.ts';
import type { A2aDeps } from './request-context.ts';
import { loadTaskView, type TaskView } from './task-projection.ts';

export interface EntryReads {
  /** The entry after `e` in the run's log, if any yet. */
  following(e: RunEvent): Promise<RunEvent | undefined>;
  /** The task as it now stands (undefined when unreadable). */
  view(): Promise<TaskView | undefined>;
}

/** Both from the store, as `subject` may read them. */
export function storeReads(deps: A2aDeps, subject: Subject, runId: string): EntryReads {
  const core = deps.ctx.core;
  return {
    following: async (e) => (await core.readEvents(subject, runId, e.sequence, 1))?.[0],
    view: () => loadTaskView(core, subject, runId, deps.ctx.now),
  };
}

/** The log a new run was inserted with, and its view then. */
export interface InsertedLog {
  /** In order, sequences from 0 (one commit: nothing else was in the log). */
  events: readonly RunEvent[];
  view: TaskView;
}

/**
 * Reads of an entry of the inserted log: the next entry from the log when it holds one, else from
 * the store (it may have been appended since); the view as inserted, which a projection asks for
 * only at a terminal entry, after which the run no longer changes what a task shows.
 */
export function insertedReads(log: InsertedLog, store: EntryReads): EntryReads {
  return {
    following: (e) => {
      const next = log.events[e.sequence + 1];
      return next ? Promise.resolve(next) : store.following(e);
    },
    view: () => Promise.resolve(log.view),
  };
}
