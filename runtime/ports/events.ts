// Run events as a discriminated union over the generated run-event payload types
// (schemas/run-event-payloads.schema.json via generated/types/events.ts): a binding narrows on
// `type` and reads a typed payload, never a string-keyed bag.
import type {
  ConversationClosed,
  ConversationExchanged,
  ConversationOpened,
  HostEvent as GeneratedHostEvent,
  InterruptRequested,
  InterruptResolved,
  LogAppended,
  NegotiationDecided,
  NodeCompleted,
  NodeSuspended,
  RunCancelled,
  RunCompleted,
  RunFailed,
  RunStarted,
} from '@wopgen/generated/types/events';

/** Payload type of each run event type (v2 spelling, schemas/run-event.schema.json). */
export interface RunEventPayloads {
  'run.started': RunStarted;
  'run.completed': RunCompleted;
  'run.failed': RunFailed;
  'run.cancelled': RunCancelled;
  'node.suspended': NodeSuspended;
  'node.completed': NodeCompleted;
  'interrupt.requested': InterruptRequested;
  'interrupt.resolved': InterruptResolved;
  'log.appended': LogAppended;
  'negotiation.decided': NegotiationDecided;
  'conversation.opened': ConversationOpened;
  'conversation.exchanged': ConversationExchanged;
  'conversation.closed': ConversationClosed;
}

export type RunEventType = keyof RunEventPayloads;

/** One entry of a run's log, discriminated by `type`. */
export type RunEvent = {
  [T in RunEventType]: {
    runId: string;
    sequence: number;
    type: T;
    timestamp: string;
    payload: RunEventPayloads[T];
  };
}[RunEventType];

/** An event to append: the type and its payload (the store assigns sequence and timestamp). */
export type NewRunEvent = {
  [T in RunEventType]: { type: T; payload: RunEventPayloads[T] };
}[RunEventType];

export type TerminalEventType = 'run.completed' | 'run.failed' | 'run.cancelled';

export const TERMINAL_EVENT_TYPES: ReadonlySet<RunEventType> = new Set<TerminalEventType>([
  'run.completed',
  'run.failed',
  'run.cancelled',
]);

export function isTerminalEvent(e: RunEvent): e is Extract<RunEvent, { type: TerminalEventType }> {
  return TERMINAL_EVENT_TYPES.has(e.type);
}

/** A durable host event (schemas/host-event.schema.json): no runId, no sequence. */
export type HostEvent = GeneratedHostEvent;

/** Whether an `interrupt.resolved` lets its step go on: an answer accepted or an approval granted. */
export function answerGoesOn(p: InterruptResolved): boolean {
  return p.action === 'accept' || p.action === 'edit-accept';
}
