// The ports: everything a binding may know of the host's parts, and everything an engine or store
// adapter implements. Own types only; nothing here imports the rest of the runtime (DESIGN.md §3).
export type * from './auth.ts';
export { ANONYMOUS, principalOf } from './auth.ts';
export type * from './change-feed.ts';
export { CoreError, isCoreError, isStoreUnavailable, StoreUnavailableError } from './errors.ts';
export type * from './effect-seams.ts';
export type * from './events.ts';
export { TERMINAL_EVENT_TYPES, isTerminalEvent } from './events.ts';
export type * from './host-events.ts';
export type * from './interrupts.ts';
export type * from './json.ts';
export type * from './run-core.ts';
export type * from './workflows.ts';
