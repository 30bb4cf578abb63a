// The body of one RunChange's transaction (PgRunStore.commitRunChange). It first locks the run's row
// (`SELECT … FOR UPDATE`): changes to one run are serialised across every host on the database, so
// the status guard, the interrupt guard and the next event sequence (MAX + 1 under that lock) are
// read and written with no other writer in between, and per-run sequences stay gap-free and
// duplicate-free however many hosts write. The run's update answers the last sequence (its own
// statement's snapshot, taken under the lock, sees every earlier change): one round trip for what
// took two.
import type { PoolClient } from 'pg';
import type { RunStatus } from '@wopgen/generated/run-status';
import type { BindingNote } from '../../../ports/run-core.ts';
import type {
  InterruptRecord,
  RunChange,
  RunChangeResult,
  StoredRunEvent,
} from '../../../ports/store/run-store.ts';
import { INTERRUPT_COLUMNS, interruptToRow } from '../sqlite/rows.ts';
import { prepared } from './prepared.ts';
import { patchColumns } from './run-patch.ts';
import { Rollback } from './tx.ts';

const INSERT_INTERRUPT = `INSERT INTO interrupts (${INTERRUPT_COLUMNS.join(', ')})
  VALUES (${INTERRUPT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;

const INSERT_EVENTS = `INSERT INTO events (run_id, sequence, type, timestamp, payload)
  SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[])`;

/** Throws Rollback to undo the change and answer a conflict. */
export async function commitIn(c: PoolClient, change: RunChange): Promise<RunChangeResult> {
  const cur = await c.query<{ status: RunStatus }>(
    prepared('SELECT status FROM runs WHERE run_id = $1 FOR UPDATE', [change.runId]),
  );
  const status = cur.rows[0]?.status;
  if (status === undefined) return { ok: false, conflict: 'missing' };
  if (change.expectStatus && !change.expectStatus.includes(status))
    return { ok: false, conflict: 'status' };

  if (change.closeInterrupt) {
    const ci = change.closeInterrupt;
    const res = await c.query(
      prepared(
        `UPDATE interrupts SET status = $1, resolution = $2, resolved_at = $3
         WHERE interrupt_id = $4 AND run_id = $5 AND status = 'open'`,
        [
          ci.status,
          ci.resolution ? JSON.stringify(ci.resolution) : null,
          change.at,
          ci.interruptId,
          change.runId,
        ],
      ),
    );
    if (res.rowCount !== 1)
      throw new Rollback<RunChangeResult>({ ok: false, conflict: 'interrupt' });
  }
  if (change.cancelOpenInterrupts) {
    await c.query(
      prepared(
        `UPDATE interrupts SET status = 'cancelled', resolved_at = $1 WHERE run_id = $2 AND status = 'open'`,
        [change.at, change.runId],
      ),
    );
  }
  for (const it of change.insertInterrupts ?? []) await insertInterrupt(c, it);
  const last = await updateRun(c, change, status);
  if (change.note) await writeNote(c, change.runId, change.note, change.at);
  return { ok: true, events: await appendEvents(c, change, last + 1) };
}

/** The run's patch; answers its last event's sequence (-1: none). */
async function updateRun(c: PoolClient, change: RunChange, status: RunStatus): Promise<number> {
  const patch = patchColumns(change, status);
  const values: unknown[] = [change.runId, ...patch.map(([, v]) => v)];
  const sets = patch.map(([col], i) => `${col} = $${i + 2}`).join(', ');
  const returning = '(SELECT MAX(sequence) FROM events WHERE run_id = $1) AS last';
  const { rows } = await c.query<{ last: number | null }>(
    prepared(`UPDATE runs SET ${sets} WHERE run_id = $1 RETURNING ${returning}`, values),
  );
  return rows[0]?.last ?? -1;
}

/** Appends the change's events from sequence `first` (the run row is locked by the caller). */
async function appendEvents(
  c: PoolClient,
  change: RunChange,
  first: number,
): Promise<StoredRunEvent[]> {
  if (!change.events?.length) return [];
  const events = change.events.map((e, i): StoredRunEvent => ({
    runId: change.runId,
    sequence: first + i,
    type: e.type,
    timestamp: change.at,
    payload: { ...e.payload },
  }));
  const cols: unknown[][] = [[], [], [], [], []];
  for (const ev of events) {
    cols[0]!.push(ev.runId);
    cols[1]!.push(ev.sequence);
    cols[2]!.push(ev.type);
    cols[3]!.push(ev.timestamp);
    cols[4]!.push(JSON.stringify(ev.payload));
  }
  await c.query(prepared(INSERT_EVENTS, cols));
  return events;
}

async function insertInterrupt(c: PoolClient, it: InterruptRecord): Promise<void> {
  const row = interruptToRow(it);
  await c.query(
    prepared(
      INSERT_INTERRUPT,
      INTERRUPT_COLUMNS.map((k) => row[k]),
    ),
  );
}

/** The A2A task record: its context is kept once set; the note's message is appended. */
async function writeNote(c: PoolClient, runId: string, note: BindingNote, at: string) {
  const prior = await c.query<{ context_id: string; history: string }>(
    prepared('SELECT context_id, history FROM a2a_tasks WHERE run_id = $1 FOR UPDATE', [runId]),
  );
  const row = prior.rows[0];
  const history = row ? (JSON.parse(row.history) as unknown[]) : [];
  history.push(note.append);
  if (row) {
    await c.query(
      prepared('UPDATE a2a_tasks SET history = $1, updated_at = $2 WHERE run_id = $3', [
        JSON.stringify(history),
        at,
        runId,
      ]),
    );
    return;
  }
  // The run's tenant and creation time go with the record: a ListTasks by context pages from its
  // own index (PostgreSQL migration 7). The run's row is locked by this change (commitIn).
  await c.query(
    prepared(
      `INSERT INTO a2a_tasks (run_id, context_id, history, updated_at, tenant, created_at)
       SELECT run_id, $2, $3, $4, tenant, created_at FROM runs WHERE run_id = $1`,
      [runId, note.contextId, JSON.stringify(history), at],
    ),
  );
}
