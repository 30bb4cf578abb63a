// The columns one RunChange overwrites, as (column, value) pairs: `updated_at` always, `status` and
// `status_at` only when the status actually changes (statusAt is when it last changed), JSON
// fields serialised, `null` clearing an optional column.
import type { RunStatus } from '@wopgen/generated/run-status';
import type { RunChange } from '../../../ports/store/run-store.ts';

export function patchColumns(change: RunChange, current: RunStatus): [string, string | null][] {
  const p = change.patch ?? {};
  const cols: [string, string | null][] = [['updated_at', change.at]];
  if (p.status !== undefined && p.status !== current)
    cols.push(['status', p.status], ['status_at', change.at]);
  const json: [string, object | null | undefined][] = [
    ['outputs', p.outputs],
    ['error', p.error],
    ['engine', p.engine],
  ];
  for (const [col, v] of json)
    if (v !== undefined) cols.push([col, v === null ? null : JSON.stringify(v)]);
  const plain: [string, string | null | undefined][] = [
    ['started_at', p.startedAt],
    ['completed_at', p.completedAt],
    ['current_node_id', p.currentNodeId],
  ];
  for (const [col, v] of plain) if (v !== undefined) cols.push([col, v]);
  return cols;
}
