// PostgreSQL adapter of the RunStore port. Every RunChange is one transaction that first locks the
// run's row (`SELECT … FOR UPDATE`): changes to one run are serialised across every host on the
// database, so the status guard, the interrupt guard and the next event sequence (MAX + 1 under
// that lock) are read and written with no other writer in between — per-run sequences stay gap-free
// and duplicate-free however many hosts write. Inserting a run with an idempotency key a concurrent
// host inserted first fails on the key and rolls the run back (the core then replays the winner).
import { bindingRecordOf, type BindingRecordRow } from '../binding-record-row.ts';
import { liveRunsClause } from '../live-runs.ts';
import { RUN_VIEW_RECORD_COLUMNS, runViewOf, type RunViewRow } from '../run-view-row.ts';
import type { Pool, PoolClient } from 'pg';
import type { RunStatus } from '@wopgen/generated/run-status';
import type { BindingNote, BindingRecord } from '../../../ports/run-core.ts';
import type {
  IdempotencyRecord,
  InsertRunExtra,
  InterruptRecord,
  InterruptStatus,
  RunChange,
  RunChangeResult,
  RunCountFilter,
  RunListPage,
  RunListQuery,
  RunRecord,
  RunStore,
  RunViewParts,
  StoredRunEvent,
} from '../../../ports/store/run-store.ts';
import {
  eventFromRow,
  idempotencyFromRow,
  INTERRUPT_COLUMNS,
  interruptFromRow,
  interruptToRow,
  runFromRow,
  type EventRow,
  type IdempotencyRow,
  type InterruptRow,
  type RunRow,
} from '../sqlite/rows.ts';
import { foldInsert, viewOfInsert } from '../first-turn-fold.ts';
import { insertStatement } from './insert-run.ts';
import { patchColumns } from './run-patch.ts';
import { inTransaction, Rollback } from './tx.ts';
import {
  countSql,
  inPageOrder,
  pageKeysSql,
  pickPage,
  type Bind,
  type KeyRow,
  type RunSqlDialect,
} from '../run-page-sql.ts';

const marks = (n: number, from = 1): string =>
  Array.from({ length: n }, (_, i) => `$${i + from}`).join(', ');

/** Numbered parameters (`$1`, `$2` …) for SQL built by run-page-sql.ts. */
function numberedParams(): { bind: Bind; params: (string | number)[] } {
  const params: (string | number)[] = [];
  return { params, bind: (value) => `$${params.push(value)}` };
}

/** Interrupts opened by one change keep their insertion order in `ord` (SQLite's rowid). */
const PG_RUNS: RunSqlDialect = { interruptOrder: 'ord' };

export class PgRunStore implements RunStore {
  constructor(private readonly pool: Pool) {}

  async insertRun(run: RunRecord, extra: InsertRunExtra = {}): Promise<RunViewParts> {
    // Written once as the run stands after its first changes (first-turn-fold.ts): no lock, read
    // or update of a row this transaction has just inserted.
    const folded = foldInsert(run, extra);
    const { sql, values } = insertStatement(folded, extra.idempotency);
    // One statement, so one round trip and its own transaction: all of it or none.
    await this.pool.query(sql, values);
    return viewOfInsert(folded);
  }

  async getBindingRecord(runId: string): Promise<BindingRecord | undefined> {
    const { rows } = await this.pool.query<Omit<BindingRecordRow, 'run_id'>>(
      'SELECT context_id, history, updated_at FROM a2a_tasks WHERE run_id = $1',
      [runId],
    );
    const row = rows[0];
    return row && bindingRecordOf(row);
  }

  async getBindingRecords(runIds: readonly string[]): Promise<Map<string, BindingRecord>> {
    const { rows } = await this.pool.query<BindingRecordRow>(
      'SELECT run_id, context_id, history, updated_at FROM a2a_tasks WHERE run_id = ANY($1::text[])',
      [runIds],
    );
    return new Map(rows.map((row) => [row.run_id, bindingRecordOf(row)]));
  }

  async readRunView(runId: string): Promise<RunViewParts | undefined> {
    // One round trip for a task view's three reads (the interrupts' own columns are all TEXT, so
    // their JSON objects carry the strings their rows would; `ord` is extra and ignored).
    const { rows } = await this.pool.query<RunViewRow>(
      `SELECT r.*, ${RUN_VIEW_RECORD_COLUMNS},
         (SELECT COALESCE(json_agg(i ORDER BY i.created_at, i.ord), '[]'::json)
          FROM interrupts i WHERE i.run_id = r.run_id AND i.status = 'open')::text AS open_interrupts
       FROM runs r LEFT JOIN a2a_tasks a ON a.run_id = r.run_id WHERE r.run_id = $1`,
      [runId],
    );
    return rows[0] && runViewOf(rows[0]);
  }

