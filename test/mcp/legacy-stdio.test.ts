/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// The initialize era over stdio: `wopgen serve --stdio` spawned by the official client in its
// default, unpinned mode (it opens with `initialize`, as desktop clients do): list, call, an
// elicitation round trip as a server-to-client request on stdout, cancellation by
// notifications/cancelled; and, in process, a request naming no revision before any initialize.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStdio } from '../../runtime/bindings/mcp/stdio.ts';
import { KEYS, removeDir } from '../helpers/host.ts';
import { abortStdioCall, startMcpHost, stdioServerTransport } from './helpers.ts';

let dir: string;
let client: Client;
const asked: any[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wopgen-legacy-stdio-'));
  client = new Client(
    { name: 'wopgen-legacy-stdio', version: '1.0.0' },
    { capabilities: { elicitation: {} } },
  );
  client.setRequestHandler('elicitation/create', async (req: any) => {
    asked.push(req.params);
    return { action: 'accept', content: { answer: 'yes' } };
  });
  const transport = stdioServerTransport(dir);
  await client.connect(transport);
}, 30_000);
afterAll(async () => {
  await client?.close();
  removeDir(dir);
});

describe('the official client in its default mode over stdio', () => {
  it('initializes at 2025-11-25, lists and calls echo', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'wopgen' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('echo');
    const r = await client.callTool({ name: 'echo', arguments: { text: 'over stdio' } });
    expect(r).toEqual({
      content: [{ type: 'text', text: 'over stdio' }],
      structuredContent: { text: 'over stdio' },
      isError: false,
    });
  });

  it('asks the clarification with elicitation/create and completes with the answer', async () => {
    const r = await client.callTool({ name: 'conformance-clarification', arguments: {} });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ mode: 'form', requestedSchema: { type: 'object' } });
    expect(r).toMatchObject({ isError: false, structuredContent: { answer: 'yes' } });
  });

  it('cancels a long call by notifications/cancelled, run reason mcp-request-cancelled', async () => {
    const { runs, events } = await abortStdioCall(client, dir);
    expect(runs.map((r) => r.status)).toEqual(['cancelled']);
    expect(events.find((e) => e.type === 'run.cancelled')?.payload.reason).toBe(
      'mcp-request-cancelled',
    );
    expect(events.find((e) => e.type === 'negotiation.decided')?.payload).toMatchObject({
      protocol: 'mcp',
      outcome: 'accepted',
      version: '2025-11-25',
      requested: '2025-11-25',
    });
  }, 30_000);
});

describe('stdio in process', () => {
  it('refuses a request naming no revision before initialize (-32602), naming none itself', async () => {
    const h = await startMcpHost();
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: any[] = [];
    output.on('data', (b: Buffer) => {
      for (const l of b.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    });
    const subject = (await h.host.keys.verifyKey(KEYS.acme))!;
    const served = serveStdio(h.host.context, h.host.mcp.dispatcher, {
      input,
      output,
      subject,
      legacy: h.host.mcp.legacy,
    });
    input.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) + '\n');
    await served;
    await h.stop();
    expect(lines).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32602,
          message: '_meta["io.modelcontextprotocol/protocolVersion"] is required on every request',
          data: { missing: 'io.modelcontextprotocol/protocolVersion' },
        },
      },
    ]);
  });
});
