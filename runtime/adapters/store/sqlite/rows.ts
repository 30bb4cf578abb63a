// Column ⇄ record mapping for the SQLite store; JSON columns are parsed here and nowhere else.
import type { RunStatus } from '@wopgen/generated/run-status';
import type { Subject } from '../../../ports/auth.ts';
import type { InterruptKind } from '../../../ports/interrupts.ts';
import type { JsonObject } from '../../../ports/json.ts';
import type { Transport, TrustBoundary } from '../../../ports/run-core.ts';
import type { StoredHostEvent } from '../../../ports/store/host-event-store.ts';
import { BoundedMemo } from '../../../util/bounded-memo.ts';
import { deepFrozen } from '../../../util/deep-frozen.ts';
import type {
  ClientRequest,
  EngineState,
  IdempotencyRecord,
  InterruptRecord,
  InterruptStatus,
  RunRecord,
  StoredRunEvent,
} from '../../../ports/store/run-store.ts';

export interface RunRow {
  run_id: string;
  tenant: string;
  workflow_id: string;
  status: string;
  owner: string;
  inputs: string;
  outputs: string | null;
  error: string | null;
  metadata: string | null;
  transport: string;
  trust_boundary: string;
  created_at: string;
  updated_at: string;
  status_at: string;
  started_at: string | null;
  completed_at: string | null;
  current_node_id: string | null;
  definition: string;
  engine: string;
}

export interface EventRow {
  run_id: string;
  sequence: number;
  type: string;
  timestamp: string;
  payload: string;
}

export interface InterruptRow {
  interrupt_id: string;
  run_id: string;
  node_id: string;
  kind: string;
  schema: string | null;
  approvers: string | null;
  connect_url: string | null;
  client_request: string | null;
  status: string;
  resolution: string | null;
  created_at: string;
  resolved_at: string | null;
}

export interface IdempotencyRow {
  tenant: string;
  principal: string;
  key: string;
  request_digest: string;
  run_id: string;
  created_at: string;
}

export interface HostEventRow {
  seq: number;
  event_id: string;
  tenant: string;
  type: string;
  timestamp: string;
  delivery: string;
  payload: string;
}

const json = <T>(text: string): T => JSON.parse(text) as T;

/**
 * A run's definition, parsed once per distinct text and frozen: every run of a workflow carries
 * the same text, and parsing it was the largest JSON parse of a task read (CPU profile).
 * Frozen because it is shared; nothing writes to a stored run's definition.
 */
const definitions = new BoundedMemo<string, JsonObject>(256);
const definitionOf = (text: string): JsonObject =>
  definitions.get(text, (t) => deepFrozen(json(t)));
const opt = <T>(text: string | null): T | undefined => (text === null ? undefined : json<T>(text));
const optStr = (text: string | null): string | undefined => text ?? undefined;

export function runFromRow(r: RunRow): RunRecord {
  const rec: RunRecord = {
    runId: r.run_id,
    tenant: r.tenant,
    workflowId: r.workflow_id,
    status: r.status as RunStatus,
    owner: json<Subject>(r.owner),
    inputs: json<JsonObject>(r.inputs),
    transport: r.transport as Transport,
    trustBoundary: r.trust_boundary as TrustBoundary,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    statusAt: r.status_at,
    definition: definitionOf(r.definition),
    engine: json<EngineState>(r.engine),
  };
  const outputs = opt<JsonObject>(r.outputs);
  if (outputs) rec.outputs = outputs;
  const error = opt<{ code: string; message: string }>(r.error);
  if (error) rec.error = error;
  const metadata = opt<JsonObject>(r.metadata);
  if (metadata) rec.metadata = metadata;
  if (r.started_at) rec.startedAt = r.started_at;
  if (r.completed_at) rec.completedAt = r.completed_at;
  if (r.current_node_id) rec.currentNodeId = r.current_node_id;
  return rec;
}

export function runToRow(r: RunRecord): RunRow {
  return {
    run_id: r.runId,
    tenant: r.tenant,
    workflow_id: r.workflowId,
    status: r.status,
    owner: JSON.stringify(r.owner),
    inputs: JSON.stringify(r.inputs),
    outputs: r.outputs ? JSON.stringify(r.outputs) : null,
    error: r.error ? JSON.stringify(r.error) : null,
    metadata: r.metadata ? JSON.stringify(r.metadata) : null,
    transport: r.transport,
    trust_boundary: r.trustBoundary,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    status_at: r.statusAt,
    started_at: r.startedAt ?? null,
    completed_at: r.completedAt ?? null,
    current_node_id: r.currentNodeId ?? null,
    definition: JSON.stringify(r.definition),
    engine: JSON.stringify(r.engine),
  };
}

export function eventFromRow(r: EventRow): StoredRunEvent {
  return {
    runId: r.run_id,
    sequence: r.sequence,
    type: r.type,
    timestamp: r.timestamp,
    payload: json(r.payload),
  };
}

export function interruptFromRow(r: InterruptRow): InterruptRecord {
  const rec: InterruptRecord = {
    interruptId: r.interrupt_id,
    runId: r.run_id,
    nodeId: r.node_id,
    kind: r.kind as InterruptKind,
    status: r.status as InterruptStatus,
    createdAt: r.created_at,
  };
  const schema = opt<JsonObject>(r.schema);
  if (schema) rec.schema = schema;
  const approvers = opt<string[]>(r.approvers);
  if (approvers) rec.approvers = approvers;
  const connectUrl = optStr(r.connect_url);
  if (connectUrl) rec.connectUrl = connectUrl;
  const clientRequest = opt<ClientRequest>(r.client_request);
  if (clientRequest) rec.clientRequest = clientRequest;
  const resolution = opt<JsonObject>(r.resolution);
  if (resolution) rec.resolution = resolution;
  if (r.resolved_at) rec.resolvedAt = r.resolved_at;
  return rec;
}

/** The interrupts table's columns, in order (both adapters write and read them by this list). */
export const INTERRUPT_COLUMNS = [
  'interrupt_id',
  'run_id',
  'node_id',
  'kind',
  'schema',
  'approvers',
  'connect_url',
  'client_request',
  'status',
  'resolution',
  'created_at',
  'resolved_at',
] as const satisfies readonly (keyof InterruptRow)[];

export function interruptToRow(r: InterruptRecord): InterruptRow {
  return {
    interrupt_id: r.interruptId,
    run_id: r.runId,
    node_id: r.nodeId,
    kind: r.kind,
    schema: r.schema ? JSON.stringify(r.schema) : null,
    approvers: r.approvers ? JSON.stringify(r.approvers) : null,
    connect_url: r.connectUrl ?? null,
    client_request: r.clientRequest ? JSON.stringify(r.clientRequest) : null,
    status: r.status,
    resolution: r.resolution ? JSON.stringify(r.resolution) : null,
    created_at: r.createdAt,
    resolved_at: r.resolvedAt ?? null,
  };
}

export function idempotencyFromRow(r: IdempotencyRow): IdempotencyRecord {
  return {
    tenant: r.tenant,
    principal: r.principal,
    key: r.key,
    requestDigest: r.request_digest,
    runId: r.run_id,
    createdAt: r.created_at,
  };
}

export function hostEventFromRow(r: HostEventRow): StoredHostEvent {
  return {
    seq: r.seq,
    eventId: r.event_id,
    tenant: r.tenant,
    type: r.type,
    timestamp: r.timestamp,
    delivery: r.delivery as StoredHostEvent['delivery'],
    payload: json(r.payload),
  };
}
