// What a request gets when the host's store cannot be reached (the database down, stalled or out of
// connections): a retryable answer in the shape of the binding that owns the path, never a hang
// and never another binding's envelope. REST says `runner_unavailable` (errors.json's registered
// 503, retriable); HTTP+JSON a 503 `google.rpc.Status` UNAVAILABLE; A2A JSON-RPC and MCP the
// JSON-RPC internal error -32603 (A2A's registry has no unavailable row) with a retry hint. Every
// binding sends HTTP 503 with `Retry-After`, so a proxy in front can retry on another host.
import type { GoogleRpcStatusBody, JsonRpcErrorObject } from '@wopgen/generated/a2a/errors';
import type { OpenWopErrorEnvelope } from '@wopgen/generated/errors/catalogue';
import type { ServedContract } from '../contract/served.ts';

/** The served contract's A2A error registry and builders. */
type A2aErrors = ServedContract['a2a']['errors'];

/** Seconds a client is told to wait before retrying (the host re-probes its store about as often). */
export const RETRY_AFTER_SECONDS = 1;

export const UNAVAILABLE_STATUS = 503;

export const UNAVAILABLE_MESSAGE = 'the host cannot reach its database; retry shortly';

/** The `Retry-After` header every binding's 503 carries. */
export function retryAfterHeaders(): Record<string, string> {
  return { 'retry-after': String(RETRY_AFTER_SECONDS) };
}

/** google.rpc.RetryInfo: the standard retry hint next to an ErrorInfo (AIP-193). */
const RETRY_INFO = {
  '@type': 'type.googleapis.com/google.rpc.RetryInfo',
  retryDelay: `${RETRY_AFTER_SECONDS}s`,
};

const RETRY_METADATA = { retryAfterSeconds: String(RETRY_AFTER_SECONDS) };

/** A2A JSON-RPC: InternalError (-32603), its ErrorInfo carrying the retry hint, and a RetryInfo. */
export function a2aUnavailableRpc(
  errors: A2aErrors,
  message = UNAVAILABLE_MESSAGE,
): JsonRpcErrorObject {
  const error = errors.jsonRpc('InternalError', message, RETRY_METADATA);
  return { ...error, data: [...error.data, RETRY_INFO] };
}

/** A2A HTTP+JSON: 503 `google.rpc.Status` UNAVAILABLE (gRPC code 14), with the same details. */
export function a2aUnavailableStatus(
  errors: A2aErrors,
  message = UNAVAILABLE_MESSAGE,
): GoogleRpcStatusBody {
  const { error } = errors.httpJson('InternalError', message, RETRY_METADATA).body;
  return {
    error: {
      ...error,
      code: UNAVAILABLE_STATUS,
      status: 'UNAVAILABLE',
      details: [...error.details, RETRY_INFO],
    },
  };
}

/** MCP: JSON-RPC internal error with the OpenWOP code and the retry hint in `data`. */
export function mcpUnavailable(message = UNAVAILABLE_MESSAGE): {
  code: number;
  message: string;
  data: { error: 'runner_unavailable'; retryAfterSeconds: number };
} {
  return {
    code: -32603,
    message,
    data: { error: 'runner_unavailable', retryAfterSeconds: RETRY_AFTER_SECONDS },
  };
}

/** REST: the OpenWOP envelope of `runner_unavailable` (registered 503, retriable). */
export function restUnavailable(
  errors: ServedContract['errors'],
  message = UNAVAILABLE_MESSAGE,
): OpenWopErrorEnvelope {
  return errors.envelope('runner_unavailable', message).body;
}
