// A new run's insert with its first changes (RunStore.insertRun `changes`), folded in memory: the
// run row as it stands after them, their events with sequences from 0, the interrupts they opened
// (closed or cancelled ones already so) and the A2A record the notes build. Both SQL adapters write
// that once (applying each change to the just-inserted row cost a SELECT, an UPDATE and
// a MAX(sequence) per change, about a fifth of SendMessage's CPU). Each change is applied exactly
// as commitRunChange applies it to a stored run: the guard against the status so far, an interrupt
// closed only while open, the patch (util/applied-change.ts), the note appended to the history
// with its context kept once set, events stamped with the change's instant.
import type { BindingNote, BindingRecord } from '../../ports/run-core.ts';
import type {
  InsertRunExtra,
  InterruptRecord,
  RunRecord,
  RunViewParts,
  StoredRunEvent,
} from '../../ports/store/run-store.ts';
import { applied } from '../../util/applied-change.ts';

export interface FoldedInsert {
  run: RunRecord;
  events: StoredRunEvent[];
  /** Every interrupt the changes opened, in the order opened, with its status after them. */
  interrupts: InterruptRecord[];
  record: BindingRecord | undefined;
}

/** Thrown when a first change would not apply (its guard fails): the whole insert is refused. */
export class FirstTurnConflict extends Error {
  constructor(runId: string, conflict: 'missing' | 'status' | 'interrupt') {
    super(`a first-turn change of ${runId} conflicts (${conflict})`);
  }
}

export function foldInsert(run: RunRecord, extra: InsertRunExtra): FoldedInsert {
  let current = run;
  const events: StoredRunEvent[] = [];
  const interrupts: InterruptRecord[] = [];
  let record = extra.note && noted(undefined, extra.note, run.createdAt);
  for (const change of extra.changes ?? []) {
    if (change.runId !== run.runId) throw new FirstTurnConflict(run.runId, 'missing');
    if (change.expectStatus && !change.expectStatus.includes(current.status))
      throw new FirstTurnConflict(run.runId, 'status');
    const close = change.closeInterrupt;
    if (close) {
      const i = interrupts.findIndex((it) => it.interruptId === close.interruptId);
      const it = interrupts[i];
      if (!it || it.status !== 'open') throw new FirstTurnConflict(run.runId, 'interrupt');
      // The close sets the resolution column, to null when the answer carries none.
      const next: InterruptRecord = { ...it, status: close.status, resolvedAt: change.at };
      if (close.resolution) next.resolution = close.resolution;
      else delete next.resolution;
      interrupts[i] = next;
    }
    if (change.cancelOpenInterrupts) {
      interrupts.forEach((it, i) => {
        if (it.status === 'open')
          interrupts[i] = { ...it, status: 'cancelled', resolvedAt: change.at };
      });
    }
    for (const it of change.insertInterrupts ?? []) interrupts.push(it);
    current = applied(current, change);
    if (change.note) record = noted(record, change.note, change.at);
    for (const e of change.events ?? []) {
      events.push({
        runId: run.runId,
        sequence: events.length,
        type: e.type,
        timestamp: change.at,
        payload: { ...e.payload },
      });
    }
  }
  return { run: current, events, interrupts, record };
}

/** The A2A record after a note (sqlite/run-store.ts writeNote): the context kept once set. */
function noted(prior: BindingRecord | undefined, note: BindingNote, at: string): BindingRecord {
  return {
    contextId: prior?.contextId ?? note.contextId,
    history: [...(prior?.history ?? []), note.append],
    updatedAt: at,
  };
}

/**
 * What readRunView would answer right after the insert: the run, its open interrupts oldest first
 * (insertion order within an instant) and its record. The caller's answer needs no read of it.
 */
export function viewOfInsert(folded: FoldedInsert): RunViewParts {
  const open = folded.interrupts.filter((it) => it.status === 'open');
  // A stable sort: insertion order within an instant, as the stores' `created_at, rowid`.
  open.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  return { run: folded.run, open, record: folded.record };
}
