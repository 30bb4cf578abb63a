// The persistence seam of the run core: every method a store adapter (SQLite now, PostgreSQL later)
// must provide. Each state change is one `commitRunChange` call, i.e. one transaction.
import type { RunStatus } from '../../generated/run-status.ts';
import type { Subject } from '../auth/subject.ts';

export type JsonObject = Record<string, unknown>;
export type Transport = 'rest' | 'mcp' | 'a2a' | 'ui';
export type TrustBoundary = 'trusted' | 'untrusted';

/** Where the reference engine is inside a workflow; persisted so a restart resumes it. */
export interface EngineState {
  nodeIndex: number;
  vars: JsonObject;
  /** Epoch ms at which the current delay/wait node ends, when one is running. */
  deadline?: number;
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

export interface StoredRunEvent {
  runId: string;
  sequence: number;
  type: string;
  timestamp: string;
  payload: JsonObject;
}

export type InterruptKind =
  'approval' | 'clarification' | 'input' | 'credential' | 'external-event' | 'custom';

/** What a `custom` interrupt asks the caller's own client to run (its result resumes the node). */
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

export interface StoredHostEvent {
  seq: number;
  eventId: string;
  tenant: string;
  type: string;
  timestamp: string;
  delivery: 'durable' | 'ephemeral';
  payload: JsonObject;
}

export interface ApiKeyRecord {
  keyHash: Buffer;
  tenant: string;
  subjectId: string;
  createdAt: string;
}

export interface A2aTaskRecord {
  runId: string;
  contextId: string;
  history: unknown[];
  updatedAt: string;
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
}

export type RunChangeResult =
  | { ok: true; events: StoredRunEvent[] }
  | { ok: false; conflict: 'missing' | 'status' | 'interrupt' };

export interface RunListQuery {
  tenant: string;
  limit: number;
  /** Keyset position: return runs strictly older than this (created_at, run_id) pair. */
  before?: { createdAt: string; runId: string };
  workflowId?: string;
  status?: RunStatus;
}

export interface Store {
  /** Insert a new run and (optionally) its idempotency row in one transaction. */
  insertRun(run: RunRecord, idempotency?: IdempotencyRecord): Promise<void>;
  getRun(runId: string): Promise<RunRecord | undefined>;
  listRuns(query: RunListQuery): Promise<RunRecord[]>;
  listRunsByStatus(statuses: readonly RunStatus[]): Promise<RunRecord[]>;
  commitRunChange(change: RunChange): Promise<RunChangeResult>;
  readEvents(runId: string, afterSequence: number, limit: number): Promise<StoredRunEvent[]>;
  /** The sequence of the run's last event, -1 when it has none. */
  lastEventSequence(runId: string): Promise<number>;

  getInterrupt(interruptId: string): Promise<InterruptRecord | undefined>;
  listInterrupts(runId: string, status?: InterruptStatus): Promise<InterruptRecord[]>;

  findIdempotency(
    tenant: string,
    principal: string,
    key: string,
  ): Promise<IdempotencyRecord | undefined>;

  appendHostEvent(event: Omit<StoredHostEvent, 'seq'>): Promise<StoredHostEvent>;
  /** Host events of `tenant` after `afterSeq` (exclusive), oldest first. */
  listHostEvents(tenant: string, afterSeq: number, limit: number): Promise<StoredHostEvent[]>;
  hostEventSeq(tenant: string, eventId: string): Promise<number | undefined>;

  insertApiKey(record: ApiKeyRecord): Promise<void>;
  findApiKey(keyHash: Buffer): Promise<ApiKeyRecord | undefined>;

  getA2aTask(runId: string): Promise<A2aTaskRecord | undefined>;
  putA2aTask(record: A2aTaskRecord): Promise<void>;

  getKv(key: string): Promise<string | undefined>;
  setKv(key: string, value: string): Promise<void>;

  /**
   * Marks the single-use token `id` as spent until `expiresAt` (epoch ms): true for the first
   * caller, false for every later one, atomically. Markers whose token expired before `now` are
   * dropped on the way (an expired token is refused on its expiry anyway).
   */
  spendToken(id: string, expiresAt: number, now: number): Promise<boolean>;
  /** Whether `id` is spent (and not yet dropped). */
  isTokenSpent(id: string): Promise<boolean>;

  close(): Promise<void>;
}
