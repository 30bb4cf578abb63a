// The generated MCP client against a server of the official SDK (@modelcontextprotocol/server 2.x,
// stateless 2026-07-28): discover and its negotiation, tools/list, tools/call with a round of input
// answered through onInput, trace context and the revision's headers as the server saw them,
// cancellation by aborting, and a server error typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpClient, McpRemoteError, mcpHttpTransport } from '../../generated/mcp/client.ts';
import { startSdkMcpServer, type SdkMcpServer } from '../helpers/sdk-mcp-server.ts';

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
let s: SdkMcpServer;
beforeAll(async () => {
  s = await startSdkMcpServer();
});
afterAll(() => s.close());

const client = () =>
  new McpClient({
    transport: mcpHttpTransport(s.url),
    clientInfo: { name: 'wopgen-test', version: '1.0.0' },
    capabilities: { elicitation: { form: {} } },
  });

describe('MCP client against the SDK server', () => {
  it('discovers the pinned revision and lists the tools', async () => {
    const c = client();
    const found = await c.discover();
    expect(found.supportedVersions).toEqual(['2026-07-28']);
    expect(c.core.negotiation).toEqual({
      protocol: 'mcp',
      outcome: 'accepted',
      version: '2026-07-28',
      requested: '2026-07-28',
      reason: 'ok',
      peer: new URL(s.url).origin,
    });
    const { tools } = await c.toolsList({});
    expect(tools.map((t) => t.name)).toEqual(['echo', 'confirm', 'slow']);
  });

  it('calls echo with trace context in _meta and the revision headers', async () => {
    const before = s.seen.length;
    const result = await client().callTool(
      'echo',
      { text: 'hi' },
      { trace: { traceparent: TRACEPARENT } },
    );
    expect(result).toMatchObject({
      content: [{ type: 'text', text: 'hi' }],
      structuredContent: { text: 'hi' },
      resultType: 'complete',
    });
    const seen = s.seen.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.meta['traceparent']).toBe(TRACEPARENT);
    expect(seen[0]!.headers['mcp-protocol-version']).toBe('2026-07-28');
    expect(seen[0]!.headers['mcp-method']).toBe('tools/call');
    expect(seen[0]!.headers['mcp-name']).toBe('echo');
  });

  it('answers a round of input through onInput and retries to the result', async () => {
    const asked: Record<string, unknown>[] = [];
    const result = await client().callTool(
      'confirm',
      { text: 'deploy' },
      {
        onInput: async (requests) => {
          asked.push(requests);
          return { confirm: { action: 'accept', content: { ok: true } } };
        },
      },
    );
    expect(asked).toEqual([
      {
        confirm: {
          method: 'elicitation/create',
          params: {
            message: 'Confirm deploy?',
            mode: 'form',
            requestedSchema: {
              type: 'object',
              properties: { ok: { type: 'boolean' } },
              required: ['ok'],
            },
          },
        },
      },
    ]);
    expect(result).toMatchObject({ structuredContent: { text: 'deploy', ok: true } });
  });

  it('without onInput an input_required result is returned as it is', async () => {
    const result = await client().callTool('confirm', { text: 'x' });
    if (result.resultType !== 'input_required') throw new Error(`answered ${result.resultType}`);
    expect(Object.keys(result.inputRequests ?? {})).toEqual(['confirm']);
  });

  it('aborting a call cancels it on the server', async () => {
    const ac = new AbortController();
    const call = client().callTool('slow', { text: 'x' }, { signal: ac.signal });
    // Abort once the server has the call, so the cancellation reaches a running handler.
    while (!s.seen.some((c) => c.tool === 'slow')) await new Promise((r) => setTimeout(r, 10));
    ac.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    while (!s.cancelled.includes('slow')) await new Promise((r) => setTimeout(r, 10));
    expect(s.cancelled).toEqual(['slow']);
  });

  it('an unknown tool is the server error, typed', async () => {
    const err = await client()
      .toolsCall({ name: 'nope', arguments: {} })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpRemoteError);
    expect(err).toMatchObject({ code: -32602 });
  });
});
