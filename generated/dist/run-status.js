export const runStatuses = [
    'pending',
    'running',
    'paused',
    'waiting-approval',
    'waiting-input',
    'waiting-external',
    'completed',
    'failed',
    'cancelling',
    'cancelled',
];
export const terminalRunStatuses = [
    'completed',
    'failed',
    'cancelled',
];
export function isRunStatus(value) {
    return runStatuses.includes(value);
}
export function isTerminalRunStatus(status) {
    return terminalRunStatuses.includes(status);
}
