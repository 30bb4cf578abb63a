// The A2A task record's row (table a2a_tasks), the same in both SQL adapters.
import type { BindingRecord } from '../../ports/run-core.ts';

export interface BindingRecordRow {
  run_id: string;
  context_id: string;
  history: string;
  updated_at: string;
}

export function bindingRecordOf(row: Omit<BindingRecordRow, 'run_id'>): BindingRecord {
  return {
    contextId: row.context_id,
    history: JSON.parse(row.history) as BindingRecord['history'],
    updatedAt: row.updated_at,
  };
}
