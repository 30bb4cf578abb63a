/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// Raw requests for every header and `_meta` refusal of the MCP mount (interop.md §The operation
// mappings, the map's `mcp.headers` / `mcp.meta` rows): exact HTTP status, JSON-RPC code and data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../helpers/host.ts';
import { KEYS, rawMcp, REVISION, startMcpHost, TASKS } from './helpers.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startMcpHost();
});
afterAll(async () => {
  await h.stop();
});

/** The tenant's durable host events, read through the core (GET /host/events is an open SSE stream). */
async function hostEvents(tenant: 'acme' | 'other'): Promise<string> {
  return JSON.stringify(await h.host.context.hostEvents.list(tenant));
}

describe('header rules (-32020, HTTP 400, before version selection)', () => {
  it('MCP-Protocol-Version differing from _meta protocolVersion', async () => {
    const r = await rawMcp(
      h.url,
      'tools/list',
      {},
      { headers: { 'mcp-protocol-version': '2099-01-01' } },
    );
    expect(r.status).toBe(400);
    expect(r.body.id).toBe(1);
    expect(r.body.error).toMatchObject({
      code: -32020,
      data: {
        mismatch: {
          header: 'MCP-Protocol-Version',
          headerValue: '2099-01-01',
          bodyValue: REVISION,
        },
      },
    });
  });

  it('missing _meta protocolVersion with the header present is -32602 (HTTP 400)', async () => {
    const r = await rawMcp(
      h.url,
      'tools/list',
      {},
      { meta: { 'io.modelcontextprotocol/protocolVersion': null } },
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: -32602,
      data: { missing: 'io.modelcontextprotocol/protocolVersion' },
    });
  });

  it('Mcp-Method missing, differing, or differing in case', async () => {
    for (const value of [null, 'prompts/list', 'TOOLS/LIST']) {
      const r = await rawMcp(h.url, 'tools/list', {}, { headers: { 'mcp-method': value } });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({
        code: -32020,
        data: { mismatch: { header: 'Mcp-Method' } },
      });
    }
  });

  it('Mcp-Name missing or differing from params.name / uri / taskId', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['tools/call', { name: 'echo', arguments: { text: 'x' } }],
      ['resources/read', { uri: 'file:///x' }],
      ['prompts/get', { name: 'p' }],
    ];
    for (const [method, params] of cases) {
      for (const value of [null, 'wrong']) {
        const r = await rawMcp(h.url, method, params, { headers: { 'mcp-name': value } });
        expect(r.status).toBe(400);
        expect(r.body.error).toMatchObject({
          code: -32020,
          data: { mismatch: { header: 'Mcp-Name' } },
        });
      }
    }
    const t = await rawMcp(
      h.url,
      'tasks/get',
      { taskId: 'abc' },
      {
        capabilities: { extensions: { [TASKS]: {} } },
        headers: { 'mcp-name': 'abd' },
      },
    );
    expect(t.status).toBe(400);
    expect(t.body.error?.code).toBe(-32020);
  });

  it('accepts header names in any case, surrounding whitespace and base64-encoded Mcp-Name', async () => {
    const b64 = `=?base64?${Buffer.from('echo').toString('base64')}?=`;
    const variants: Record<string, string>[] = [
      { 'MCP-METHOD': 'tools/call', 'mcp-name': '  echo  ' },
      { 'mcp-name': b64 },
    ];
    for (const headers of variants) {
      const r = await rawMcp(
        h.url,
        'tools/call',
        { name: 'echo', arguments: { text: 'x' } },
        { headers },
      );
      expect(r.status).toBe(200);
      expect(r.body.result?.isError).toBe(false);
    }
  });

  it('a mismatch is reported even when the revision is also unsupported (checked first)', async () => {
    const r = await rawMcp(
      h.url,
      'tools/list',
      {},
      {
        headers: { 'mcp-protocol-version': '2099-01-01', 'mcp-method': 'x' },
        meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' },
      },
    );
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe(-32020);
  });
});

describe('revision rules (-32022, HTTP 400, data.supported)', () => {
  it('an unsupported revision named consistently', async () => {
    const r = await rawMcp(
      h.url,
      'tools/list',
      {},
      {
        headers: { 'mcp-protocol-version': '2099-01-01' },
        meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' },
      },
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: -32022,
      message: 'Unsupported protocol version: 2099-01-01',
      data: { supported: [REVISION], requested: '2099-01-01' },
    });
  });

  it('no MCP-Protocol-Version is a missing required header (-32020), naming no revision', async () => {
    // Streamable HTTP 2026-07-28 §Server Validation; an `initialize` without the header is the
    // initialize era instead (legacy-http.test.ts).
    const r = await rawMcp(h.url, 'tools/list', {}, { headers: { 'mcp-protocol-version': null } });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: -32020,
      message: 'Bad Request: the MCP-Protocol-Version header and the request body disagree',
      data: {
        mismatch: { header: 'MCP-Protocol-Version', headerValue: null, bodyValue: REVISION },
      },
    });
    expect(JSON.stringify(r.body)).not.toContain('2025-03-26');
  });

  it('records negotiation.decided for refusals and acceptances as the caller’s host events', async () => {
    await rawMcp(
      h.url,
      'tools/list',
      {},
      {
        tenant: 'other',
        headers: { 'mcp-protocol-version': '2099-01-01' },
        meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' },
      },
    );
    await rawMcp(h.url, 'tools/list', {}, { tenant: 'other' });
    const text = await hostEvents('other');
    expect(text).toContain('"outcome":"refused"');
    expect(text).toContain('"requested":"2099-01-01"');
    expect(text).toContain('"outcome":"accepted"');
    expect(text).toContain('"protocol":"mcp"');
  });
});

