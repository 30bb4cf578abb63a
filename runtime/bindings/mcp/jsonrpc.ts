// JSON-RPC 2.0 framing for the MCP mount (DESIGN.md §5 "MCP codes"): the message shapes, and the
// one error type every MCP module throws. A refusal on the MCP URL is always a JSON-RPC error,
// never the OpenWOP envelope; `httpStatus` is what the streamable-HTTP transport answers with
// (400 for the protocol errors of generated/mcp/methods.ts `mcpProtocolErrors`, 200 otherwise).
import { mcpProtocolErrors, type McpProtocolErrorName } from '@wopgen/generated/mcp/methods';

export type JsonRpcId = string | number | null;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id?: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** Server-defined code carrying an OpenWOP error (e.g. mcp_mrtr_rounds_exceeded) in `data.error`. */
export const OPENWOP_ERROR = -32000;

export class McpError extends Error {
  override readonly name = 'McpError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    readonly httpStatus = 200,
  ) {
    super(message);
  }

  /** One of the 2026-07-28 protocol errors (-32020/-32021/-32022), with its HTTP status. */
  static protocol(name: McpProtocolErrorName, message: string, data?: unknown): McpError {
    const e = mcpProtocolErrors[name];
    return new McpError(e.code, message, data, e.httpStatus);
  }
}

export function errorResponse(id: JsonRpcId, err: McpError): JsonRpcResponse {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: err.code,
      message: err.message,
      ...(err.data !== undefined ? { data: err.data } : {}),
    },
  };
}

export function resultResponse(id: JsonRpcId, result: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, result };
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Validates the JSON-RPC frame; a batch or a non-request is -32600 (2026-07-28 has no batches). */
export function parseFrame(value: unknown): JsonRpcRequest {
  if (!isRecord(value) || value.jsonrpc !== '2.0' || typeof value.method !== 'string') {
    throw new McpError(INVALID_REQUEST, 'not a JSON-RPC 2.0 request', undefined, 400);
  }
  const id = value.id;
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number') {
    throw new McpError(INVALID_REQUEST, 'id must be a string or a number', undefined, 400);
  }
  if (value.params !== undefined && !isRecord(value.params)) {
    throw new McpError(INVALID_REQUEST, 'params must be an object', undefined, 400);
  }
  return value as unknown as JsonRpcRequest;
}
