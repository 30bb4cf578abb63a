/** Source: spec/openapi.yaml#/components/schemas/RunSnapshot/properties/status */
export type RunStatus = 'pending' | 'running' | 'paused' | 'waiting-approval' | 'waiting-input' | 'waiting-external' | 'completed' | 'failed' | 'cancelling' | 'cancelled';
export declare const runStatuses: readonly RunStatus[];
/** Statuses whose A2A projection is a terminal task state. */
export type TerminalRunStatus = 'completed' | 'failed' | 'cancelled';
export declare const terminalRunStatuses: readonly TerminalRunStatus[];
export declare function isRunStatus(value: string): value is RunStatus;
export declare function isTerminalRunStatus(status: RunStatus): status is TerminalRunStatus;
