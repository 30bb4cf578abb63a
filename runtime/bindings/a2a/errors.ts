// The one refusal type A2A handlers throw: a row of the served contract's error registry plus a
// message and optional ErrorInfo metadata. The bindings turn it into their own shape (JSON-RPC
// `error`, `google.rpc.Status`) with that contract's builders, so a regenerated registry (a code, a
// status) is what the host answers. Also maps run-core refusals (CoreError) onto A2A rows, in one
// place.
import type { A2aRefusal } from '@wopgen/generated/a2a/dispatch';
import type {
  GoogleRpcStatusBody,
  A2aErrorName,
  JsonRpcErrorObject,
} from '@wopgen/generated/a2a/errors';
import type { ServedContract } from '../../contract/served.ts';
import { isCoreError } from '../../ports/errors.ts';
import {
  a2aUnavailableRpc,
  a2aUnavailableStatus,
  retryAfterHeaders,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_STATUS,
} from '../../http/unavailable.ts';

/** The served contract's A2A error registry and builders. */
export type A2aErrors = ServedContract['a2a']['errors'];

/** `name` when the registry has a row for it; an error of a row it lacks is an internal error. */
function registered(errors: A2aErrors, name: string): A2aErrorName {
  return Object.hasOwn(errors.rows, name) ? (name as A2aErrorName) : 'InternalError';
}

export class A2aError extends Error {
  override readonly name = 'A2aError';
  /** HTTP status of its JSON-RPC answer: 200 for every registry row. */
  readonly rpcHttpStatus: number = 200;

  constructor(
    readonly errorName: A2aErrorName,
    message: string,
    readonly metadata?: Record<string, string>,
  ) {
    super(message);
  }

  /** A refusal the generated dispatcher decided (the `requires` gate, an uncovered case). */
  static of(refusal: A2aRefusal): A2aError {
    return new A2aError(refusal.error, refusal.message);
  }

  toJsonRpc(errors: A2aErrors): JsonRpcErrorObject {
    return errors.jsonRpc(registered(errors, this.errorName), this.message, this.metadata);
  }

  /** The HTTP+JSON answer: the registered HTTP status and the `google.rpc.Status` body. */
  toHttpJson(errors: A2aErrors): { httpStatus: number; body: GoogleRpcStatusBody } {
    return errors.httpJson(registered(errors, this.errorName), this.message, this.metadata);
  }

  /** Response headers either binding sends with it. */
  headers(): Record<string, string> {
    return {};
  }
}

/**
 * The store could not be reached (the registry has no unavailable row): InternalError -32603 with
 * a retry hint on JSON-RPC, 503 `google.rpc.Status` UNAVAILABLE on HTTP+JSON, both at HTTP 503 with
 * Retry-After (http/unavailable.ts).
 */
export class A2aUnavailableError extends A2aError {
  override readonly rpcHttpStatus = UNAVAILABLE_STATUS;

  constructor() {
    super('InternalError', UNAVAILABLE_MESSAGE);
  }

  override toJsonRpc(errors: A2aErrors): JsonRpcErrorObject {
    return a2aUnavailableRpc(errors, this.message);
  }

  override toHttpJson(errors: A2aErrors): { httpStatus: number; body: GoogleRpcStatusBody } {
    return { httpStatus: UNAVAILABLE_STATUS, body: a2aUnavailableStatus(errors, this.message) };
  }

  override headers(): Record<string, string> {
    return retryAfterHeaders();
  }
}

/** The one TaskNotFound answer: identical for unknown, purged, unreadable and foreign-tenant ids. */
export function taskNotFound(): A2aError {
  return new A2aError('TaskNotFoundError', 'task not found');
}

export function invalidParams(message: string): A2aError {
  return new A2aError('InvalidParamsError', message);
}

export function unsupported(message: string): A2aError {
  return new A2aError('UnsupportedOperationError', message);
}

/**
 * Authentication failure on the interface URL (no map row exists for it): JSON-RPC code -32600 with
 * an ErrorInfo whose reason is UNAUTHENTICATED, sent with HTTP 401 and `WWW-Authenticate: Bearer`.
 */
export function unauthenticatedError(errors: A2aErrors): JsonRpcErrorObject {
  return {
    code: -32600,
    message: 'unauthenticated: a valid bearer API key is required',
    data: [{ '@type': errors.errorInfoType, reason: 'UNAUTHENTICATED', domain: errors.domain }],
  };
}

/** Authentication failure on the HTTP+JSON interface: 401 `google.rpc.Status` UNAUTHENTICATED. */
export function unauthenticatedStatus(errors: A2aErrors): GoogleRpcStatusBody {
  const { message, data } = unauthenticatedError(errors);
  return { error: { code: 401, status: 'UNAUTHENTICATED', message, details: data } };
}

/**
 * CoreError → A2A row. `forbidden` (an approver-restricted interrupt answered by someone else) is
 * UnsupportedOperationError: the caller may read the task but this operation is not open to it.
 */
export function fromCoreError(err: unknown): A2aError {
  if (err instanceof A2aError) return err;
  if (!isCoreError(err)) throw err;
  switch (err.code) {
    case 'not_found':
      return taskNotFound();
    case 'validation_error':
    case 'interrupt_not_found':
    case 'idempotency_key_mismatch':
      return invalidParams(err.message);
    case 'run_terminal':
    case 'interrupt_already_resolved':
    case 'interrupt_cancelled':
    case 'forbidden':
      return unsupported(err.message);
    case 'runner_unavailable':
      return new A2aUnavailableError();
    default:
      return new A2aError('InternalError', err.message);
  }
}
