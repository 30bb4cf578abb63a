// PostgreSQL adapter of the RunStore port. Every RunChange is one transaction that first locks the
// run's row (run-change.ts), so changes to one run are serialised across every host. New runs of
// concurrent requests are inserted together, one statement per batch (insert-run.ts, batches.ts);
// a run with an idempotency key a concurrent host inserted first fails on the key alone and rolls
// its own insert back (the core then replays the winner). Statements are prepared (prepared.ts).
import { bindingRecordOf, type BindingRecordRow } from '../binding-record-row.ts';
import { liveRunsClause } from '../live-runs.ts';
import { RUN_VIEW_RECORD_COLUMNS, runViewOf, type RunViewRow } from '../run-view-row.ts';
import type { Pool } from 'pg';
import type { RunStatus } from '@wopgen/generated/run-status';
import type { BindingRecord } from '../../../ports/run-core.ts';
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
  runFromRow,
  type EventRow,
  type IdempotencyRow,
  type InterruptRow,
  type RunRow,
} from '../sqlite/rows.ts';
import { foldInsert, viewOfInsert } from '../first-turn-fold.ts';
import { Batches } from './batches.ts';
import { INSERT_RUNS_SQL, insertValues, RUN_COLUMNS, type RunInsert } from './insert-run.ts';
import { prepared } from './prepared.ts';
import { commitIn } from './run-change.ts';
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

/** Named columns, not `*` (prepared.ts: a column a later migration adds must not break a plan). */
const RUN_SELECT = RUN_COLUMNS.join(', ');
const EVENT_SELECT = 'run_id, sequence, type, timestamp, payload';
const INTERRUPT_SELECT = INTERRUPT_COLUMNS.join(', ');
const IDEMPOTENCY_SELECT = 'tenant, principal, key, request_digest, run_id, created_at';

/**
 * A task view's three reads in one statement (the interrupts' own columns are all TEXT, so their
 * JSON objects carry the strings their rows would; `ord` is extra and ignored).
 */
const READ_RUN_VIEW = `SELECT ${RUN_COLUMNS.map((c) => `r.${c}`).join(', ')}, ${RUN_VIEW_RECORD_COLUMNS},
    (SELECT COALESCE(json_agg(i ORDER BY i.created_at, i.ord), '[]'::json)
     FROM interrupts i WHERE i.run_id = r.run_id AND i.status = 'open')::text AS open_interrupts
  FROM runs r LEFT JOIN a2a_tasks a ON a.run_id = r.run_id WHERE r.run_id = $1`;

/** Numbered parameters (`$1`, `$2` …) for SQL built by run-page-sql.ts. */
function numberedParams(): { bind: Bind; params: (string | number)[] } {
  const params: (string | number)[] = [];
  return { params, bind: (value) => `$${params.push(value)}` };
}

/** Interrupts opened by one change keep their insertion order in `ord` (SQLite's rowid). */
const PG_RUNS: RunSqlDialect = { interruptOrder: 'ord' };

export class PgRunStore implements RunStore {
  /** Concurrent requests' new runs, one statement and one commit per batch (batches.ts). */
  private readonly inserts = new Batches<RunInsert, void>(async (batch) => {
    await this.pool.query(prepared(INSERT_RUNS_SQL, insertValues(batch)));
    return batch.map(() => undefined);
  });

  constructor(private readonly pool: Pool) {}

  async insertRun(run: RunRecord, extra: InsertRunExtra = {}): Promise<RunViewParts> {
    // Written once as the run stands after its first changes (first-turn-fold.ts): no lock, read
    // or update of a row this transaction has just inserted; with other requests' new runs, in
    // one statement (insert-run.ts).
    const folded = foldInsert(run, extra);
    await this.inserts.add({ folded, idempotency: extra.idempotency });
    return viewOfInsert(folded);
  }

  async getBindingRecord(runId: string): Promise<BindingRecord | undefined> {
    const { rows } = await this.pool.query<Omit<BindingRecordRow, 'run_id'>>(
      prepared('SELECT context_id, history, updated_at FROM a2a_tasks WHERE run_id = $1', [runId]),
    );
    const row = rows[0];
    return row && bindingRecordOf(row);
  }

  async getBindingRecords(runIds: readonly string[]): Promise<Map<string, BindingRecord>> {
    const { rows } = await this.pool.query<BindingRecordRow>(
      prepared(
        'SELECT run_id, context_id, history, updated_at FROM a2a_tasks WHERE run_id = ANY($1::text[])',
        [runIds],
      ),
    );
    return new Map(rows.map((row) => [row.run_id, bindingRecordOf(row)]));
  }

  async readRunView(runId: string): Promise<RunViewParts | undefined> {
    const { rows } = await this.pool.query<RunViewRow>(prepared(READ_RUN_VIEW, [runId]));
    return rows[0] && runViewOf(rows[0]);
  }

