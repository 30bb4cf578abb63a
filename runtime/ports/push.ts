// A2A push notifications as the bindings see them (interop.md §"A2A push delivery"): the config rows
// a caller registers on a task, and the projection the deliverer asks a binding for. The URL check
// (egress guard), the secret store, the outbox and the sender are behind `PushConfigs`; a binding
// never sees a token or credentials after handing them over.
import type { Subject } from './auth.ts';
import type { JsonObject } from './json.ts';

/** What a client registers: where to push and how to authenticate there. */
export interface PushConfigInput {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when no `authentication` is given. */
  token?: string;
  /** `Authorization: <scheme> <credentials>`. */
  authentication?: { scheme: string; credentials?: string };
}

/** A registered config as it may be shown: never the token or the credentials. */
export interface PushConfigView {
  /** Opaque, random; encodes no tenant, workspace or principal. */
  configId: string;
  runId: string;
  url: string;
  /** The `Authorization` scheme pushes carry (`Bearer` for a bare token), if any. */
  scheme?: string;
  createdAt: string;
}

/**
 * A push that exhausted its retries, as the operator of its tenant sees it (interop.md §"A2A push
 * delivery": a dead letter the operator can list; A2A clients never see them). No token, no
 * credentials: the body is the StreamResponse that was sent.
 */
export interface DeadLetterView {
  outboxId: number;
  configId: string;
  taskId: string;
  url: string;
  sequence: number;
  attempts: number;
  createdAt: string;
  body: JsonObject;
  /** The last attempt: when, the receiver's status if it answered, and why it failed. */
  lastAttempt?: { at: string; status?: number; error?: string };
}

/** Why a URL was refused by the egress guard (never which address a name resolved to). */
export class PushUrlRefused extends Error {
  override readonly name = 'PushUrlRefused';
}

/** A task already holds the most push configs the host keeps for one task (`limit`). */
export class PushConfigLimit extends Error {
  override readonly name = 'PushConfigLimit';

  constructor(readonly limit: number) {
    super(`the task holds its limit of ${limit} push configs; delete one to add another`);
  }
}

/**
 * The config rows of tasks. The caller (a binding) has already checked that `subject` may read the
 * run; these calls only keep a config bound to its run, so a `configId` of another run is unknown.
 */
export interface PushConfigs {
  /**
   * Checks the URL (PushUrlRefused), stores the secret by reference, starts after `afterSequence`;
   * PushConfigLimit when the task already holds the most configs a task may.
   */
  create(
    owner: Subject,
    runId: string,
    input: PushConfigInput,
    afterSequence: number,
  ): Promise<PushConfigView>;
  /** The egress guard alone (PushUrlRefused): lets a binding refuse before it starts a task. */
  check(url: string): Promise<void>;
  get(runId: string, configId: string): Promise<PushConfigView | undefined>;
  list(runId: string): Promise<PushConfigView[]>;
  /** Idempotent: deleting an unknown id changes nothing. */
  delete(runId: string, configId: string): Promise<void>;
  /** Optional: the dead letters of `tenant`'s configs, oldest first. */
  listDeadLetters?(tenant: string): Promise<DeadLetterView[]>;
}

/** One push the deliverer sends: an A2A StreamResponse and whether it is the task's last. */
export interface ProjectedPush {
  sequence: number;
  body: JsonObject;
  final: boolean;
}

/**
 * Turns a run's log after `afterSequence` into pushes, read as `owner` (the config's creator), so a
 * push carries nothing its owner could not read. Undefined when the owner can no longer read it.
 */
export interface PushProjector {
  project(
    owner: Subject,
    runId: string,
    afterSequence: number,
  ): Promise<{ pushes: ProjectedPush[]; lastSequence: number } | undefined>;
  /**
   * Optional: the W3C trace context the run recorded (interop.md §"Trace context"), which each push
   * carries as `traceparent` (and `tracestate`); read as `owner`, undefined when none.
   */
  trace?(
    owner: Subject,
    runId: string,
  ): Promise<{ traceparent: string; tracestate?: string } | undefined>;
}
