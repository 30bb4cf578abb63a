// What `bench:host` sends: the same request bodies and headers to every peer that serves the
// operation (A2A 1.0 JSON-RPC, MCP 2026-07-28 `tools/call` with its `_meta` envelope).
import { randomUUID } from 'node:crypto';

export const A2A_HEADERS = { 'content-type': 'application/json', 'a2a-version': '1.0' };
export const MCP_REVISION = '2026-07-28';

export function sendMessageBody(text = 'hello'): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'SendMessage',
    params: {
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }] },
      // Our host routes by skill; the SDK peer ignores metadata.
      metadata: {},
    },
  });
}

export function getTaskBody(id: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id } });
}

export function listTasksBody(pageSize = 50): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ListTasks', params: { pageSize } });
}

export function streamBody(): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'SendStreamingMessage',
    params: { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
  });
}

export const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': MCP_REVISION,
  'mcp-method': 'tools/call',
  'mcp-name': 'echo',
};

export function toolsCallBody(): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'echo',
      arguments: { text: 'hello' },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MCP_REVISION,
        'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  });
}

export const BARE_BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: {} });