  async getRun(runId: string): Promise<RunRecord | undefined> {
    const { rows } = await this.pool.query<RunRow>(
      prepared(`SELECT ${RUN_SELECT} FROM runs WHERE run_id = $1`, [runId]),
    );
    return rows[0] && runFromRow(rows[0]);
  }

  async listRuns(q: RunListQuery): Promise<RunListPage> {
    // Keys from the indexes first, then the page's own rows (run-page-sql.ts).
    const keys = numberedParams();
    const plan = pageKeysSql(q, keys.bind, PG_RUNS);
    if (!plan) return { runs: [] };
    const found = await this.pool.query<KeyRow>(prepared(plan.sql, keys.params));
    const { ids, next } = pickPage(found.rows, plan.examine, q.limit);
    let runs: RunRecord[] = [];
    if (ids.length > 0) {
      const { rows } = await this.pool.query<RunRow>(
        prepared(`SELECT ${RUN_SELECT} FROM runs WHERE run_id = ANY($1::text[])`, [ids]),
      );
      runs = inPageOrder(ids, rows.map(runFromRow));
    }
    return { runs, ...(next && { next }) };
  }

  async countRuns(tenant: string): Promise<number> {
    // The tenant's shards (migration 8), summed.
    const { rows } = await this.pool.query<{ runs: number | null }>(
      prepared('SELECT SUM(runs)::bigint AS runs FROM run_count_shards WHERE tenant = $1', [
        tenant,
      ]),
    );
    return rows[0]?.runs ?? 0;
  }

  async countMatchingRuns(tenant: string, filter: RunCountFilter): Promise<number> {
    const p = numberedParams();
    const sql = countSql(tenant, filter, p.bind, PG_RUNS);
    if (!sql) return 0;
    const { rows } = await this.pool.query<{ n: string }>(prepared(sql, p.params));
    return Number(rows[0]?.n ?? 0);
  }

  async listRunsByStatus(statuses: readonly RunStatus[]): Promise<RunRecord[]> {
    if (statuses.length === 0) return [];
    const { rows } = await this.pool.query<RunRow>(
      `SELECT ${RUN_SELECT} FROM runs WHERE status = ANY($1::text[])${liveRunsClause(statuses)}
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
      prepared(
        `SELECT ${EVENT_SELECT} FROM events WHERE run_id = $1 AND sequence > $2 ORDER BY sequence LIMIT $3`,
        [runId, afterSequence, limit],
      ),
    );
    return rows.map(eventFromRow);
  }

  async lastEventSequence(runId: string): Promise<number> {
    const { rows } = await this.pool.query<{ s: number | null }>(
      prepared('SELECT MAX(sequence) AS s FROM events WHERE run_id = $1', [runId]),
    );
    return rows[0]?.s ?? -1;
  }

  async getInterrupt(interruptId: string): Promise<InterruptRecord | undefined> {
    const { rows } = await this.pool.query<InterruptRow>(
      prepared(`SELECT ${INTERRUPT_SELECT} FROM interrupts WHERE interrupt_id = $1`, [interruptId]),
    );
    return rows[0] && interruptFromRow(rows[0]);
  }

  async listInterrupts(runId: string, status?: InterruptStatus): Promise<InterruptRecord[]> {
    const { rows } = status
      ? await this.pool.query<InterruptRow>(
          prepared(
            `SELECT ${INTERRUPT_SELECT} FROM interrupts WHERE run_id = $1 AND status = $2 ORDER BY created_at, ord`,
            [runId, status],
          ),
        )
      : await this.pool.query<InterruptRow>(
          prepared(
            `SELECT ${INTERRUPT_SELECT} FROM interrupts WHERE run_id = $1 ORDER BY created_at, ord`,
            [runId],
          ),
        );
    return rows.map(interruptFromRow);
  }

  async listInterruptsOfRuns(
    runIds: readonly string[],
    status?: InterruptStatus,
  ): Promise<InterruptRecord[]> {
    const { rows } = status
      ? await this.pool.query<InterruptRow>(
          prepared(
            `SELECT ${INTERRUPT_SELECT} FROM interrupts WHERE run_id = ANY($1::text[]) AND status = $2 ORDER BY run_id, created_at, ord`,
            [runIds, status],
          ),
        )
      : await this.pool.query<InterruptRow>(
          prepared(
            `SELECT ${INTERRUPT_SELECT} FROM interrupts WHERE run_id = ANY($1::text[]) ORDER BY run_id, created_at, ord`,
            [runIds],
          ),
        );
    return rows.map(interruptFromRow);
  }

  async findIdempotency(
    tenant: string,
    principal: string,
    key: string,
  ): Promise<IdempotencyRecord | undefined> {
    const { rows } = await this.pool.query<IdempotencyRow>(
      prepared(
        `SELECT ${IDEMPOTENCY_SELECT} FROM idempotency WHERE tenant = $1 AND principal = $2 AND key = $3`,
        [tenant, principal, key],
      ),
    );
    const row = rows[0];
    return row && idempotencyFromRow(row);
  }
}
