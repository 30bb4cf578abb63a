// SQLite adapter of the RunStore port (better-sqlite3). Every RunChange is atomic (its own savepoint
// of a grouped transaction, grouped-writes.ts) so a status update, its events, its interrupts and
// the binding record it carries are never seen apart. Writes of one event-loop turn commit in one
// transaction without an fsync; each write's promise settles once a group commit (group-commit.ts)
// has made it durable, so concurrent writers share one commit and one sync.
import { bindingRecordOf, type BindingRecordRow } from '../binding-record-row.ts';
import { runViewOf, type RunViewRow } from '../run-view-row.ts';
import { foldInsert, viewOfInsert } from '../first-turn-fold.ts';
import {
  INSERT_EVENT_SQL,
  INSERT_IDEMPOTENCY_SQL,
  INSERT_INTERRUPT_SQL,
  INSERT_RUN_SQL,
  namedParams,
  RUN_VIEW_SQL,
  runsByStatusSql,
  SQLITE_RUNS,
} from './run-sql.ts';
import { countSql, inPageOrder, pageKeysSql, pickPage, type KeyRow } from '../run-page-sql.ts';
import type Database from 'better-sqlite3';
import type { GroupCommit } from './group-commit.ts';
import type { GroupedWrites } from './grouped-writes.ts';
import { RunViewCache } from './run-view-cache.ts';
import { Statements } from './statements.ts';
import type { RunStatus } from '@wopgen/generated/run-status';
import type { BindingNote, BindingRecord } from '../../../ports/run-core.ts';
import type {
  IdempotencyRecord,
  InterruptRecord,
  InterruptStatus,
  RunChange,
  RunChangeResult,
  RunCountFilter,
  RunListPage,
  RunListQuery,
  RunRecord,
  RunStore,
  InsertedRunParts,
  RunViewParts,
  StoredRunEvent,
  WriteOptions,
} from '../../../ports/store/run-store.ts';
import {
  eventFromRow,
  idempotencyFromRow,
  interruptFromRow,
  interruptToRow,
  runFromRow,
  runToRow,
  type EventRow,
  type IdempotencyRow,
  type InterruptRow,
  type RunRow,
} from './rows.ts';

export class SqliteRunStore implements RunStore {
  private readonly sql: Statements;
  private readonly views = new RunViewCache();

  constructor(
    db: Database.Database,
    private readonly commits: GroupCommit,
    private readonly writes: GroupedWrites,
  ) {
    this.sql = new Statements(db);
  }

  durable(): Promise<void> {
    return this.commits.durable();
  }

  /** After a commit: wait for its sync, or (`wait: 'commit'`) only make sure one comes soon. */
  private async settle(options: WriteOptions): Promise<void> {
    if (options.wait === 'commit') this.commits.soon();
    else await this.commits.durable();
  }