  async getRun(runId: string): Promise<RunRecord | undefined> {
    const { rows } = await this.pool.query<RunRow>('SELECT * FROM runs WHERE run_id = $1', [runId]);
    return rows[0] && runFromRow(rows[0]);
  }

  async listRuns(q: RunListQuery): Promise<RunListPage> {
    // Keys from the indexes first, then the page's own rows (run-page-sql.ts).
    const keys = numberedParams();
    const plan = pageKeysSql(q, keys.bind, PG_RUNS);
    if (!plan) return { runs: [] };
    const found = await this.pool.query<KeyRow>(plan.sql, keys.params);
    const { ids, next } = pickPage(found.rows, plan.examine, q.limit);
    let runs: RunRecord[] = [];
    if (ids.length > 0) {
      const { rows } = await this.pool.query<RunRow>(
        'SELECT * FROM runs WHERE run_id = ANY($1::text[])',
        [ids],
      );
      runs = inPageOrder(ids, rows.map(runFromRow));
    }
    return { runs, ...(next && { next }) };
  }

  async countRuns(tenant: string): Promise<number> {
    const { rows } = await this.pool.query<{ runs: number }>(
      'SELECT runs FROM run_counts WHERE tenant = $1',
      [tenant],
    );
    return rows[0]?.runs ?? 0;
  }

  async countMatchingRuns(tenant: string, filter: RunCountFilter): Promise<number> {
    const p = numberedParams();
    const sql = countSql(tenant, filter, p.bind, PG_RUNS);
    if (!sql) return 0;
    const { rows } = await this.pool.query<{ n: string }>(sql, p.params);
    return Number(rows[0]?.n ?? 0);
  }

  async listRunsByStatus(statuses: readonly RunStatus[]): Promise<RunRecord[]> {
    if (statuses.length === 0) return [];
    const { rows } = await this.pool.query<RunRow>(
      `SELECT * FROM runs WHERE status = ANY($1::text[])${liveRunsClause(statuses)}
       ORDER BY created_at, run_id`,
      [statuses],
    );
    return rows.map(runFromRow);
  }

  async commitRunChange(change: RunChange): Promise<RunChangeResult> {
    try {
      return await inTransaction(this.pool, (c) => commitIn(c, change));
    } catch (err) {
      if (err instanceof Rollback) return err.answer as RunChangeResult;
      throw err;
    }
  }

  async readEvents(runId: string, afterSequence: number, limit: number): Promise<StoredRunEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      'SELECT * FROM events WHERE run_id = $1 AND sequence > $2 ORDER BY sequence LIMIT $3',
      [runId, afterSequence, limit],
    );
    return rows.map(eventFromRow);
  }

  async lastEventSequence(runId: string): Promise<number> {
    const { rows } = await this.pool.query<{ s: number | null }>(
      'SELECT MAX(sequence) AS s FROM events WHERE run_id = $1',
      [runId],
    );
    return rows[0]?.s ?? -1;
  }

  async getInterrupt(interruptId: string): Promise<InterruptRecord | undefined> {
    const { rows } = await this.pool.query<InterruptRow>(
      'SELECT * FROM interrupts WHERE interrupt_id = $1',
      [interruptId],
    );
    return rows[0] && interruptFromRow(rows[0]);
  }

  async listInterrupts(runId: string, status?: InterruptStatus): Promise<InterruptRecord[]> {
    const { rows } = status
      ? await this.pool.query<InterruptRow>(
          'SELECT * FROM interrupts WHERE run_id = $1 AND status = $2 ORDER BY created_at, ord',
          [runId, status],
        )
      : await this.pool.query<InterruptRow>(
          'SELECT * FROM interrupts WHERE run_id = $1 ORDER BY created_at, ord',
          [runId],
        );
    return rows.map(interruptFromRow);
  }

  async listInterruptsOfRuns(
    runIds: readonly string[],
    status?: InterruptStatus,
  ): Promise<InterruptRecord[]> {
    const { rows } = status
      ? await this.pool.query<InterruptRow>(
          'SELECT * FROM interrupts WHERE run_id = ANY($1::text[]) AND status = $2 ORDER BY run_id, created_at, ord',
          [runIds, status],
        )
      : await this.pool.query<InterruptRow>(
          'SELECT * FROM interrupts WHERE run_id = ANY($1::text[]) ORDER BY run_id, created_at, ord',
          [runIds],
        );
    return rows.map(interruptFromRow);
  }

  async findIdempotency(
    tenant: string,
    principal: string,
    key: string,
  ): Promise<IdempotencyRecord | undefined> {
    const { rows } = await this.pool.query<IdempotencyRow>(
      'SELECT * FROM idempotency WHERE tenant = $1 AND principal = $2 AND key = $3',
      [tenant, principal, key],
    );
    const row = rows[0];
    return row && idempotencyFromRow(row);
  }
}

