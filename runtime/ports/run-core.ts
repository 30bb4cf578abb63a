// The RunCore port: the seam a host implementer replaces with their own engine. REST, A2A and MCP
// bindings call only this; every method is scoped by the caller's Subject, and a run the caller may
// not read is answered exactly as an unknown one (interop.md §"The operation mappings" Isolation).
// Refusals are thrown as CoreError (errors.ts) with a registered OpenWOP code.
import type { RunStatus } from '@wopgen/generated/run-status';
import type { components } from '@wopgen/generated/types/openapi';
import type { Subject } from './auth.ts';
import type { NewRunEvent, RunEvent } from './events.ts';
import type { Interrupt, InterruptAnswer, InterruptKind } from './interrupts.ts';
import type { JsonObject, JsonValue } from './json.ts';
import type { WorkflowView } from './workflows.ts';

/**
 * Wire RunSnapshot. The generated type currently lists the schema's `$defs` as a required member
 * (a generator artefact); it is not a wire field, so it is omitted here.
 */
export type RunSnapshot = Omit<components['schemas']['RunSnapshot'], '$defs'>;

/** Surface through which a run was started (run.started `transport`). */
export type Transport = 'rest' | 'mcp' | 'a2a' | 'ui';
export type TrustBoundary = 'trusted' | 'untrusted';

export interface RunTimes {
  createdAt: string;
  statusAt: string;
  updatedAt: string;
}

/**
 * A binding's own record of a run — today the A2A task's contextId and message history
 * (interop.md §The durable-task projection). The core stores it opaquely, and writes it in the
 * same commit as the run change that creates or continues the run, so the two are never seen apart.
 */
export interface BindingRecord {
  contextId: string;
  history: JsonValue[];
  updatedAt: string;
}

/** What a create or an answer adds to the binding record: the context (kept if one exists) and a message. */
export interface BindingNote {
  binding: 'a2a';
  contextId: string;
  append: JsonValue;
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
  /** Written with the new run; not written when an idempotent replay returns an existing run. */
  note?: BindingNote;
  /**
   * The W3C trace context the binding adopted (interop.md §"Trace context"): recorded on the run as
   * `metadata.openwop.trace`, outside the request digest (a retry with another trace is the same run).
   */
  trace?: { traceparent: string; tracestate?: string };
  /**
   * Records appended to a new run's log after its first turn, in the same insert (the exchange's
   * `negotiation.decided`, interop.md §"The audit event": one write per created run, not two). Not
   * written when a replay answers an existing run: the caller records its exchange itself then.
   */
  events?: NewRunEvent[];
}

/** What createRun answers. */
export interface CreatedRun {
  run: RunSnapshot;
  created: boolean;
  /**
   * The new run's view as it was inserted, when the core has it without a read (a created run
   * whose first turn ended, suspended or waits on a message): what runView would then answer.
   */
  view?: RunView;
  /**
   * With `view`: the events the insert wrote, in order from sequence 0 (what streamRunEvents from
   * the start would replay up to there), so a stream of the new run need not read them back.
   */
  events?: RunEvent[];
}

export interface ListRunsQuery {
  /** 1–100, default 50. */
  limit?: number;
  cursor?: string;
  workflowId?: string;
  status?: RunStatus;
  /**
   * Only runs whose status is one of these. Callers still check each run against every filter, so
   * an engine that cannot apply one may ignore it and return more; one that applies it must apply
   * it exactly. The same holds for each filter below.
   */
  statuses?: readonly RunStatus[];
  /** Only runs whose status changed strictly after this instant (ISO 8601 UTC). */
  statusAfter?: string;
  /** Only runs of these workflows (an agent's, interop.md §"Per-agent cards"). */
  workflowIds?: readonly string[];
  /**
   * Only runs in this A2A context: the context of the run's A2A record, or the run's own id for a
   * run without one (what a task projection answers as `contextId`).
   */
  contextId?: string;
  /** Per status, which of its runs match by the kind of their first open interrupt. */
  openKinds?: readonly OpenKindFilter[];
}

/**
 * Which runs of `status` match, by the kind of their first open interrupt (oldest first: the one a
 * task projection shows): with `among` true, those whose kind is in `kinds`; with `among` false,
 * the others, a run with none open included. Runs of other statuses are not affected.
 */
export interface OpenKindFilter {
  status: RunStatus;
  kinds: readonly InterruptKind[];
  among: boolean;
}

/** What `countMatchingRuns` counts: runs matching these filters exactly. */
export type RunCountQuery = Pick<
  ListRunsQuery,
  'statuses' | 'statusAfter' | 'workflowIds' | 'contextId' | 'openKinds'