describe('_meta capability rules', () => {
  it('clientCapabilities is required (-32602, HTTP 400)', async () => {
    const r = await rawMcp(
      h.url,
      'tools/list',
      {},
      {
        meta: { 'io.modelcontextprotocol/clientCapabilities': null },
      },
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: -32602,
      data: { missing: 'io.modelcontextprotocol/clientCapabilities' },
    });
  });

  it('tasks/* without the tasks extension declared is -32021 (HTTP 400)', async () => {
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const r = await rawMcp(
        h.url,
        method,
        { taskId: 'gate-test', inputResponses: {} },
        { capabilities: {} },
      );
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
      });
    }
  });

  it('a tool that will ask for input, called without elicitation, is -32021 before any run exists', async () => {
    const before = await h
      .call('acme', '/runs?workflowId=conformance-approval')
      .then((r) => r.json());
    const r = await rawMcp(
      h.url,
      'tools/call',
      { name: 'conformance-approval', arguments: {} },
      { capabilities: {} },
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: {} } },
    });
    const after = await h
      .call('acme', '/runs?workflowId=conformance-approval')
      .then((r) => r.json());
    expect(after).toEqual(before);
  });
});

describe('transport and dispatch', () => {
  it('GET is 405 with a JSON-RPC error body, never the OpenWOP envelope', async () => {
    const res = await fetch(`${h.url}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    const body = (await res.json()) as Record<string, any>;
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  it('an unauthenticated tools/list is 401; server/discover is public', async () => {
    const r = await rawMcp(h.url, 'tools/list', {}, { tenant: null });
    expect(r.status).toBe(401);
    expect(r.body.error?.data).toEqual({ error: 'unauthenticated' });
    const d = await rawMcp(h.url, 'server/discover', {}, { tenant: null });
    expect(d.status).toBe(200);
    expect(d.body.result).toMatchObject({
      supportedVersions: [REVISION],
      capabilities: { tools: {}, extensions: { [TASKS]: {} } },
      resultType: 'complete',
    });
  });

  it('unknown method is -32601; malformed JSON -32700; unknown tool and bad arguments -32602', async () => {
    const nf = await rawMcp(h.url, 'nope/nope');
    expect(nf.status).toBe(404);
    expect(nf.body.error?.code).toBe(-32601);
    const res = await fetch(`${h.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEYS.acme}` },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.code).toBe(-32700);
    expect(
      (await rawMcp(h.url, 'tools/call', { name: 'nope', arguments: {} })).body.error?.code,
    ).toBe(-32602);
    const bad = await rawMcp(h.url, 'tools/call', { name: 'echo', arguments: {} });
    expect(bad.status).toBe(200);
    expect(bad.body.error?.code).toBe(-32602);
  });

  it('without a catalogue, prompts/*, resources/* and completion/complete do not exist (-32601, 404)', async () => {
    const discover = await rawMcp(h.url, 'server/discover');
    expect(Object.keys(discover.body.result!.capabilities).sort()).toEqual(['extensions', 'tools']);
    for (const [method, params] of [
      ['prompts/list', {}],
      ['prompts/get', { name: 'nope' }],
      ['resources/list', {}],
      ['resources/templates/list', {}],
      ['resources/read', { uri: 'test://missing' }],
      [
        'completion/complete',
        { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } },
      ],
    ] as const) {
      const r = await rawMcp(h.url, method, params);
      expect([method, r.status, r.body.error?.code]).toEqual([method, 404, -32601]);
    }
  });

  it('answers with SSE when the client accepts only text/event-stream', async () => {
    const res = await fetch(`${h.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${KEYS.acme}`,
        'mcp-protocol-version': REVISION,
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': REVISION,
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const text = await res.text();
    const data = JSON.parse(
      text
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6),
    );
    expect(data).toMatchObject({
      id: 7,
      result: { resultType: 'complete', cacheScope: 'private' },
    });
  });
});

describe('DNS rebinding protection', () => {
  it('refuses a foreign Host or Origin with 403, accepts loopback ones', async () => {
    // node:http, since fetch may not set Host.
    const { request } = await import('node:http');
    const port = new URL(h.url).port;
    const discover = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const body = JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'server/discover',
          params: {
            _meta: {
              'io.modelcontextprotocol/protocolVersion': REVISION,
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        });
        const req = request(
          `${h.url}/mcp`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'mcp-protocol-version': REVISION,
              'mcp-method': 'server/discover',
              ...headers,
            },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const variants: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { host: `evil.example:${port}` },
    ];
    for (const headers of variants) {
      const r = await discover(headers);
      expect(r.status).toBe(403);
      expect(r.body.error?.code).toBe(-32600);
    }
    expect(
      (await discover({ origin: `http://localhost:${port}`, host: `localhost:${port}` })).status,
    ).toBe(200);
  });
});

describe('discovery', () => {
  it('advertises the mcp facet', async () => {
    const doc = (await (await fetch(`${h.url}/.well-known/openwop`)).json()) as Record<string, any>;
    expect(doc.mcp).toMatchObject({
      revisions: [REVISION],
      preferredVersion: REVISION,
      minimumRevision: REVISION,
      profiles: ['mcp-2026-07-28'],
      serverUrls: [`${h.url}/mcp`],
      serverMount: { transports: ['streamable-http', 'stdio'] },
      mrtr: { maxRounds: 4 },
    });
    expect(doc.mcp.features).toEqual(
      expect.arrayContaining(['server-discover', 'mrtr', 'cacheable-lists', 'extensions']),
    );
    expect(doc.mcp.refreshedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
