import type { RunStatus } from '../run-status.js';
export type A2aWireTaskState = 'TASK_STATE_AUTH_REQUIRED' | 'TASK_STATE_CANCELED' | 'TASK_STATE_COMPLETED' | 'TASK_STATE_FAILED' | 'TASK_STATE_INPUT_REQUIRED' | 'TASK_STATE_REJECTED' | 'TASK_STATE_SUBMITTED' | 'TASK_STATE_UNSPECIFIED' | 'TASK_STATE_WORKING';
export declare const a2aWireTaskStates: readonly A2aWireTaskState[];
export type A2aStoredTaskState = 'auth-required' | 'canceled' | 'completed' | 'failed' | 'input-required' | 'submitted' | 'working';
export interface A2aTaskStateProjection {
    wire: A2aWireTaskState;
    stored: A2aStoredTaskState;
}
/** Forward projection; `interruptKind` is the kind of the run's open interrupt, if any. */
export declare function projectA2aTaskState(status: RunStatus, interruptKind?: string): A2aTaskStateProjection;
/** Reverse projection (consuming an external A2A agent); undefined for an unknown wire state. */
export declare function runStatusFromA2a(wire: string): RunStatus | undefined;
/** Run statuses whose forward wire state equals `wire` (ListTasks status filter). */
export declare function runStatusesForA2aWire(wire: string): RunStatus[];