>;

export interface ResolveInterruptRequest extends InterruptAnswer {
  /** Written with the answer, in the same commit. */
  note?: BindingNote;
}

/** A message handed to a running run through its declared input path (WorkflowView.messages). */
export interface RunMessageRequest {
  /** The sender's id for the message (the answer names it in `inReplyTo`). */
  messageId: string;
  text?: string;
  data?: JsonObject;
  /** Written with the message, in the same commit. */
  note?: BindingNote;
}

/** One answer a run gave in a conversation (`conversation.exchanged` outcome). */
export interface ConversationReply {
  /** The message answered: its sender's id, or null for the message that started the run. */
  inReplyTo: string | null;
  turnIndex: number;
  text: string;
  at: string;
}

/** What a task projection reads of one run, in one call (RunCore.runView). */
export interface RunView {
  run: RunSnapshot;
  open: Interrupt[];
  times: RunTimes;
  record?: BindingRecord;
  /** The run's conversation answers, oldest first, when its workflow declares an input path. */
  replies?: ConversationReply[];
  /** The run waits for the next message of a conversation (workflows.ts `awaitsMessage`). */
  awaitingMessage?: boolean;
}

export interface RunCore {
  /** Workflows the caller may start, in a stable order. */
  listWorkflows(subject: Subject): Promise<WorkflowView[]>;
  getWorkflow(subject: Subject, workflowId: string): Promise<WorkflowView | undefined>;

  /** Create and start a run. Idempotent per (tenant, principal, idempotencyKey). */
  createRun(subject: Subject, request: CreateRunRequest): Promise<CreatedRun>;
  /** Undefined for unknown runs and for runs of another tenant alike. */
  getRun(subject: Subject, runId: string): Promise<RunSnapshot | undefined>;
  /**
   * A page of the subject's runs, newest first. Its cost follows the page: a page whose filters no
   * index decides alone may hold fewer runs than `limit`, even none, with a `nextCursor`.
   */
  listRuns(
    subject: Subject,
    query?: ListRunsQuery,
  ): Promise<{ runs: RunSnapshot[]; nextCursor: string | null }>;
  /** Optional: how many runs listRuns would return to `subject` with no filter, without listing them. */
  countRuns?(subject: Subject): Promise<number>;
  /**
   * Optional: how many of the subject's runs match `query`, applied exactly (unlike listRuns'
   * hints), without listing them. Its own name, so a count that ignores filters cannot pass for it.
   */
  countMatchingRuns?(subject: Subject, query: RunCountQuery): Promise<number>;
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
  /**
   * Optional: hand a message to a running run through its workflow's declared input path
   * (WorkflowView.messages); answers once the run has answered it. Undefined when unreadable;
   * CoreError `run_terminal` once the run has ended, `run_already_active` while it is not at a node
   * that takes messages.
   */
  sendRunMessage?(
    subject: Subject,
    runId: string,
    request: RunMessageRequest,
  ): Promise<{ run: RunSnapshot; reply: ConversationReply } | undefined>;
  /** The binding's record of a readable run, if one was written. */
  bindingRecord(
    subject: Subject,
    runId: string,
    binding: BindingNote['binding'],
  ): Promise<BindingRecord | undefined>;

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
  /**
   * Optional: the run, its open interrupts, its times and the binding's record in one read (a
   * projection otherwise calls getRun, openInterrupts, runTimes and bindingRecord, each reading
   * the run again); undefined when unreadable.
   */
  runView?(
    subject: Subject,
    runId: string,
    binding: BindingNote['binding'],
  ): Promise<RunView | undefined>;
  /**
   * Optional: a page of listRuns with each run's view (`runView`), read together: a ListTasks page
   * costs a few reads, not three per task. Same query, cursor and hints as listRuns.
   */
  listRunViews?(
    subject: Subject,
    query: ListRunsQuery,
    binding: BindingNote['binding'],
  ): Promise<{ views: RunView[]; nextCursor: string | null }>;
  /** The sequence of the run's last event (-1 when none); undefined when unreadable. */
  lastSequence(subject: Subject, runId: string): Promise<number | undefined>;
  /** Replays the log, then follows live appends; ends after a terminal run event or at abort. */
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
  /**
   * Append an interop record (e.g. negotiation.decided) to a readable run's log. `wait: 'commit'`
   * answers once it is committed, its sync under way (a grouped append, as for host events).
   */
  appendRunEvent(
    subject: Subject,
    runId: string,
    event: NewRunEvent,
    options?: { wait?: 'durable' | 'commit' },
  ): Promise<RunEvent>;

  close(): Promise<void>;
}
