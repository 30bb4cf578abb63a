// The run as the store holds it after a committed change, computed in memory: the engine keeps the
// run it operates on in hand instead of re-reading it after every commit (`getRun` was
// ~9% of a SendMessage's CPU). It applies a RunChange's patch exactly as both store adapters do
// (sqlite/run-store.ts applyPatch, postgres/run-patch.ts): `updatedAt` always, `status` and
// `statusAt` only when the status actually changes, `null` clearing an optional field. Sound
// because every change to a run is made under its lease (Engine.exclusive), so nobody else wrote
// in between. The stores use it too, to write a new run's first turn as its final state
// (adapters/store/first-turn-fold.ts).
import type { RunChange, RunRecord } from '../ports/store/run-store.ts';
import { extend } from './extend.ts';

export function applied(run: RunRecord, change: RunChange): RunRecord {
  // extend, not a spread literal: that form is V8's slow path (util/extend.ts), and this runs per commit.
  const next: RunRecord = extend(run, { updatedAt: change.at });
  const p = change.patch;
  if (!p) return next;
  if (p.status !== undefined && p.status !== run.status) {
    next.status = p.status;
    next.statusAt = change.at;
  }
  if (p.outputs === null) delete next.outputs;
  else if (p.outputs !== undefined) next.outputs = p.outputs;
  if (p.error === null) delete next.error;
  else if (p.error !== undefined) next.error = p.error;
  if (p.engine !== undefined) next.engine = p.engine;
  if (p.startedAt !== undefined) next.startedAt = p.startedAt;
  if (p.completedAt !== undefined) next.completedAt = p.completedAt;
  if (p.currentNodeId === null) delete next.currentNodeId;
  else if (p.currentNodeId !== undefined) next.currentNodeId = p.currentNodeId;
  return next;
}
