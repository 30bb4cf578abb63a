// The answer to a request that failed outside its binding's own error handling (authentication or
// the audit record could not reach the store, or a fault nobody expected), in the shape of the
// binding that owns the path, never another binding's: a store that stopped answering is a
// retryable 503 (unavailable.ts), anything else a 500 internal error.
import { googleRpcStatus, jsonRpcError } from '@wopgen/generated/a2a/errors';
import { openWopError } from '@wopgen/generated/errors/catalogue';
import { bindingOfPath, errorMediaType, type ClientErrorPaths } from './client-error.ts';
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
  paths: ClientErrorPaths,
  path: string | undefined,
  unavailable: boolean,
): HostFailure {
  const binding = bindingOfPath(paths, path);
  const status = unavailable ? UNAVAILABLE_STATUS : 500;
  const headers = {
    'content-type': errorMediaType(binding),
    ...(unavailable && retryAfterHeaders()),
  };
  const rpc = (error: object) => ({ jsonrpc: '2.0', id: null, error });
  let body: object;
  if (binding === 'a2a') {
    body = rpc(unavailable ? a2aUnavailableRpc() : jsonRpcError('InternalError', INTERNAL));
  } else if (binding === 'a2aRest') {
    body = unavailable ? a2aUnavailableStatus() : googleRpcStatus('InternalError', INTERNAL).body;
  } else if (binding === 'mcp') {
    body = rpc(unavailable ? mcpUnavailable() : { code: -32603, message: INTERNAL });
  } else {
    body = unavailable ? restUnavailable() : openWopError('internal_error', INTERNAL).body;
  }
  return { status, headers, body };
}
