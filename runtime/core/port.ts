// The RunCore port: the seam a host implementer replaces. REST, A2A and MCP adapters call only this;
// every method is scoped by the caller's Subject (interop.md §"The operation mappings" Isolation).
import type { RunStatus } from '../../generated/run-status.ts';
import type { components } from '../../generated/types/openapi.ts';
import type { InteropEventPayloads } from '../../generated/types/events.ts';
import type { Subject } from '../auth/subject.ts';
import type { InterruptRecord, JsonObject, Transport, TrustBoundary } from '../store/port.ts';

/**
 * Wire RunSnapshot. The generated type currently lists the schema's `$defs` as a required member
 * (a generator artefact); it is not a wire field, so it is omitted here.
 */
export type RunSnapshot = Omit<components['schemas']['RunSnapshot'], '$defs'>;

/** One entry of a run's log (schemas/run-event.schema.json). */
export interface RunEvent {
  runId: string;
  sequence: number;
  type: string;
  timestamp: string;
  payload: JsonObject;
}

/** A durable host event (schemas/host-event.schema.json): no runId, no sequence. */
export type HostEvent = NonNullable<InteropEventPayloads['HostEvent']>;

export type Interrupt = InterruptRecord;

export interface RunTimes {
  createdAt: string;
  statusAt: string;
  updatedAt: string;
}

export interface CreateRunRequest {
  workflowId: string;
  inputs: JsonObject;
  metadata?: JsonObject;
  transport: Transport;
  trustBoundary?: TrustBoundary;
  idempotencyKey?: string;
  /** Digest of the request body; computed from workflowId/inputs/metadata when absent. */
  requestDigest?: string;
}

export interface ListRunsQuery {
  /** 1–100, default 50. */
  limit?: number;
  cursor?: string;
  workflowId?: string;
  status?: RunStatus;
}

export interface ResolveInterruptRequest {
  action: 'accept' | 'decline' | 'cancel';
  value?: unknown;
}

export interface RunCore {
  /** Create and start a run. Idempotent per (tenant, principal, idempotencyKey). */
  createRun(
    subject: Subject,
    request: CreateRunRequest,
  ): Promise<{ run: RunSnapshot; created: boolean }>;
  /** Undefined for unknown runs and for runs of another tenant alike. */
  getRun(subject: Subject, runId: string): Promise<RunSnapshot | undefined>;
  listRuns(
    subject: Subject,
    query?: ListRunsQuery,
  ): Promise<{ runs: RunSnapshot[]; nextCursor: string | null }>;
  /** Undefined when unknown/unreadable; CoreError('run_terminal') when already terminal. */
  cancelRun(
    subject: Subject,
    runId: string,
    options?: { reason?: string; cancelledBy?: string },
  ): Promise<RunSnapshot | undefined>;
  /** Open interrupts of a readable run (undefined when unreadable). */
  openInterrupts(subject: Subject, runId: string): Promise<Interrupt[] | undefined>;
  resolveInterrupt(
    subject: Subject,
    runId: string,
    interruptId: string,
    request: ResolveInterruptRequest,
  ): Promise<RunSnapshot>;
  /** Events with sequence > afterSequence (use -1 for all), oldest first. */
  readEvents(
    subject: Subject,
    runId: string,
    afterSequence: number,
    limit: number,
  ): Promise<RunEvent[] | undefined>;
  /**
   * When the run was created, last changed status and last changed at all (the wire RunSnapshot
   * carries none of these; A2A and MCP task timestamps need them); undefined when unreadable.
   */
  runTimes(subject: Subject, runId: string): Promise<RunTimes | undefined>;
  /** The sequence of the run's last event (-1 when none); undefined when unreadable. */
  lastSequence(subject: Subject, runId: string): Promise<number | undefined>;
  /** Replays from the store, then follows live appends; ends after a terminal run event. */
  streamRunEvents(
    subject: Subject,
    runId: string,
    options: { afterSequence: number; signal?: AbortSignal },
  ): Promise<AsyncIterable<RunEvent> | undefined>;
  /** Resolves once `predicate` holds, or with the current snapshot at timeout/abort. */
  waitFor(
    subject: Subject,
    runId: string,
    predicate: (run: RunSnapshot) => boolean,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<RunSnapshot | undefined>;

  appendHostEvent(
    tenant: string,
    event: { type: string; delivery: 'durable'; payload: object },
  ): Promise<HostEvent>;
  /** Host events of `tenant` after `afterEventId` (all when absent or unknown), oldest first. */
  listHostEvents(tenant: string, afterEventId?: string): Promise<HostEvent[]>;
  streamHostEvents(
    tenant: string,
    options: { afterEventId?: string; signal?: AbortSignal },
  ): AsyncIterable<HostEvent>;

  /** Append an interop record (e.g. negotiation.decided) to a run's log. */
  appendRunEvent(runId: string, type: string, payload: object): Promise<RunEvent>;

  close(): Promise<void>;
}
