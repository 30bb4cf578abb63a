// The run store: the reference engine's only store (runs, their event logs, interrupts,
// idempotency records, and the binding records written with them). Each state change is one
// `commitRunChange` (or `insertRun`) call, i.e. one transaction; the promise settles once it is
// durable, so an adapter may group several callers' changes into one commit. Writes do not publish
// wake-ups: the engine publishes on the ChangeFeed after the promise settles.
import type { RunStatus } from '@wopgen/generated/run-status';
import type { Subject } from '../auth.ts';
import type { InterruptKind } from '../interrupts.ts';
import type { JsonObject } from '../json.ts';
import type {
  BindingNote,
  BindingRecord,
  OpenKindFilter,
  Transport,
  TrustBoundary,
} from '../run-core.ts';

/** Where the reference engine is inside a workflow; persisted so a restart resumes it. */
export interface EngineState {
  nodeIndex: number;
  vars: JsonObject;
  /** Epoch ms at which the current delay/wait node ends, when one is running. */
  deadline?: number;
  /** The remote work an outbound node follows (engine/outbound/types.ts RemoteState). */
  outbound?: JsonObject;
}

export interface RunRecord {
  runId: string;
  tenant: string;
  workflowId: string;
  status: RunStatus;
  owner: Subject;
  inputs: JsonObject;
  outputs?: JsonObject;
  error?: { code: string; message: string };
  metadata?: JsonObject;
  transport: Transport;
  trustBoundary: TrustBoundary;
  createdAt: string;
  updatedAt: string;
  statusAt: string;
  startedAt?: string;
  completedAt?: string;
  currentNodeId?: string;
  /** The workflow definition the run was created with (so a redeploy does not change live runs). */
  definition: JsonObject;
  engine: EngineState;
}

/** Fields a state change may overwrite; `null` clears an optional column. */
export interface RunPatch {
  status?: RunStatus;
  outputs?: JsonObject | null;
  error?: { code: string; message: string } | null;
  startedAt?: string;
  completedAt?: string;
  currentNodeId?: string | null;
  engine?: EngineState;
}

/** A stored log entry; its `type` and `payload` are what the engine appended (ports/events.ts). */
export interface StoredRunEvent {
  runId: string;
  sequence: number;
  type: string;
  timestamp: string;
  payload: JsonObject;
}

/** What a `custom` interrupt asks the caller's own client to run (stored as the run log writes it). */
export interface ClientRequest {
  method: 'sampling/createMessage' | 'roots/list';
  params?: JsonObject;
}
export type InterruptStatus = 'open' | 'resolved' | 'cancelled';

export interface InterruptRecord {
  interruptId: string;
  runId: string;
  nodeId: string;
  kind: InterruptKind;
  schema?: JsonObject;
  approvers?: string[];
  connectUrl?: string;
  clientRequest?: ClientRequest;
  status: InterruptStatus;
  resolution?: JsonObject;
  createdAt: string;
  resolvedAt?: string;
}

export interface IdempotencyRecord {
  tenant: string;
  principal: string;
  key: string;
  requestDigest: string;
  runId: string;
  createdAt: string;
}

/** One atomic state change of a run: patch + appended events + interrupt bookkeeping. */
export interface RunChange {
  runId: string;
  at: string;
  /** Compare-and-set guard: the change applies only if the run's status is one of these. */
  expectStatus?: readonly RunStatus[];
  patch?: RunPatch;
  events?: { type: string; payload: object }[];
  /** Interrupts opened by this change (several when one node asks for several answers at once). */
  insertInterrupts?: InterruptRecord[];
  /** Resolve or cancel one interrupt; applies only while it is still open. */
  closeInterrupt?: {
    interruptId: string;
    status: 'resolved' | 'cancelled';
    resolution?: JsonObject;
  };
  /** Mark every still-open interrupt of the run cancelled. */
  cancelOpenInterrupts?: boolean;
  /** A binding's record continued by this change (committed with it, or not at all). */
  note?: BindingNote;
}

export type RunChangeResult =
  | { ok: true; events: StoredRunEvent[] }
  | { ok: false; conflict: 'missing' | 'status' | 'interrupt' };

/**
 * Filters on a tenant's runs. Each list or count applies them exactly; a list's cost follows its
 * page, not the tenant's run count (interop.md §Isolation; the A2A ListTasks filters).
 */
export interface RunFilter {
  /** Only runs whose status is one of these (an empty list matches none). */
  statuses?: readonly RunStatus[];
  /** Only runs whose status changed strictly after this instant (ISO 8601, UTC, as `status_at`). */
  statusAfter?: string;
  /** Only runs of these workflows (an empty list matches none). */
  workflowIds?: readonly string[];
  /**
   * Only runs in this A2A context: the context of their A2A record, or, for a run without one, its
   * own id (the task projection's `contextId`).
   */
  contextId?: string;
  /** Per status, which of its runs match by the kind of their first open interrupt. */
  openKinds?: readonly OpenKindFilter[];
}

