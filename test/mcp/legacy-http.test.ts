/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// The initialize era (2025-11-25, 2025-06-18) on the `/mcp` mount, with the official client in its
// default, unpinned mode (it opens with `initialize`): list and call tools, an elicitation round
// trip as a server-to-client request, sessions in the store and bound to their principal, DELETE,
// notifications/cancelled, and nothing legacy advertised.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../helpers/host.ts';
import { KEYS, rawMcp, REVISION, runEvents, startMcpHost, until } from './helpers.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startMcpHost();
});
afterAll(async () => {
  await h.stop();
});

/** The official client in its default mode (no versionNegotiation), answering elicitations. */
async function legacyClient(
  tenant: keyof typeof KEYS = 'acme',
  onElicit?: (params: any) => any,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client(
    { name: 'wopgen-legacy-test', version: '1.0.0' },
    { capabilities: onElicit ? { elicitation: { form: {} } } : {} },
  );
  if (onElicit)
    client.setRequestHandler('elicitation/create', async (req: any) => onElicit(req.params));
  const transport = new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${KEYS[tenant]}` } },
  });
  await client.connect(transport);
  return { client, transport };
}

/** One raw initialize-era POST. */
async function post(
  body: object,
  headers: Record<string, string> = {},
  tenant: keyof typeof KEYS | null = 'acme',
): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(`${h.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(tenant && { authorization: `Bearer ${KEYS[tenant]}` }),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function initialize(
  protocolVersion = '2025-11-25',
  tenant: keyof typeof KEYS = 'acme',
): Promise<{ sessionId: string; result: any }> {
  const r = await post(
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    },
    {},
    tenant,
  );
  expect(r.status).toBe(200);
  return { sessionId: r.headers.get('mcp-session-id')!, result: JSON.parse(r.text).result };
}

/** The JSON messages of an SSE response body, as they arrive. */
async function* sseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<any> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n');
      if (data) yield JSON.parse(data);
    }
  }
}

describe('the official client in its default mode over streamable HTTP', () => {
  it('initializes at 2025-11-25, lists the workflows as tools and calls echo', async () => {
    const { client, transport } = await legacyClient();
    expect(client.getServerVersion()).toMatchObject({ name: 'wopgen' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
    expect(transport.sessionId).toMatch(/^[\x21-\x7e]{32,}$/);
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toContain('echo');
    expect(tools.every((t) => !('execution' in t))).toBe(true);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'hello' }],
      structuredContent: { text: 'hello' },
      isError: false,
    });
    await transport.terminateSession();
    await client.close();
  });

  it('completes an approval through elicitation/create sent on the call stream', async () => {
    const asked: any[] = [];
    const { client } = await legacyClient('acme', (params) => {
      asked.push(params);
      return { action: 'accept', content: {} };
    });
    const result = await client.callTool({ name: 'conformance-approval', arguments: {} });
    expect(asked).toEqual([
      {
        mode: 'form',
        message: 'Approve this run?',
        requestedSchema: {
          type: 'object',
          properties: {
            action: {
              type: 'string',
              title: 'Decision',
              enum: ['accept', 'reject', 'refine', 'ask'],
            },
            feedback: {
              type: 'string',
              title: 'Feedback (refine: what to change; ask: the question)',
            },
          },
        },
      },
    ]);
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual({ approved: true });
    await client.close();
  });

  it('answers a clarification with the elicited content', async () => {
    const { client } = await legacyClient('acme', () => ({
      action: 'accept',
      content: { answer: '42' },
    }));
    const result = await client.callTool({ name: 'conformance-clarification', arguments: {} });
    expect(result.structuredContent).toEqual({ answer: '42' });
    await client.close();
  });

  it('sends notifications/progress on the call stream when the call asks for them', async () => {
    const { client } = await legacyClient();
    const seen: any[] = [];
    const result = await client.callTool(
      { name: 'echo', arguments: { text: 'p' } },
      { onprogress: (p: any) => seen.push(p) },
    );
    expect(result.isError).toBe(false);
    expect(seen).toEqual([
      { progress: 0, total: 1 },
      { progress: 1, total: 1 },
    ]);
    await client.close();
  });

  it('refuses a tool that needs elicitation from a client that did not declare it', async () => {
    const { client } = await legacyClient();
    await expect(
      client.callTool({ name: 'conformance-approval', arguments: {} }),
    ).rejects.toMatchObject({ code: -32021 });
    await client.close();
  });
});

