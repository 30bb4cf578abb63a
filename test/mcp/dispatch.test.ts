// The generated MCP dispatcher on the wire: methods that map rows name as rules
// (`initialize | Mcp-Session-Id`, `notifications/tasks`) are not in the method table and answer
// -32601 with the map's reason, before authentication, exactly like any other absent method.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../helpers/host.ts';
import { KEYS, rawMcp, startMcpHost } from './helpers.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startMcpHost();
});
afterAll(async () => {
  await h.stop();
});

describe('methods that are rules', () => {
  it('refuses a 2026-07-28 initialize with -32601 and the reason', async () => {
    for (const tenant of ['acme', null] as const) {
      const r = await rawMcp(h.url, 'initialize', { protocolVersion: '2026-07-28' }, { tenant });
      expect([r.status, r.body]).toEqual([
        404,
        {
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32601, message: 'initialize is not a method of MCP 2026-07-28' },
        },
      ]);
    }
  });

  it('refuses notifications/tasks sent as a request', async () => {
    const r = await rawMcp(h.url, 'notifications/tasks');
    expect([r.status, r.body.error]).toEqual([
      404,
      {
        code: -32601,
        message: 'notifications/tasks is a notification the server sends, not a request',
      },
    ]);
  });

  it('answers any other absent method with the plain -32601', async () => {
    const r = await rawMcp(h.url, 'tools/destroy');
    expect([r.status, r.body.error]).toEqual([
      404,
      { code: -32601, message: 'Method not found: tools/destroy' },
    ]);
  });
});

describe('a method the host does not serve', () => {
  it('is -32601 before its params are read (no catalogue: prompts/*, resources/*)', async () => {
    for (const [method, params] of [
      ['prompts/get', { name: '' }],
      ['resources/read', { uri: '' }],
      ['completion/complete', { argument: 'x' }],
      ['prompts/list', { cursor: 5 }],
    ] as const) {
      const r = await rawMcp(h.url, method, params);
      expect([method, r.status, r.body.error?.code]).toEqual([method, 404, -32601]);
    }
  });
});

describe('the initialize-era session goes through the same generated dispatcher', () => {
  /** One initialize-era POST (JSON answer or a one-message SSE stream), its JSON-RPC message. */
  async function post(body: object, headers: Record<string, string> = {}) {
    const res = await fetch(`${h.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${KEYS.acme}`,
        ...headers,
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const json = text.startsWith('{')
      ? text
      : text
          .split('\n')
          .find((l) => l.startsWith('data: '))!
          .slice(6);
    return { headers: res.headers, message: JSON.parse(json) as Record<string, unknown> };
  }

  it('refuses an unserved method and malformed params as 2026-07-28 does', async () => {
    const init = await post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    });
    const session = {
      'mcp-session-id': init.headers.get('mcp-session-id')!,
      'mcp-protocol-version': '2025-11-25',
    };
    const list = await post({ jsonrpc: '2.0', id: 1, method: 'prompts/list', params: {} }, session);
    expect(list.message['error']).toEqual({
      code: -32601,
      message: 'Method not found: prompts/list (this server has no prompts)',
    });
    const call = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 7, arguments: {} } },
      session,
    );
    // The contract's request validator, as on 2026-07-28: the field named.
    expect(call.message['error']).toEqual({
      code: -32602,
      message: 'params.name must be a string',
    });
  });
});
