export const mcpTaskStatuses = [
    'cancelled',
    'completed',
    'failed',
    'input_required',
    'working',
];
const projection = {
    /** Source: spec/interop-map.json#/mcp/tasks/status/0 */
    pending: 'working',
    /** Source: spec/interop-map.json#/mcp/tasks/status/1 */
    running: 'working',
    /** Source: spec/interop-map.json#/mcp/tasks/status/2 */
    paused: 'working',
    /** Source: spec/interop-map.json#/mcp/tasks/status/3 */
    cancelling: 'working',
    /** Source: spec/interop-map.json#/mcp/tasks/status/4 */
    'waiting-external': 'working',
    /** Source: spec/interop-map.json#/mcp/tasks/status/5 */
    'waiting-approval': 'input_required',
    /** Source: spec/interop-map.json#/mcp/tasks/status/6 */
    'waiting-input': 'input_required',
    /** Source: spec/interop-map.json#/mcp/tasks/status/7 */
    completed: 'completed',
    /** Source: spec/interop-map.json#/mcp/tasks/status/8 */
    failed: 'completed',
    /** Source: spec/interop-map.json#/mcp/tasks/status/9 */
    cancelled: 'cancelled',
};
/** Rows that override the default when the run's error has a given errors.json code. */
const overrides = [
    /** Source: spec/interop-map.json#/mcp/tasks/status/10 */
    { runStatus: 'failed', errorCode: 'internal_error', taskStatus: 'failed' },
];
/** MCP task status of a run; `errorCode` is the run's RunSnapshot error code, if any. */
export function projectMcpTaskStatus(status, errorCode) {
    const o = errorCode === undefined
        ? undefined
        : overrides.find((r) => r.runStatus === status && r.errorCode === errorCode);
    return o ? o.taskStatus : projection[status];
}