describe('initialize-era sessions', () => {
  it('answers initialize with the negotiated revision and a session id', async () => {
    const a = await initialize('2025-06-18');
    expect(a.result).toEqual({
      protocolVersion: '2025-06-18',
      capabilities: { tools: {} },
      serverInfo: { name: 'wopgen', version: expect.any(String) },
    });
    const b = await initialize('2024-11-05');
    expect(b.result.protocolVersion).toBe('2025-11-25');
    expect(b.sessionId).not.toBe(a.sessionId);
  });

  it('refuses initialize without a key (401) and never mints a session', async () => {
    const r = await post(
      { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25' } },
      {},
      null,
    );
    expect(r.status).toBe(401);
    expect(r.headers.get('mcp-session-id')).toBeNull();
    // The refusal is recorded (interop.md §Negotiation is a protocol, "The audit event").
    const events = JSON.stringify(await h.host.context.hostEvents.list('_host'));
    expect(events).toContain('"outcome":"refused"');
    expect(events).toContain('"reason":"unauthenticated"');
    expect(events).toContain('"requested":"2025-11-25"');
  });

  it('answers another tenant presenting a valid session id exactly as an unknown session', async () => {
    const { sessionId } = await initialize();
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const own = await post(list, {
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
    });
    expect(own.status).toBe(200);
    const other = await post(
      list,
      { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
      'other',
    );
    const unknown = await post(list, {
      'mcp-session-id': 'no-such-session',
      'mcp-protocol-version': '2025-11-25',
    });
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(other.text)).toEqual(JSON.parse(unknown.text));
    expect(JSON.parse(unknown.text)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32001, message: 'Session not found' },
    });
  });

  it('requires the session header after initialize and the session revision in the header', async () => {
    const { sessionId } = await initialize('2025-06-18');
    const noSession = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { 'mcp-protocol-version': '2025-06-18' },
    );
    expect(noSession.status).toBe(400);
    const wrong = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
    );
    expect(wrong.status).toBe(400);
    const ping = await post(
      { jsonrpc: '2.0', id: 3, method: 'ping' },
      { 'mcp-session-id': sessionId },
    );
    expect(JSON.parse(ping.text)).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  it('keeps sessions in the store: a second host on the same database serves them', async () => {
    const { sessionId } = await initialize();
    const second = await startMcpHost({ dir: h.dir });
    try {
      const res = await fetch(`${second.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${KEYS.acme}`,
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as any;
      expect(body.result.tools.map((t: any) => t.name)).toContain('echo');
      expect(body.result).not.toHaveProperty('resultType');
    } finally {
      await second.stop();
    }
  });

  it('takes the answer to elicitation/create on another host of the store (2025-06-18 shape)', async () => {
    const init = await post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: { elicitation: {} },
        clientInfo: { name: 'raw', version: '1' },
      },
    });
    const sessionId = init.headers.get('mcp-session-id')!;
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${KEYS.acme}`,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-06-18',
    };
    const res = await fetch(`${h.url}/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'conformance-clarification', arguments: {} },
      }),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = sseMessages(res.body!);
    const ask = (await events.next()).value;
    expect(ask).toEqual({
      jsonrpc: '2.0',
      id: expect.stringMatching(/^wopgen-/),
      method: 'elicitation/create',
      params: {
        message: expect.any(String),
        requestedSchema: {
          type: 'object',
          properties: { answer: { type: 'string' } },
          required: ['answer'],
        },
      },
    });
    const second = await startMcpHost({ dir: h.dir });
    try {
      const reply = await fetch(`${second.url}/mcp`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: ask.id,
          result: { action: 'accept', content: { answer: 'from B' } },
        }),
      });
      expect(reply.status).toBe(202);
      const answer = (await events.next()).value;
      expect(answer).toEqual({
        jsonrpc: '2.0',
        id: 5,
        result: {
          content: [{ type: 'text', text: '{"answer":"from B"}' }],
          structuredContent: { answer: 'from B' },
          isError: false,
        },
      });
    } finally {
      await second.stop();
    }
  });

  it('ends a session on DELETE; the session is then unknown (404)', async () => {
    const { sessionId } = await initialize();
    const del = await fetch(`${h.url}/mcp`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${KEYS.acme}`, 'mcp-session-id': sessionId },
    });
    expect(del.status).toBe(204);
    const after = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { 'mcp-session-id': sessionId },
    );
    expect(after.status).toBe(404);
  });

  it('cancels the run of a call named by notifications/cancelled', async () => {
    const { sessionId } = await initialize();
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    const call = post(
      {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'conformance-cancellable', arguments: { delayMs: 60_000 } },
      },
      headers,
    );
    const run = await until(async () => {
      const res = await h.call('acme', '/runs?workflowId=conformance-cancellable');
      const body = (await res.json()) as { runs: { runId: string; status: string }[] };
      return body.runs.find((r) => r.status === 'running' || r.status === 'waiting-external');
    });
    const note = await post(
      {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 7, reason: 'user' },
      },
      headers,
    );
    expect(note.status).toBe(202);
    const cancelled = await until(async () => {
      const events = await runEvents(h, 'acme', run.runId);
      return events.find((e) => e.type === 'run.cancelled');
    });
    expect(cancelled.payload.reason).toBe('mcp-request-cancelled');
    await Promise.race([call, new Promise((r) => setTimeout(r, 100))]);
  });
});

describe('the 2026-07-28 path is unchanged and nothing legacy is advertised', () => {
  it('lists no legacy revision in discovery or server/discover', async () => {
    const doc = await (await fetch(`${h.url}/.well-known/openwop`)).text();
    expect(doc).not.toMatch(/2025-/);
    const discover = await rawMcp(h.url, 'server/discover');
    expect(discover.body.result!.supportedVersions).toEqual([REVISION]);
  });

  it('still answers a 2026 initialize (header 2026-07-28) as method not found', async () => {
    const r = await rawMcp(h.url, 'initialize', { protocolVersion: '2025-11-25' });
    expect(r.status).toBe(404);
    expect(r.body.error!.code).toBe(-32601);
  });
});
