// A new run's insert carrying its first turn (issue 13: one commit per run instead of one per
// step). The engine runs the run's start and every step up to where it ends, suspends or waits in
// memory (Engine.firstTurn); the store inserts the run with those changes in one transaction
// (RunStore.insertRun `changes`), so the events, their sequence numbers and the statuses a caller
// observes are those of the unfolded path, and a crash either loses the whole unacknowledged run or
// keeps it as its answer reported it.
import type { Subject } from '../../ports/auth.ts';
import type { ChangeFeed } from '../../ports/change-feed.ts';
import type {
  InsertRunExtra,
  RunRecord,
  RunStore,
  WriteOptions,
} from '../../ports/store/run-store.ts';
import { killPoint } from '../../util/kill-point.ts';
import { insertOrReplay } from './create-run.ts';
import type { Engine } from './engine/engine.ts';

export interface FirstTurnDeps {
  runs: RunStore;
  feed: ChangeFeed;
  engine: Engine;
}

/** One new run's insert: who asks, the run, what is written with it, the request's digest. */
export interface NewRunInsert {
  subject: Subject;
  run: RunRecord;
  extra: Omit<InsertRunExtra, 'changes'>;
  digest: string;
  options: WriteOptions;
}

/** Insert `run` with its first turn; the run as it then is, or the earlier run a replay names. */
export async function insertWithFirstTurn(
  deps: FirstTurnDeps,
  ins: NewRunInsert,
): Promise<{ run: RunRecord; created: boolean }> {
  const { runs, engine } = deps;
  const { subject, run, extra, digest, options } = ins;
  const first = await engine.firstTurn(run);
  let inserted: { run: RunRecord; created: boolean };
  try {
    inserted = await insertOrReplay(
      runs,
      subject,
      run,
      { ...extra, changes: first.changes },
      digest,
      options,
    );
  } catch {
    // The store refused the insert with its first turn (a fault in one of its writes): insert the
    // run alone and take its steps one commit each, so that a step the host cannot carry out fails
    // the run with internal_error (Engine.failInternally), as it would without the fold.
    return insertUnfolded(deps, ins);
  }
  if (!inserted.created) return inserted;
  killPoint('run-create');
  deps.feed.publish({ kind: 'run', runId: run.runId });
  // A run still running after its first turn waits at a delay (whose timer is armed only now that
  // the run is stored) or for a message; stepping it under its lease also makes this host its
  // carrier (ports/run-leases.ts). Not the hot path: a run that ends or suspends skips it.
  if (first.run.status !== 'running') return { run: first.run, created: true };
  const current = await engine.exclusive(run.runId, () => engine.stepStored(run.runId));
  return { run: current ?? first.run, created: true };
}

/** The insert alone, then the start and each step in a commit of its own. */
async function insertUnfolded(
  deps: FirstTurnDeps,
  { subject, run, extra, digest, options }: NewRunInsert,
): Promise<{ run: RunRecord; created: boolean }> {
  const inserted = await insertOrReplay(deps.runs, subject, run, extra, digest, options);
  if (!inserted.created) return inserted;
  killPoint('run-create');
  const current = await deps.engine.exclusive(run.runId, () => deps.engine.start(run));
  return { run: current, created: true };
}
