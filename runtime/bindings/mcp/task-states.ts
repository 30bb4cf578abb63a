// The served contract's run status → MCP task status projection (the map's `mcp.tasks.status`
// rows), with what the handlers derive from it once per host instead of restating the wire enum:
// which statuses are final (no live run projects to them) and which run statuses wait on the
// client (projected `input_required`).
import type { RunStatus } from '@wopgen/generated/run-status';
import type { McpTaskStatus } from '@wopgen/generated/mcp/task-status';
import type { ServedContract } from '../../contract/served.ts';

export interface McpTaskStates {
  project(status: RunStatus, errorCode?: string): McpTaskStatus;
  /** Task statuses no live run projects to: a task there changes no more. */
  final: ReadonlySet<McpTaskStatus>;
  /** Run statuses whose task waits on the client. */
  waitingOnClient: readonly RunStatus[];
}

export function mcpTaskStates(contract: ServedContract): McpTaskStates {
  const { project, statuses } = contract.mcp.taskStatus;
  const { all, terminal } = contract.runStatuses;
  const live = new Set(all.filter((s) => !terminal.includes(s as never)).map((s) => project(s)));
  return {
    project,
    final: new Set(statuses.filter((s) => !live.has(s))),
    waitingOnClient: all.filter((s) => project(s) === 'input_required'),
  };
}