  async insertRun(
    run: RunRecord,
    extra: Parameters<RunStore['insertRun']>[1] = {},
    options: WriteOptions = {},
  ): Promise<InsertedRunParts> {
    // The run is written once as it stands after its first changes (first-turn-fold.ts): the same
    // row, events, interrupts and record as applying each change to it, without reading any back.
    const folded = foldInsert(run, extra);
    const row = runToRow(folded.run);
    const { idempotency } = extra;
    await this.writes.run(() => {
      this.views.forget(run.runId);
      this.sql.get(INSERT_RUN_SQL).run(row);
      if (idempotency) {
        this.sql
          .get(INSERT_IDEMPOTENCY_SQL)
          .run(
            idempotency.tenant,
            idempotency.principal,
            idempotency.key,
            idempotency.requestDigest,
            idempotency.runId,
            idempotency.createdAt,
          );
      }
      const { record } = folded;
      if (record) {
        // A new run has no record yet: no read of a prior one (writeNote).
        this.sql
          .get(
            `INSERT INTO a2a_tasks (run_id, context_id, history, updated_at, tenant, created_at)
             VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .run(
            run.runId,
            record.contextId,
            JSON.stringify(record.history),
            record.updatedAt,
            run.tenant,
            run.createdAt,
          );
      }
      const insert = this.sql.get(INSERT_INTERRUPT_SQL);
      for (const it of folded.interrupts) insert.run(interruptToRow(it));
      const event = this.sql.get(INSERT_EVENT_SQL);
      for (const e of folded.events)
        event.run(e.runId, e.sequence, e.type, e.timestamp, JSON.stringify(e.payload));
    });
    await this.settle(options);
    return viewOfInsert(folded);
  }

  /** The A2A task record: its context is kept once set; the note's message is appended. */
  private writeNote(runId: string, note: BindingNote, at: string): void {
    const prior = this.sql
      .get('SELECT context_id, history FROM a2a_tasks WHERE run_id = ?')
      .get(runId) as { context_id: string; history: string } | undefined;
    const history = prior ? (JSON.parse(prior.history) as unknown[]) : [];
    history.push(note.append);
    if (prior) {
      this.sql
        .get('UPDATE a2a_tasks SET history = ?, updated_at = ? WHERE run_id = ?')
        .run(JSON.stringify(history), at, runId);
      return;
    }
    // The run's tenant and creation time go with the record: a ListTasks by context pages from
    // its own index (SQLite migration 9).
    this.sql
      .get(
        `INSERT INTO a2a_tasks (run_id, context_id, history, updated_at, tenant, created_at)
         SELECT run_id, ?, ?, ?, tenant, created_at FROM runs WHERE run_id = ?`,
      )
      .run(note.contextId, JSON.stringify(history), at, runId);
  }

  async getBindingRecord(runId: string): Promise<BindingRecord | undefined> {
    const row = this.sql.get('SELECT * FROM a2a_tasks WHERE run_id = ?').get(runId) as
      { context_id: string; history: string; updated_at: string } | undefined;
    return row && bindingRecordOf(row);
  }

  async getBindingRecords(runIds: readonly string[]): Promise<Map<string, BindingRecord>> {
    // One statement shape for any page size: the ids travel as one JSON array.
    const rows = this.sql
      .get('SELECT * FROM a2a_tasks WHERE run_id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(runIds)) as BindingRecordRow[];
    return new Map(rows.map((row) => [row.run_id, bindingRecordOf(row)]));
  }

  async readRunView(runId: string): Promise<RunViewParts | undefined> {
    // One statement for the three reads of a task view (run-sql.ts), then from memory until the run
    // is written (run-view-cache.ts).
    const row = this.views.read(runId, () => this.sql.get(RUN_VIEW_SQL).get(runId) as RunViewRow);
    return row && runViewOf(row);
  }

  async getRun(runId: string): Promise<RunRecord | undefined> {
    const row = this.sql.get('SELECT * FROM runs WHERE run_id = ?').get(runId) as
      RunRow | undefined;
    return row && runFromRow(row);
  }

  async listRuns(q: RunListQuery): Promise<RunListPage> {
    // Keys from the indexes first, then the page's own rows (run-page-sql.ts).
    const keys = namedParams();
    const plan = pageKeysSql(q, keys.bind, SQLITE_RUNS);
    if (!plan) return { runs: [] };
    const rows = this.sql.get(plan.sql).all(keys.params) as KeyRow[];
    const { ids, next } = pickPage(rows, plan.examine, q.limit);
    const runs =
      ids.length === 0
        ? []
        : (
            this.sql
              .get('SELECT * FROM runs WHERE run_id IN (SELECT value FROM json_each(?))')
              .all(JSON.stringify(ids)) as RunRow[]
          ).map(runFromRow);
    return { runs: inPageOrder(ids, runs), ...(next && { next }) };
  }

  async countRuns(tenant: string): Promise<number> {
    const row = this.sql.get('SELECT runs FROM run_counts WHERE tenant = ?').get(tenant) as
      { runs: number } | undefined;
    return row?.runs ?? 0;
  }

  async countMatchingRuns(tenant: string, filter: RunCountFilter): Promise<number> {
    const p = namedParams();
    const sql = countSql(tenant, filter, p.bind, SQLITE_RUNS);
    if (!sql) return 0;
    return (this.sql.get(sql).get(p.params) as { n: number }).n;
  }

  async listRunsByStatus(statuses: readonly RunStatus[]): Promise<RunRecord[]> {
    if (statuses.length === 0) return [];
    const rows = this.sql.get(runsByStatusSql(statuses)).all(...statuses) as RunRow[];
    return rows.map(runFromRow);
  }

  async commitRunChange(change: RunChange, options: WriteOptions = {}): Promise<RunChangeResult> {
    try {
      const result = await this.writes.run(() => this.commitSync(change));
      if (result.ok) await this.settle(options);
      return result;
    } catch (err) {
      if (err instanceof InterruptConflict) return { ok: false, conflict: 'interrupt' };
      throw err;
    }
  }

  /** Runs inside its own savepoint (grouped-writes.ts): a throw undoes all of it. */
  private commitSync(change: RunChange): RunChangeResult {
    this.views.forget(change.runId);
    const cur = this.sql.get('SELECT status FROM runs WHERE run_id = ?').get(change.runId) as
      { status: RunStatus } | undefined;
    if (!cur) return { ok: false, conflict: 'missing' };
    if (change.expectStatus && !change.expectStatus.includes(cur.status))
      return { ok: false, conflict: 'status' };

    if (change.closeInterrupt) {
      const c = change.closeInterrupt;
      const res = this.sql
        .get(
          `UPDATE interrupts SET status = ?, resolution = ?, resolved_at = ?
           WHERE interrupt_id = ? AND run_id = ? AND status = 'open'`,
        )
        .run(
          c.status,
          c.resolution ? JSON.stringify(c.resolution) : null,
          change.at,
          c.interruptId,
          change.runId,
        );
      if (res.changes !== 1) {
        // Roll back anything done so far by throwing inside the savepoint.
        throw new InterruptConflict();
      }
    }
    if (change.cancelOpenInterrupts) {
      this.sql
        .get(
          `UPDATE interrupts SET status = 'cancelled', resolved_at = ? WHERE run_id = ? AND status = 'open'`,
        )
        .run(change.at, change.runId);
    }
    const insert = this.sql.get(INSERT_INTERRUPT_SQL);
    for (const it of change.insertInterrupts ?? []) insert.run(interruptToRow(it));
    this.applyPatch(change, cur.status);
    if (change.note) this.writeNote(change.runId, change.note, change.at);
    return { ok: true, events: this.appendEvents(change) };
  }

  private applyPatch(change: RunChange, current: RunStatus): void {
    const p = change.patch ?? {};
    const sets = ['updated_at = @at'];
    const params: Record<string, string | null> = { at: change.at, runId: change.runId };
    if (p.status !== undefined && p.status !== current) {
      sets.push('status = @status', 'status_at = @at');
      params.status = p.status;
    }
    const cols: [keyof typeof p, string][] = [
      ['outputs', 'outputs'],
      ['error', 'error'],
      ['engine', 'engine'],
    ];
    for (const [key, col] of cols) {
      const v = p[key];
      if (v === undefined) continue;
      sets.push(`${col} = @${col}`);
      params[col] = v === null ? null : JSON.stringify(v);
    }
    const plain: [string, string | null | undefined][] = [
      ['started_at', p.startedAt],
      ['completed_at', p.completedAt],
      ['current_node_id', p.currentNodeId],
    ];
    for (const [col, v] of plain) {
      if (v === undefined) continue;
      sets.push(`${col} = @${col}`);
      params[col] = v;
    }
    this.sql.get(`UPDATE runs SET ${sets.join(', ')} WHERE run_id = @runId`).run(params);
  }

  private appendEvents(change: RunChange): StoredRunEvent[] {
    if (!change.events?.length) return [];
    const max = this.sql
      .get('SELECT MAX(sequence) AS m FROM events WHERE run_id = ?')
      .get(change.runId) as {
      m: number | null;
    };
    let seq = max.m === null ? 0 : max.m + 1;
    const insert = this.sql.get(INSERT_EVENT_SQL);
    return change.events.map((e) => {
      const ev: StoredRunEvent = {
        runId: change.runId,
        sequence: seq++,
        type: e.type,
        timestamp: change.at,
        payload: { ...e.payload },
      };
      insert.run(ev.runId, ev.sequence, ev.type, ev.timestamp, JSON.stringify(ev.payload));
      return ev;
    });
  }

  async readEvents(runId: string, afterSequence: number, limit: number): Promise<StoredRunEvent[]> {
    const rows = this.sql
      .get('SELECT * FROM events WHERE run_id = ? AND sequence > ? ORDER BY sequence LIMIT ?')
      .all(runId, afterSequence, limit) as EventRow[];
    return rows.map(eventFromRow);
  }

  async lastEventSequence(runId: string): Promise<number> {
    const row = this.sql
      .get('SELECT MAX(sequence) AS s FROM events WHERE run_id = ?')
      .get(runId) as { s: number | null };
    return row.s ?? -1;
  }

  async getInterrupt(interruptId: string): Promise<InterruptRecord | undefined> {
    const row = this.sql.get('SELECT * FROM interrupts WHERE interrupt_id = ?').get(interruptId) as
      InterruptRow | undefined;
    return row && interruptFromRow(row);
  }

  async listInterrupts(runId: string, status?: InterruptStatus): Promise<InterruptRecord[]> {
    const rows = (
      status
        ? this.sql
            .get(
              'SELECT * FROM interrupts WHERE run_id = ? AND status = ? ORDER BY created_at, rowid',
            )
            .all(runId, status)
        : this.sql
            .get('SELECT * FROM interrupts WHERE run_id = ? ORDER BY created_at, rowid')
            .all(runId)
    ) as InterruptRow[];
    return rows.map(interruptFromRow);
  }

  async listInterruptsOfRuns(
    runIds: readonly string[],
    status?: InterruptStatus,
  ): Promise<InterruptRecord[]> {
    const ids = JSON.stringify(runIds);
    const rows = (
      status
        ? this.sql
            .get(
              'SELECT * FROM interrupts WHERE run_id IN (SELECT value FROM json_each(?)) AND status = ? ORDER BY run_id, created_at',
            )
            .all(ids, status)
        : this.sql
            .get(
              'SELECT * FROM interrupts WHERE run_id IN (SELECT value FROM json_each(?)) ORDER BY run_id, created_at',
            )
            .all(ids)
    ) as InterruptRow[];
    return rows.map(interruptFromRow);
  }

  async findIdempotency(
    tenant: string,
    principal: string,
    key: string,
  ): Promise<IdempotencyRecord | undefined> {
    const row = this.sql
      .get('SELECT * FROM idempotency WHERE tenant = ? AND principal = ? AND key = ?')
      .get(tenant, principal, key) as IdempotencyRow | undefined;
    return row && idempotencyFromRow(row);
  }
}

/** Thrown inside a transaction to roll it back when the interrupt is no longer open. */
class InterruptConflict extends Error {}
