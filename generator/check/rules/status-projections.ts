// Status projections: every row names a known run status, and the forward ones are total and
// functional (one row per status and qualifier).
import { didYouMean } from '../../diagnostics/suggest.ts';
import { joinPointer } from '../../load/pointer.ts';
import type { CheckRule } from '../rule.ts';

interface Projection {
  name: string;
  rows: {
    runStatus: string;
    interruptKind?: string;
    errorCode?: string;
    origin: { file: string; pointer: string };
  }[];
  base: string;
  total: boolean;
}

export const statusProjections: CheckRule = {
  id: 'status-projections',
  checks: 'A2A task-state and MCP task-status projections name known statuses and are total',
  reports: [
    'unknown-run-status',
    'projection-duplicate',
    'unknown-error-code',
    'projection-incomplete',
  ],
  run({ model }, sink) {
    const statuses = new Set(model.runStatuses);
    const codes = new Set(model.errors.map((e) => e.code));
    const projections: Projection[] = [
      { name: 'a2a.taskState', rows: model.a2a.taskState, base: '/a2a/taskState', total: true },
      {
        name: 'a2a.taskStateReverse',
        rows: model.a2a.taskStateReverse,
        base: '/a2a/taskStateReverse',
        total: false,
      },
      {
        name: 'mcp.tasks.status',
        rows: model.mcp.taskStatus,
        base: '/mcp/tasks/status',
        total: model.mcp.taskStatus.length > 0,
      },
    ];
    for (const p of projections) {
      const seen = new Set<string>();
      for (const row of p.rows) {
        if (!statuses.has(row.runStatus)) {
          sink.report(
            'unknown-run-status',
            row.origin.file,
            joinPointer(row.origin.pointer, 'runStatus'),
            `runStatus "${row.runStatus}" is not in the RunSnapshot status enum${didYouMean(row.runStatus, statuses)}`,
            // With no enum at all, every row fails for the one missing enum.
            statuses.size === 0 ? sink.firstError('status-enum-missing') : undefined,
          );
        }
        if (!p.total) continue;
        const qualifier = row.interruptKind ?? row.errorCode;
        const key = `${row.runStatus}|${qualifier ?? ''}`;
        if (seen.has(key))
          sink.report(
            'projection-duplicate',
            row.origin.file,
            row.origin.pointer,
            `${p.name} maps "${row.runStatus}"${qualifier ? ` (${qualifier})` : ''} twice`,
          );
        if (row.errorCode !== undefined && !codes.has(row.errorCode))
          sink.report(
            'unknown-error-code',
            row.origin.file,
            joinPointer(row.origin.pointer, 'errorCode'),
            `errorCode "${row.errorCode}" of ${p.name} is not a code in errors.json${didYouMean(row.errorCode, codes)}`,
          );
        seen.add(key);
      }
      if (!p.total) continue;
      for (const status of model.runStatuses) {
        if (!seen.has(`${status}|`))
          sink.report(
            'projection-incomplete',
            model.mapFile,
            p.base,
            `${p.name} has no row for run status "${status}"`,
          );
      }
    }
  },
};
