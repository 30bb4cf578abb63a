// RunStore.readRunView's row, the same in both SQL adapters: the run's columns, its A2A record's
// (null without one), and its open interrupts as a JSON array of row objects (JSON text columns
// stay strings in it, as in their own rows), oldest first.
import type { RunViewParts } from '../../ports/store/run-store.ts';
import { bindingRecordOf } from './binding-record-row.ts';
import { interruptFromRow, runFromRow, type InterruptRow, type RunRow } from './sqlite/rows.ts';

export interface RunViewRow extends RunRow {
  a2a_context_id: string | null;
  a2a_history: string | null;
  a2a_updated_at: string | null;
  open_interrupts: string;
}

/** The columns readRunView selects besides the run's own (`r`) and the open interrupts. */
export const RUN_VIEW_RECORD_COLUMNS =
  'a.context_id AS a2a_context_id, a.history AS a2a_history, a.updated_at AS a2a_updated_at';

export function runViewOf(row: RunViewRow): RunViewParts {
  return {
    run: runFromRow(row),
    open: (JSON.parse(row.open_interrupts) as InterruptRow[]).map(interruptFromRow),
    record:
      row.a2a_context_id === null
        ? undefined
        : bindingRecordOf({
            context_id: row.a2a_context_id,
            history: row.a2a_history!,
            updated_at: row.a2a_updated_at!,
          }),
  };
}
