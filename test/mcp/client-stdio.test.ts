/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// End to end over stdio: `wopgen serve --stdio --api-key KEY=TENANT` spawned by the official client
// (@modelcontextprotocol/client 2.4.0, pinned to 2026-07-28): discover, list, call echo, an MRTR
// round trip, and cancellation by `notifications/cancelled` (the run ends mcp-request-cancelled).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, removeDir } from '../helpers/host.ts';
import { abortStdioCall, REVISION, stdioServerTransport } from './helpers.ts';

let dir: string;
let client: Client;

async function connect(): Promise<Client> {
  const c = new Client(
    { name: 'wopgen-stdio-test', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      versionNegotiation: { mode: { pin: REVISION } },
    },
  );
  c.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: {} }));
  const transport = stdioServerTransport(dir);
  await c.connect(transport);
  return c;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wopgen-stdio-'));
  client = await connect();
}, 30_000);
afterAll(async () => {
  await client?.close();
  removeDir(dir);
});

describe('MCP over stdio with the official client', () => {
  it('discovers, lists and calls echo', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'wopgen' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('echo');
    const r = await client.callTool({ name: 'echo', arguments: { text: 'over stdio' } });
    expect(r).toMatchObject({ isError: false, content: [{ type: 'text', text: 'over stdio' }] });
  });

  it('completes conformance-approval through the elicitation handler', async () => {
    const r = await client.callTool({ name: 'conformance-approval', arguments: {} });
    expect(r).toMatchObject({ isError: false, structuredContent: { approved: true } });
  });

  it('cancels a long call by notifications/cancelled, run reason mcp-request-cancelled', async () => {
    const { runs, events } = await abortStdioCall(client, dir);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe('cancelled');
    expect(events.find((e) => e.type === 'run.cancelled')?.payload.reason).toBe(
      'mcp-request-cancelled',
    );
    expect(events.find((e) => e.type === 'run.started')?.payload.transport).toBe('mcp');
  }, 30_000);
});

describe('stdio transport in process', () => {
  it('notifications/cancelled alone (stdin still open) cancels the run and suppresses the answer', async () => {
    const { PassThrough } = await import('node:stream');
    const { serveStdio } = await import('../../runtime/bindings/mcp/stdio.ts');
    const { startMcpHost } = await import('./helpers.ts');
    const h = await startMcpHost();
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: any[] = [];
    output.on('data', (b: Buffer) => {
      for (const l of b.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    });
    const subject = (await h.host.keys.verifyKey(KEYS.acme))!;
    const done = serveStdio(h.host.context, h.host.mcp.dispatcher, { input, output, subject });
    const meta = {
      'io.modelcontextprotocol/protocolVersion': REVISION,
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    input.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'slow-1',
        method: 'tools/call',
        params: { name: 'conformance-cancellable', arguments: { delayMs: 60_000 }, _meta: meta },
      }) + '\n',
    );
    let runId: string | undefined;
    for (let i = 0; i < 100 && !runId; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const list = await h.host.context.core.listRuns(subject, {
        workflowId: 'conformance-cancellable',
      });
      runId = list.runs[0]?.runId;
    }
    input.write(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 'slow-1', reason: 'user', _meta: meta },
      }) + '\n',
    );
    let status = '';
    for (let i = 0; i < 100 && status !== 'cancelled'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await h.host.context.core.getRun(subject, runId!))!.status;
    }
    expect(status).toBe('cancelled');
    const events = await h.host.context.core.readEvents(subject, runId!, -1, 100);
    expect(events!.find((e) => e.type === 'run.cancelled')?.payload.reason).toBe(
      'mcp-request-cancelled',
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(lines.filter((l) => l.id === 'slow-1')).toEqual([]);
    input.end();
    await done;
    await h.stop();
  });
});