/** The body of one RunChange's transaction; throws Rollback to undo it and answer a conflict. */
async function commitIn(c: PoolClient, change: RunChange): Promise<RunChangeResult> {
  const cur = await c.query<{ status: RunStatus }>(
    'SELECT status FROM runs WHERE run_id = $1 FOR UPDATE',
    [change.runId],
  );
  const status = cur.rows[0]?.status;
  if (status === undefined) return { ok: false, conflict: 'missing' };
  if (change.expectStatus && !change.expectStatus.includes(status))
    return { ok: false, conflict: 'status' };

  if (change.closeInterrupt) {
    const ci = change.closeInterrupt;
    const res = await c.query(
      `UPDATE interrupts SET status = $1, resolution = $2, resolved_at = $3
       WHERE interrupt_id = $4 AND run_id = $5 AND status = 'open'`,
      [
        ci.status,
        ci.resolution ? JSON.stringify(ci.resolution) : null,
        change.at,
        ci.interruptId,
        change.runId,
      ],
    );
    if (res.rowCount !== 1)
      throw new Rollback<RunChangeResult>({ ok: false, conflict: 'interrupt' });
  }
  if (change.cancelOpenInterrupts) {
    await c.query(
      `UPDATE interrupts SET status = 'cancelled', resolved_at = $1 WHERE run_id = $2 AND status = 'open'`,
      [change.at, change.runId],
    );
  }
  for (const it of change.insertInterrupts ?? []) await insertInterrupt(c, it);
  const patch = patchColumns(change, status);
  const sets = patch.map(([col], i) => `${col} = $${i + 2}`).join(', ');
  await c.query(`UPDATE runs SET ${sets} WHERE run_id = $1`, [
    change.runId,
    ...patch.map(([, v]) => v),
  ]);
  if (change.note) await writeNote(c, change.runId, change.note, change.at);
  return { ok: true, events: await appendEvents(c, change) };
}

/** Appends the change's events after the run's last one (the run row is locked by the caller). */
async function appendEvents(c: PoolClient, change: RunChange): Promise<StoredRunEvent[]> {
  if (!change.events?.length) return [];
  const max = await c.query<{ m: number | null }>(
    'SELECT MAX(sequence) AS m FROM events WHERE run_id = $1',
    [change.runId],
  );
  const first = max.rows[0]?.m === null || max.rows[0]?.m === undefined ? 0 : max.rows[0].m + 1;
  const events = change.events.map((e, i): StoredRunEvent => ({
    runId: change.runId,
    sequence: first + i,
    type: e.type,
    timestamp: change.at,
    payload: { ...e.payload },
  }));
  await insertEvents(c, events);
  return events;
}

async function insertInterrupt(c: PoolClient, it: InterruptRecord): Promise<void> {
  const row = interruptToRow(it);
  await c.query(
    `INSERT INTO interrupts (${INTERRUPT_COLUMNS.join(', ')}) VALUES (${marks(INTERRUPT_COLUMNS.length)})`,
    INTERRUPT_COLUMNS.map((k) => row[k]),
  );
}

/** The events in one statement (none: no statement). */
async function insertEvents(c: PoolClient, events: readonly StoredRunEvent[]): Promise<void> {
  if (events.length === 0) return;
  const values: (string | number)[] = [];
  const tuples = events.map((ev) => {
    const at = values.length;
    values.push(ev.runId, ev.sequence, ev.type, ev.timestamp, JSON.stringify(ev.payload));
    return `(${marks(5, at + 1)})`;
  });
  await c.query(
    `INSERT INTO events (run_id, sequence, type, timestamp, payload) VALUES ${tuples.join(', ')}`,
    values,
  );
}

/** The A2A task record: its context is kept once set; the note's message is appended. */
async function writeNote(c: PoolClient, runId: string, note: BindingNote, at: string) {
  const prior = await c.query<{ context_id: string; history: string }>(
    'SELECT context_id, history FROM a2a_tasks WHERE run_id = $1 FOR UPDATE',
    [runId],
  );
  const row = prior.rows[0];
  const history = row ? (JSON.parse(row.history) as unknown[]) : [];
  history.push(note.append);
  if (row) {
    await c.query('UPDATE a2a_tasks SET history = $1, updated_at = $2 WHERE run_id = $3', [
      JSON.stringify(history),
      at,
      runId,
    ]);
    return;
  }
  // The run's tenant and creation time go with the record: a ListTasks by context pages from its
  // own index (PostgreSQL migration 7). The run's row is locked by this change (commitIn).
  await c.query(
    `INSERT INTO a2a_tasks (run_id, context_id, history, updated_at, tenant, created_at)
     SELECT run_id, $2, $3, $4, tenant, created_at FROM runs WHERE run_id = $1`,
    [runId, note.contextId, JSON.stringify(history), at],
  );
}
