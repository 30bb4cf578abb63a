// Protocol facts the interop map relies on but does not restate: the JSON-RPC 2.0 error codes
// and the MCP 2026-07-28 protocol errors. One registry per pinned revision (STYLE.md §10);
// `check/rules/mcp-error-codes.ts` cross-checks any code a map rule mentions against this table.
import type { McpProtocolError } from './ir.ts';

export const jsonRpcErrors = [
  { name: 'ParseError', code: -32700, reason: 'PARSE_ERROR', source: 'JSON-RPC 2.0 §5.1' },
  {
    name: 'InvalidRequestError',
    code: -32600,
    reason: 'INVALID_REQUEST',
    source: 'JSON-RPC 2.0 §5.1',
  },
  {
    name: 'MethodNotFoundError',
    code: -32601,
    reason: 'METHOD_NOT_FOUND',
    source: 'JSON-RPC 2.0 §5.1',
  },
  {
    name: 'InvalidParamsError',
    code: -32602,
    reason: 'INVALID_PARAMS',
    source: 'JSON-RPC 2.0 §5.1',
  },
  { name: 'InternalError', code: -32603, reason: 'INTERNAL_ERROR', source: 'JSON-RPC 2.0 §5.1' },
] as const;

const mcpByRevision: Record<string, McpProtocolError[]> = {
  '2026-07-28': [
    {
      name: 'HeaderMismatchError',
      code: -32020,
      httpStatus: 400,
      source: 'MCP 2026-07-28 transports',
    },
    {
      name: 'MissingRequiredClientCapabilityError',
      code: -32021,
      httpStatus: 400,
      source: 'MCP 2026-07-28 lifecycle',
    },
    {
      name: 'UnsupportedProtocolVersionError',
      code: -32022,
      httpStatus: 400,
      source: 'MCP 2026-07-28 versioning',
    },
  ],
};

export function mcpProtocolErrors(revision: string): McpProtocolError[] | undefined {
  return mcpByRevision[revision];
}

/**
 * The refusal of an A2A row whose `requires` names a facet property the host does not advertise
 * (A2A 1.0 §3.3: push operations without the capability answer PushNotificationNotSupportedError;
 * every other missing capability is UnsupportedOperationError).
 */
export const a2aRequirementRefusals: { requirement: string; error: string; message: string }[] = [
  {
    requirement: 'a2a.pushNotifications',
    error: 'PushNotificationNotSupportedError',
    message: 'push notifications are not supported',
  },
];
