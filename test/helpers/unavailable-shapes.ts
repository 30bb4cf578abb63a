// What each binding answers, exactly, when the host's store stopped answering (README
// §Reliability "The database as a dependency that fails"): written out here once for the tests that
// check it against a failing store (failure-shapes.test.ts) and a real PostgreSQL outage
// (store-outage.test.ts).

export const UNAVAILABLE_MESSAGE = 'the host cannot reach its database; retry shortly';

/** ErrorInfo with the retry hint, then google.rpc.RetryInfo (both A2A bindings). */
export const RETRY_DETAILS = [
  {
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason: 'INTERNAL_ERROR',
    domain: 'a2a-protocol.org',
    metadata: { retryAfterSeconds: '1' },
  },
  { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1s' },
];

export type UnavailableBinding = 'rest' | 'a2a-jsonrpc' | 'a2a-http-json' | 'mcp';

/** The body of the 503 (HTTP status 503, `Retry-After: 1`); `id` is the JSON-RPC id echoed. */
export function unavailableBody(binding: UnavailableBinding, id: unknown): object {
  switch (binding) {
    case 'rest':
      return { error: 'runner_unavailable', message: UNAVAILABLE_MESSAGE };
    case 'a2a-http-json':
      return {
        error: {
          code: 503,
          status: 'UNAVAILABLE',
          message: UNAVAILABLE_MESSAGE,
          details: RETRY_DETAILS,
        },
      };
    case 'a2a-jsonrpc':
      return {
        jsonrpc: '2.0',
        id,
        error: { code: -32603, message: UNAVAILABLE_MESSAGE, data: RETRY_DETAILS },
      };
    case 'mcp':
      return {
        jsonrpc: '2.0',
        id,
        error: {
          code: -32603,
          message: UNAVAILABLE_MESSAGE,
          data: { error: 'runner_unavailable', retryAfterSeconds: 1 },
        },
      };
  }
}

/** The media type of every binding's error body, HTTP+JSON's too (A2A §11.1). */
export const UNAVAILABLE_TYPE = 'application/json';
