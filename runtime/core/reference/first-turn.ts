// A new run's insert carrying its first turn (one commit per run instead of one per
// step). The engine runs the run's start and every step up to where it ends, suspends or waits in
// memory (Engine.firstTurn); the store inserts the run with those changes in one transaction
// (RunStore.insertRun `changes`), so the events, their sequence numbers and the statuses a caller
// observes are those of the unfolded path, and a crash either loses the whole unacknowledged run or
// keeps it as its answer reported it. The exchange's own records (its `negotiation.decided`) follow
// the first turn in the same insert rather than in a write of their own.
import type { Subject } from '../../ports/auth.ts';
import type { ChangeFeed } from '../../ports/change-feed.ts';
import { CoreError } from '../../ports/errors.ts';
import type { NewRunEvent } from '../../ports/events.ts';
import type {
  InsertRunExtra,
  RunChange,
  RunRecord,
  RunStore,
  RunViewParts,
  WriteOptions,
} from '../../ports/store/run-store.ts';
import { applied } from '../../util/applied-change.ts';
import { killPoint } from '../../util/kill-point.ts';
import { insertOrReplay } from './create-run.ts';
import type { Engine } from './engine/engine.ts';

export interface FirstTurnDeps {
  runs: RunStore;
  feed: ChangeFeed;
  engine: Engine;
  now: () => Date;
}

/** One new run's insert: who asks, the run, what is written with it, the request's digest. */
export interface NewRunInsert {
  subject: Subject;
  run: RunRecord;
  extra: Omit<InsertRunExtra, 'changes'>;
  digest: string;
  options: WriteOptions;
  /** Appended to the run's log after its first turn (CreateRunRequest.events). */
  records?: NewRunEvent[];
}

export interface InsertedRun {
  run: RunRecord;
  created: boolean;
  /** The run's view as inserted, when the store answered it and no later step changed the run. */
  parts?: RunViewParts;
}

/** Insert `run` with its first turn; the run as it then is, or the earlier run a replay names. */
export async function insertWithFirstTurn(
  deps: FirstTurnDeps,
  ins: NewRunInsert,
): Promise<InsertedRun> {
  const { runs, engine } = deps;
  const { subject, run, extra, digest, options } = ins;
  const first = await engine.firstTurn(run);
  const tail = recordsChange(deps, ins);
  const changes = tail ? [...first.changes, tail] : first.changes;
  const after = tail ? applied(first.run, tail) : first.run;
  let inserted: InsertedRun;
  try {
    inserted = await insertOrReplay(runs, subject, run, { ...extra, changes }, digest, options);
  } catch (err) {
    // A key reused by another request (idempotency_key_mismatch) is the caller's answer.
    if (err instanceof CoreError) throw err;
    // The store refused the insert with its first turn (a fault in one of its writes): insert the
    // run alone and take its steps one commit each, so that a step the host cannot carry out fails
    // the run with internal_error (Engine.failInternally), as it would without the fold.
    return insertUnfolded(deps, ins);
  }
  if (!inserted.created) return inserted;
  killPoint('run-create');
  // `created`: other hosts' push deliverers look nothing up for it (ports/change-feed.ts).
  deps.feed.publish({ kind: 'run', runId: run.runId, created: true });
  // A run still running after its first turn waits at a delay (whose timer is armed only now that
  // the run is stored) or for a message; stepping it under its lease also makes this host its
  // carrier (ports/run-leases.ts). Not the hot path: a run that ends or suspends skips it.
  if (after.status !== 'running') {
    return inserted.parts
      ? { run: after, created: true, parts: inserted.parts }
      : { run: after, created: true };
  }
  const current = await engine.exclusive(run.runId, () => engine.stepStored(run.runId));
  return { run: current ?? after, created: true };
}

/** The change that appends the exchange's records, stamped once the first turn is done. */
function recordsChange(deps: FirstTurnDeps, ins: NewRunInsert): RunChange | undefined {
  if (!ins.records?.length) return undefined;
  return { runId: ins.run.runId, at: deps.now().toISOString(), events: ins.records };
}

/** The insert alone, then the start and each step in a commit of its own, then the records. */
async function insertUnfolded(deps: FirstTurnDeps, ins: NewRunInsert): Promise<InsertedRun> {
  const { subject, run, extra, digest, options } = ins;
  const inserted = await insertOrReplay(deps.runs, subject, run, extra, digest, options);
  if (!inserted.created) return { run: inserted.run, created: false };
  killPoint('run-create');
  const current = await deps.engine.exclusive(run.runId, async () => {
    const started = await deps.engine.start(run);
    const tail = recordsChange(deps, ins);
    if (!tail) return started;
    const res = await deps.runs.commitRunChange(tail, options);
    if (!res.ok) return started;
    deps.feed.publish({ kind: 'run', runId: run.runId });
    return applied(started, tail);
  });
  return { run: current, created: true };
}
