// RunCore.createRun in the reference core: the request checked into a new run record, inserted with
// its first turn and the exchange's records (first-turn.ts), answered with its view as inserted.
//
// Insert first: no read of the idempotency key before a create. The key's row goes in
// with the run; when the key is taken already (an earlier request, or a concurrent one that won the
// same group) the insert is refused by the key and the run the key names is answered as a replay
// would answer it, or idempotency_key_mismatch for another request (insertOrReplay). A request that
// fails its checks looks its key up first, so a replay is answered as before whatever changed since.
import type { Subject } from '../../ports/auth.ts';
import type { ChangeFeed } from '../../ports/change-feed.ts';
import type { ConversationReply, CreatedRun, CreateRunRequest } from '../../ports/run-core.ts';
import type { RunRecord, RunStore, WriteOptions } from '../../ports/store/run-store.ts';
import { digestOf, idempotencyRow, newRun, priorRun } from './create-run.ts';
import type { Engine } from './engine/engine.ts';
import { insertWithFirstTurn } from './first-turn.ts';
import { toRunView, toSnapshot } from './snapshot.ts';
import type { WorkflowRegistry } from './workflows/index.ts';

export interface NewRunDeps {
  runs: RunStore;
  feed: ChangeFeed;
  engine: Engine;
  now: () => Date;
  workflows: WorkflowRegistry;
  /** The run's conversation answers (RunView.replies), undefined for a workflow that does not converse. */
  replies(run: RunRecord): Promise<ConversationReply[] | undefined>;
  /** Whether the run waits for the next message of a conversation (RunView.awaitingMessage). */
  awaitsMessage(run: RunRecord): boolean;
}

/** Create `req`'s run, committed; its durability is the caller's to wait for (RunStore.durable). */
export async function createNewRun(
  deps: NewRunDeps,
  subject: Subject,
  req: CreateRunRequest,
): Promise<CreatedRun> {
  const { runs } = deps;
  const digest = digestOf(req);
  let run: RunRecord;
  try {
    run = newRun(subject, req, deps.workflows.get(req.workflowId), deps.now().toISOString());
  } catch (err) {
    const prior = await priorRun(runs, subject, req.idempotencyKey, digest);
    if (!prior) throw err;
    return { run: toSnapshot(prior), created: false };
  }
  const idempotency = idempotencyRow(subject, req, run, digest);
  const extra = { ...(idempotency && { idempotency }), ...(req.note && { note: req.note }) };
  const options: WriteOptions = runs.durable ? { wait: 'commit' } : {};
  const ins = { subject, run, extra, digest, options, ...(req.events && { records: req.events }) };
  const out = await insertWithFirstTurn(deps, ins);
  const created: CreatedRun = { run: toSnapshot(out.run), created: out.created };
  // The view as inserted: the caller answers from it instead of reading the run back.
  const parts = out.parts;
  if (parts) {
    const replies = await deps.replies(parts.run);
    const awaiting = deps.awaitsMessage(parts.run);
    created.view = toRunView(parts.run, parts.open, parts.record, replies, awaiting);
  }
  return created;
}
