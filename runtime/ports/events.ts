// Run events as a discriminated union over the generated run-event payload types: the spec's own
// union (generated/types/event-streams.ts `RunEventPayloads`, from the payload index the AsyncAPI
// document's messages reach), so a binding narrows on `type` and reads a typed payload, and an
// event type the spec adds is a new member every table handling events by type must handle.
import type {
  HostEvent as GeneratedHostEvent,
  InterruptResolved,
} from '@wopgen/generated/types/events';
import type { RunEventPayloads } from '@wopgen/generated/types/event-streams';

export type { RunEventPayloads, HostEventPayloads } from '@wopgen/generated/types/event-streams';
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
