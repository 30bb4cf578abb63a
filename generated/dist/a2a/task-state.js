export const a2aWireTaskStates = [
    'TASK_STATE_AUTH_REQUIRED',
    'TASK_STATE_CANCELED',
    'TASK_STATE_COMPLETED',
    'TASK_STATE_FAILED',
    'TASK_STATE_INPUT_REQUIRED',
    'TASK_STATE_REJECTED',
    'TASK_STATE_SUBMITTED',
    'TASK_STATE_UNSPECIFIED',
    'TASK_STATE_WORKING',
];
const forward = {
    /** Source: spec/interop-map.json#/a2a/taskState/0 */
    pending: { wire: 'TASK_STATE_SUBMITTED', stored: 'submitted' },
    /** Source: spec/interop-map.json#/a2a/taskState/1 */
    running: { wire: 'TASK_STATE_WORKING', stored: 'working' },
    /** Source: spec/interop-map.json#/a2a/taskState/2 */
    paused: { wire: 'TASK_STATE_WORKING', stored: 'working' },
    /** Source: spec/interop-map.json#/a2a/taskState/3 */
    cancelling: { wire: 'TASK_STATE_WORKING', stored: 'working' },
    /** Source: spec/interop-map.json#/a2a/taskState/4 */
    'waiting-approval': { wire: 'TASK_STATE_INPUT_REQUIRED', stored: 'input-required' },
    /** Source: spec/interop-map.json#/a2a/taskState/5 */
    'waiting-input': { wire: 'TASK_STATE_INPUT_REQUIRED', stored: 'input-required' },
    /** Source: spec/interop-map.json#/a2a/taskState/7 */
    'waiting-external': { wire: 'TASK_STATE_INPUT_REQUIRED', stored: 'input-required' },
    /** Source: spec/interop-map.json#/a2a/taskState/8 */
    completed: { wire: 'TASK_STATE_COMPLETED', stored: 'completed' },
    /** Source: spec/interop-map.json#/a2a/taskState/9 */
    failed: { wire: 'TASK_STATE_FAILED', stored: 'failed' },
    /** Source: spec/interop-map.json#/a2a/taskState/10 */
    cancelled: { wire: 'TASK_STATE_CANCELED', stored: 'canceled' },
};
/** Rows that override the default when the open interrupt has a given kind. */
const overrides = [
    /** Source: spec/interop-map.json#/a2a/taskState/6 */
    {
        runStatus: 'waiting-input',
        interruptKind: 'credential',
        wire: 'TASK_STATE_AUTH_REQUIRED',
        stored: 'auth-required',
    },
];
/** Forward projection; `interruptKind` is the kind of the run's open interrupt, if any. */
export function projectA2aTaskState(status, interruptKind) {
    const o = interruptKind
        ? overrides.find((r) => r.runStatus === status && r.interruptKind === interruptKind)
        : undefined;
    return o ? { wire: o.wire, stored: o.stored } : forward[status];
}
const reverse = {
    /** Source: spec/interop-map.json#/a2a/taskStateReverse/0 */
    TASK_STATE_SUBMITTED: 'pending',
    /** Source: spec/interop-map.json#/a2a/taskStateReverse/1 */
    TASK_STATE_WORKING: 'running',
    /** Source: spec/interop-map.json#/a2a/taskStateReverse/2 */
    TASK_STATE_INPUT_REQUIRED: 'waiting-input',
    /** Source: spec/interop-map.json#/a2a/taskStateReverse/3 */
    TASK_STATE_AUTH_REQUIRED: 'waiting-input',
    /** Source: spec/interop-map.json#/a2a/taskStateReverse/4 */
    TASK_STATE_COMPLETED: 'completed',
    /** Source: spec/interop-map.json#/a2a/taskStateReverse/5 */
    TASK_STATE_FAILED: 'failed',
    /** Source: spec/interop-map.json#/a2a/taskStateReverse/6 */
    TASK_STATE_CANCELED: 'cancelled',
    /** Source: spec/interop-map.json#/a2a/taskStateReverse/7 */
    TASK_STATE_REJECTED: 'failed',
    /** Source: spec/interop-map.json#/a2a/taskStateReverse/8 */
    TASK_STATE_UNSPECIFIED: 'pending',
};
/** Reverse projection (consuming an external A2A agent); undefined for an unknown wire state. */
export function runStatusFromA2a(wire) {
    return Object.hasOwn(reverse, wire) ? reverse[wire] : undefined;
}
/** Run statuses whose forward wire state equals `wire` (ListTasks status filter). */
export function runStatusesForA2aWire(wire) {
    return Object.keys(forward).filter((s) => forward[s].wire === wire);
}
