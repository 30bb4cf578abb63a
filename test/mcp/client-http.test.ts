/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// End to end with the official MCP client (@modelcontextprotocol/client 2.4.0) pinned to
// 2026-07-28 over streamable HTTP against a real host: discover, list, call, an MRTR round trip
// through the client's elicitation handler, and cancellation by aborting a call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../helpers/host.ts';
import { connectClient, runEvents, startMcpHost, until } from './helpers.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startMcpHost();
});
afterAll(async () => {
  await h.stop();
});

describe('MCP over streamable HTTP with the official client', () => {
  it('discovers the server, lists the workflows as tools and calls echo', async () => {
    const client = await connectClient(h.url);
    expect(client.getServerVersion()).toMatchObject({ name: 'wopgen' });
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('echo');
    expect(tools.find((t) => t.name === 'echo')!.inputSchema).toMatchObject({
      type: 'object',
      required: ['text'],
    });
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([{ type: 'text', text: 'hello' }]);
    await client.close();
  });

  it('reports a failed run as isError and bad arguments as -32602', async () => {
    const client = await connectClient(h.url);
    const failed = await client.callTool({ name: 'conformance-failure', arguments: {} });
    expect(failed.isError).toBe(true);
    await expect(client.callTool({ name: 'echo', arguments: { text: 42 } })).rejects.toMatchObject({
      code: -32602,
    });
    await client.close();
  });

  it('completes conformance-approval through the elicitation handler (MRTR round trip)', async () => {
    const asked: any[] = [];
    const client = await connectClient(h.url, 'acme', (params) => {
      asked.push(params);
      return { action: 'accept', content: {} };
    });
    const result = await client.callTool({ name: 'conformance-approval', arguments: {} });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ mode: 'form', message: 'Approve this run?' });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual({ approved: true });
    await client.close();
  });

  it('answers a flat clarification with the elicited content', async () => {
    const client = await connectClient(h.url, 'acme', () => ({
      action: 'accept',
      content: { answer: '42' },
    }));
    const result = await client.callTool({ name: 'conformance-clarification', arguments: {} });
    expect(result.structuredContent).toEqual({ answer: '42' });
    await client.close();
  });

  it('cancels the run with reason mcp-request-cancelled when the call is aborted', async () => {
    const client = await connectClient(h.url);
    const ac = new AbortController();
    const call = client.callTool(
      { name: 'conformance-cancellable', arguments: { delayMs: 60_000 } },
      { signal: ac.signal },
    );
    // The run exists once the host has accepted the call.
    const run = await until(async () => {
      const res = await h.call('acme', '/runs?workflowId=conformance-cancellable');
      const body = (await res.json()) as { runs: { runId: string; status: string }[] };
      return body.runs.find((r) => r.status === 'running' || r.status === 'waiting-external');
    });
    ac.abort();
    await expect(call).rejects.toBeDefined();
    const events = await until(async () => {
      const evs = await runEvents(h, 'acme', run.runId);
      return evs.some((e) => e.type === 'run.cancelled') ? evs : undefined;
    });
    const cancelled = events.find((e) => e.type === 'run.cancelled')!;
    expect(cancelled.payload.reason).toBe('mcp-request-cancelled');
    const started = events.find((e) => e.type === 'run.started')!;
    expect(started.payload.transport).toBe('mcp');
    expect(
      events.some((e) => e.type === 'negotiation.decided' && e.payload.protocol === 'mcp'),
    ).toBe(true);
    await client.close();
  });
});
