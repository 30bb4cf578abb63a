import type { RunStatus } from '../run-status.js';
export type McpTaskStatus = 'cancelled' | 'completed' | 'failed' | 'input_required' | 'working';
export declare const mcpTaskStatuses: readonly McpTaskStatus[];
/** MCP task status of a run; `errorCode` is the run's RunSnapshot error code, if any. */
export declare function projectMcpTaskStatus(status: RunStatus, errorCode?: string): McpTaskStatus;
