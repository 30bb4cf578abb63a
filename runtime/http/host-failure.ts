// The answer to a request that failed outside its binding's own error handling (authentication or
// the audit record could not reach the store, or a fault nobody expected), in the shape of the
// binding that owns the path, never another binding's: a store that stopped answering is a
// retryable 503 (unavailable.ts), anything else a 500 internal error.
import type { ServedContract } from '../contract/served.ts';
import { bindingOfPath, ERROR_MEDIA_TYPE, type ClientErrorPaths } from './client-error.ts';
import {
  a2aUnavailableRpc,
  a2aUnavailableStatus,
  mcpUnavailable,
  restUnavailable,
  retryAfterHeaders,
  UNAVAILABLE_STATUS,
} from './unavailable.ts';

export interface HostFailure {
  status: number;
  headers: Record<string, string>;
  body: object;
}

const INTERNAL = 'internal error';

export function hostFailure(
  contract: ServedContract,
  paths: ClientErrorPaths,
  path: string | undefined,
  unavailable: boolean,
): HostFailure {
  const binding = bindingOfPath(paths, path);
  const status = unavailable ? UNAVAILABLE_STATUS : 500;
  const headers = {
    'content-type': ERROR_MEDIA_TYPE,
    ...(unavailable && retryAfterHeaders()),
  };
  const rpc = (error: object) => ({ jsonrpc: '2.0', id: null, error });
  const a2a = contract.a2a.errors;
  let body: object;
  if (binding === 'a2a') {
    body = rpc(unavailable ? a2aUnavailableRpc(a2a) : a2a.jsonRpc('InternalError', INTERNAL));
  } else if (binding === 'a2aRest') {
    body = unavailable ? a2aUnavailableStatus(a2a) : a2a.httpJson('InternalError', INTERNAL).body;
  } else if (binding === 'mcp') {
    body = rpc(unavailable ? mcpUnavailable() : { code: -32603, message: INTERNAL });
  } else {
    const errors = contract.errors;
    body = unavailable ? restUnavailable(errors) : errors.envelope('internal_error', INTERNAL).body;
  }
  return { status, headers, body };
}