export interface RunListQuery extends RunFilter {
  tenant: string;
  limit: number;
  /** Keyset position: return runs strictly older than this (created_at, run_id) pair. */
  before?: RunPosition;
  workflowId?: string;
  status?: RunStatus;
}

/** A run's place in a tenant's newest-first list. */
export interface RunPosition {
  createdAt: string;
  runId: string;
}

/**
 * One page of a list: up to `limit` matching runs, newest first, and where the next page starts
 * (absent at the end). A store examines a bounded number of runs per page, so a page whose filters
 * no index decides alone may hold fewer runs than `limit`, even none, with `next` set.
 */
export interface RunListPage {
  runs: RunRecord[];
  next?: RunPosition;
}

/** The filters `countMatchingRuns` applies. */
export type RunCountFilter = RunFilter;

/**
 * How long a write waits: `durable` (the default) until the change is durable; `commit` until it is
 * committed, its durability left to the next `durable()` barrier (stores that group their syncs).
 */
/** See RunStore.readRunView. */
export interface RunViewParts {
  run: RunRecord;
  open: InterruptRecord[];
  record: BindingRecord | undefined;
}

/** What `insertRun` may answer: the view as inserted and the events it wrote, sequences from 0. */
export interface InsertedRunParts extends RunViewParts {
  events: StoredRunEvent[];
}

export interface WriteOptions {
  wait?: 'durable' | 'commit';
}

/** What `insertRun` writes with the run, in the same transaction. */
export interface InsertRunExtra {
  idempotency?: IdempotencyRecord;
  note?: BindingNote;
  /**
   * The run's first changes (its start and whatever its first turn did: engine.ts), applied after
   * the insert in order, each exactly as `commitRunChange` would apply it; a change that conflicts
   * rolls the whole insert back (the insert then rejects).
   */
  changes?: readonly RunChange[];
}

export interface RunStore {
  /**
   * Insert a new run with its idempotency row, binding record and first changes, in one
   * transaction. A store may answer with the run's view as inserted (what readRunView would then
   * read) and the events it wrote, so that the caller's answer needs no read of the run it just wrote.
   */
  insertRun(
    run: RunRecord,
    extra?: InsertRunExtra,
    options?: WriteOptions,
  ): Promise<InsertedRunParts | void>;
  /**
   * Optional: resolves once every change committed before the call is durable. A store offering
   * it lets the core commit a request's several steps with `wait: 'commit'` and wait for one sync
   * before it answers, instead of one per step.
   */
  durable?(): Promise<void>;
  getRun(runId: string): Promise<RunRecord | undefined>;
  /** One page of a tenant's runs (RunListPage): its cost follows the page, not the tenant. */
  listRuns(query: RunListQuery): Promise<RunListPage>;
  listRunsByStatus(statuses: readonly RunStatus[]): Promise<RunRecord[]>;
  /** Optional: how many runs `tenant` has, without reading them (a kept count, not a scan). */
  countRuns?(tenant: string): Promise<number>;
  /**
   * Optional: how many of `tenant`'s runs match `filter` (an index walk, not a read of the runs
   * where an index decides the filter). A name of its own, so an adapter written before filters
   * cannot ignore them by accident.
   */
  countMatchingRuns?(tenant: string, filter: RunCountFilter): Promise<number>;
  commitRunChange(change: RunChange, options?: WriteOptions): Promise<RunChangeResult>;
  readEvents(runId: string, afterSequence: number, limit: number): Promise<StoredRunEvent[]>;
  /** The sequence of the run's last event, -1 when it has none. */
  lastEventSequence(runId: string): Promise<number>;

  getInterrupt(interruptId: string): Promise<InterruptRecord | undefined>;
  listInterrupts(runId: string, status?: InterruptStatus): Promise<InterruptRecord[]>;
  /** `listInterrupts` for a page of runs in one read, each run's in its own order. */
  listInterruptsOfRuns(
    runIds: readonly string[],
    status?: InterruptStatus,
  ): Promise<InterruptRecord[]>;

  findIdempotency(
    tenant: string,
    principal: string,
    key: string,
  ): Promise<IdempotencyRecord | undefined>;

  getBindingRecord(
    runId: string,
    binding: BindingNote['binding'],
  ): Promise<BindingRecord | undefined>;
  /**
   * Optional: what a task view reads (the run, its open interrupts oldest first, its binding
   * record) in one read, as `getRun`, `listInterrupts(runId, 'open')` and `getBindingRecord` would
   * answer them; undefined when there is no such run. SQLite answers it with one statement (one
   * read transaction instead of three per GetTask).
   */
  readRunView?(runId: string, binding: BindingNote['binding']): Promise<RunViewParts | undefined>;
  /** `getBindingRecord` for a page of runs in one read, by run id (runs with none are absent). */
  getBindingRecords(
    runIds: readonly string[],
    binding: BindingNote['binding'],
  ): Promise<Map<string, BindingRecord>>;
}
