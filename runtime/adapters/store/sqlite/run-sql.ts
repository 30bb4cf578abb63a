// SQL text the SQLite run store builds: the parameters of a list or count (run-page-sql.ts), the one statement
// that reads a task view (RunStore.readRunView), and the inserts of a new run's rows.
import type { Bind, RunSqlDialect } from '../run-page-sql.ts';
import { liveRunsClause } from '../live-runs.ts';
import { RUN_VIEW_RECORD_COLUMNS } from '../run-view-row.ts';
import { INTERRUPT_COLUMNS } from './rows.ts';

/** Named parameters (`@p0`, `@p1` …) for SQL built by run-page-sql.ts. */
export function namedParams(): { bind: Bind; params: Record<string, string | number> } {
  const params: Record<string, string | number> = {};
  let n = 0;
  return {
    params,
    bind(value) {
      const name = `p${n++}`;
      params[name] = value;
      return `@${name}`;
    },
  };
}

/** Interrupts opened by one change keep their insertion order: SQLite's rowid. */
export const SQLITE_RUNS: RunSqlDialect = { interruptOrder: 'rowid' };

/** The runs of these statuses, oldest first (recovery), from runs_live when it holds them all. */
export function runsByStatusSql(statuses: readonly string[]): string {
  const marks = statuses.map(() => '?').join(', ');
  return `SELECT * FROM runs WHERE status IN (${marks})${liveRunsClause(statuses)} ORDER BY created_at, run_id`;
}

/** An interrupts row as a JSON object of its columns (JSON text columns stay strings). */
const INTERRUPT_AS_JSON = `json_object(${INTERRUPT_COLUMNS.map((c) => `'${c}', ${c}`).join(', ')})`;

/**
 * A run, its A2A record and its open interrupts (oldest first; insertion order within an
 * instant, as listInterrupts) in one statement: each statement outside a transaction is a read
 * transaction of its own (shared locks taken and released, the WAL index consulted).
 */
export const RUN_VIEW_SQL = `SELECT r.*, ${RUN_VIEW_RECORD_COLUMNS},
           (SELECT json_group_array(${INTERRUPT_AS_JSON} ORDER BY created_at, rowid)
            FROM interrupts i WHERE i.run_id = r.run_id AND i.status = 'open') AS open_interrupts
  FROM runs r LEFT JOIN a2a_tasks a ON a.run_id = r.run_id WHERE r.run_id = ?`;

export const INSERT_RUN_SQL = `INSERT INTO runs (run_id, tenant, workflow_id, status, owner, inputs,
    outputs, error, metadata, transport, trust_boundary, created_at, updated_at, status_at,
    started_at, completed_at, current_node_id, definition, engine)
  VALUES (@run_id, @tenant, @workflow_id, @status, @owner, @inputs, @outputs, @error, @metadata,
    @transport, @trust_boundary, @created_at, @updated_at, @status_at, @started_at, @completed_at,
    @current_node_id, @definition, @engine)`;

export const INSERT_IDEMPOTENCY_SQL = `INSERT INTO idempotency (tenant, principal, key, request_digest,
    run_id, created_at) VALUES (?, ?, ?, ?, ?, ?)`;

export const INSERT_INTERRUPT_SQL = `INSERT INTO interrupts (interrupt_id, run_id, node_id, kind,
    schema, approvers, connect_url, client_request, status, resolution, created_at, resolved_at)
  VALUES (@interrupt_id, @run_id, @node_id, @kind, @schema, @approvers, @connect_url,
    @client_request, @status, @resolution, @created_at, @resolved_at)`;

export const INSERT_EVENT_SQL =
  'INSERT INTO events (run_id, sequence, type, timestamp, payload) VALUES (?, ?, ?, ?, ?)';
