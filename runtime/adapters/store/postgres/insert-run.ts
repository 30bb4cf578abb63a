// The SQL of PgRunStore.insertRun: new runs, each in its state after its first turn, with
// everything written alongside them (idempotency row, A2A record, interrupts, events), as ONE
// statement for any number of runs. Every table's rows
// travel as one array per column (`unnest`), so the text is the same whatever the batch holds and
// is prepared once per connection (prepared.ts). Every data-modifying CTE runs to completion
// whether read or not, and the foreign keys to the runs are checked at the statement's end, when
// their rows are there. It was a transaction of six round trips (BEGIN, four INSERTs, COMMIT) per
// SendMessage, then one statement per run.
import type { IdempotencyRecord } from '../../../ports/store/run-store.ts';
import type { FoldedInsert } from '../first-turn-fold.ts';
import { INTERRUPT_COLUMNS, interruptToRow, runToRow, type RunRow } from '../sqlite/rows.ts';

export const RUN_COLUMNS = [
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

const IDEMPOTENCY_COLUMNS = [
  'tenant',
  'principal',
  'key',
  'request_digest',
  'run_id',
  'created_at',
] as const;
const RECORD_COLUMNS = ['run_id', 'context_id', 'history', 'updated_at', 'tenant', 'created_at'];
const EVENT_COLUMNS = ['run_id', 'sequence', 'type', 'timestamp', 'payload'] as const;

/** One run's insert: its folded first turn and its idempotency row. */
export interface RunInsert {
  folded: FoldedInsert;
  idempotency: IdempotencyRecord | undefined;
}

/** The statement; its parameters are `insertValues`'s. Interrupts keep their order (`ord`). */
export const INSERT_RUNS_SQL = insertRunsSql();

function insertRunsSql(): string {
  let n = 0;
  /** `$n::type[]` for each column, numbered on from the previous call's. */
  const arrays = (columns: readonly string[], type = (_c: string) => 'text') =>
    columns.map((c) => `$${++n}::${type(c)}[]`).join(', ');
  const list = (columns: readonly string[]) => columns.join(', ');
  const ic = INTERRUPT_COLUMNS;
  return `
  WITH r AS (INSERT INTO runs (${list(RUN_COLUMNS)}) SELECT * FROM unnest(${arrays(RUN_COLUMNS)})),
  i AS (INSERT INTO idempotency (${list(IDEMPOTENCY_COLUMNS)})
        SELECT * FROM unnest(${arrays(IDEMPOTENCY_COLUMNS)})),
  a AS (INSERT INTO a2a_tasks (${list(RECORD_COLUMNS)}) SELECT * FROM unnest(${arrays(RECORD_COLUMNS)})),
  n AS (INSERT INTO interrupts (${list(ic)})
        SELECT ${ic.map((c) => `t.${c}`).join(', ')}
        FROM unnest(${arrays(ic)}) WITH ORDINALITY AS t(${list(ic)}, o) ORDER BY t.o),
  e AS (INSERT INTO events (${list(EVENT_COLUMNS)})
        SELECT * FROM unnest(${arrays(EVENT_COLUMNS, (c) => (c === 'sequence' ? 'int' : 'text'))}))
  SELECT 1`;
}

/** The statement's parameters for `batch`: one array per column of each table. */
export function insertValues(batch: readonly RunInsert[]): unknown[][] {
  const runs = RUN_COLUMNS.map((): unknown[] => []);
  const keys = IDEMPOTENCY_COLUMNS.map((): unknown[] => []);
  const records = RECORD_COLUMNS.map((): unknown[] => []);
  const interrupts = INTERRUPT_COLUMNS.map((): unknown[] => []);
  const events = EVENT_COLUMNS.map((): unknown[] => []);
  const push = (cols: unknown[][], row: readonly unknown[]) =>
    row.forEach((v, i) => cols[i]!.push(v));
  for (const { folded, idempotency: k } of batch) {
    const run = folded.run;
    const row = runToRow(run);
    push(
      runs,
      RUN_COLUMNS.map((c) => row[c]),
    );
    if (k) push(keys, [k.tenant, k.principal, k.key, k.requestDigest, k.runId, k.createdAt]);
    const rec = folded.record;
    if (rec) {
      const history = JSON.stringify(rec.history);
      push(records, [run.runId, rec.contextId, history, rec.updatedAt, run.tenant, run.createdAt]);
    }
    for (const it of folded.interrupts) {
      const r = interruptToRow(it);
      push(
        interrupts,
        INTERRUPT_COLUMNS.map((c) => r[c]),
      );
    }
    for (const ev of folded.events)
      push(events, [ev.runId, ev.sequence, ev.type, ev.timestamp, JSON.stringify(ev.payload)]);
  }
  return [...runs, ...keys, ...records, ...interrupts, ...events];
}
