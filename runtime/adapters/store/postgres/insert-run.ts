// The SQL of PgRunStore.insertRun: a new run in its state after the first turn, with everything
// written alongside it, as one statement.
import type { IdempotencyRecord } from '../../../ports/store/run-store.ts';
import type { foldInsert } from '../first-turn-fold.ts';
import { INTERRUPT_COLUMNS, interruptToRow, runToRow, type RunRow } from '../sqlite/rows.ts';

const RUN_COLUMNS = [
  'run_id',
  'tenant',
  'workflow_id',
  'status',
  'owner',
  'inputs',
  'outputs',
  'error',
  'metadata',
  'transport',
  'trust_boundary',
  'created_at',
  'updated_at',
  'status_at',
  'started_at',
  'completed_at',
  'current_node_id',
  'definition',
  'engine',
] as const satisfies readonly (keyof RunRow)[];

/**
 * A new run and everything written with it (idempotency row, A2A record, interrupts, events) as
 * ONE statement of data-modifying CTEs: every CTE runs to completion whether read or not, and the
 * foreign keys to the run are checked at the statement's end, when its row is there. It was a
 * transaction of six round trips (BEGIN, four INSERTs, COMMIT) per SendMessage (issue 13).
 */
export function insertStatement(
  folded: ReturnType<typeof foldInsert>,
  idempotency: IdempotencyRecord | undefined,
): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const bind = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const tuple = (vs: readonly unknown[]) => `(${vs.map(bind).join(', ')})`;
  const row = runToRow(folded.run);
  const ctes = [
    `r AS (INSERT INTO runs (${RUN_COLUMNS.join(', ')}) VALUES ${tuple(RUN_COLUMNS.map((k) => row[k]))})`,
  ];
  if (idempotency) {
    const r = idempotency;
    ctes.push(
      `i AS (INSERT INTO idempotency (tenant, principal, key, request_digest, run_id, created_at)
       VALUES ${tuple([r.tenant, r.principal, r.key, r.requestDigest, r.runId, r.createdAt])})`,
    );
  }
  const { record } = folded;
  if (record) {
    ctes.push(
      `a AS (INSERT INTO a2a_tasks (run_id, context_id, history, updated_at, tenant, created_at)
       VALUES ${tuple([folded.run.runId, record.contextId, JSON.stringify(record.history), record.updatedAt, folded.run.tenant, folded.run.createdAt])})`,
    );
  }
  if (folded.interrupts.length > 0) {
    const tuples = folded.interrupts.map((it) => {
      const r = interruptToRow(it);
      return tuple(INTERRUPT_COLUMNS.map((k) => r[k]));
    });
    ctes.push(
      `n AS (INSERT INTO interrupts (${INTERRUPT_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')})`,
    );
  }
  if (folded.events.length > 0) {
    const tuples = folded.events.map((ev) =>
      tuple([ev.runId, ev.sequence, ev.type, ev.timestamp, JSON.stringify(ev.payload)]),
    );
    ctes.push(
      `e AS (INSERT INTO events (run_id, sequence, type, timestamp, payload) VALUES ${tuples.join(', ')})`,
    );
  }
  return { sql: `WITH ${ctes.join(',\n')}\nSELECT 1`, values };
}
