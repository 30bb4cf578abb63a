/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC frames are untyped wire data */
// Notifications on a tools/call's own response stream (runtime/bindings/mcp/run-notifications.ts):
// notifications/progress only with `_meta.progressToken`, counting the workflow's nodes, and
// notifications/message only with `_meta` logLevel, at or above that level (the map's
// `io.modelcontextprotocol/logLevel` row). Both go out before the answer, over HTTP and stdio.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDefinition } from '../../runtime/core/reference/engine/definition.ts';
import { createRegistry, loadWorkflowDir } from '../../runtime/core/reference/workflows/index.ts';
import { serveStdio } from '../../runtime/bindings/mcp/stdio.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { rawMcp, rawMcpFrames, REVISION } from './helpers.ts';

const steps = parseDefinition(
  {
    id: 'steps',
    description: 'Two short waits, a log line each, then done.',
    inputSchema: { type: 'object' },
    nodes: [
      { id: 'first', kind: 'delay', delayMs: 20 },
      { id: 'note', kind: 'log', level: 'debug', message: 'halfway for {{inputs.who}}' },
      { id: 'warned', kind: 'log', level: 'warn', message: 'careful' },
      { id: 'second', kind: 'delay', delayMs: 20 },
      { id: 'failing', kind: 'log', level: 'error', message: 'not really' },
      { id: 'done', kind: 'complete', output: { text: 'finished' } },
    ],
  },
  'steps',
);

let h: RunningHost;
beforeAll(async () => {
  h = await startHost({ workflows: createRegistry([...loadWorkflowDir(), steps]) });
});
afterAll(async () => {
  await h.stop();
});

const call = (meta: Record<string, unknown>) =>
  rawMcpFrames(h.url, 'tools/call', { name: 'steps', arguments: { who: 'ann' } }, { meta });
const progress = (p: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 'tok-1', progress: p, total: 6 },
});
const finished = {
  jsonrpc: '2.0',
  id: 1,
  result: {
    content: [{ type: 'text', text: 'finished' }],
    structuredContent: { text: 'finished' },
    isError: false,
    resultType: 'complete',
  },
};

describe('tools/call notifications', () => {
  it('without progressToken or logLevel the answer is plain JSON with nothing before it', async () => {
    const r = await call({});
    expect(r.contentType).toBe('application/json');
    expect(r.frames).toEqual([finished]);
  });

  it('a progressToken gets one increasing notifications/progress per node passed, then the answer', async () => {
    const r = await call({ progressToken: 'tok-1' });
    expect(r.contentType).toBe('text/event-stream');
    expect(r.frames).toEqual([...[0, 1, 2, 3, 4, 5, 6].map(progress), finished]);
  });

  it('a logLevel gets the run log lines at or above it as notifications/message, never below', async () => {
    const r = await call({ 'io.modelcontextprotocol/logLevel': 'warning' });
    expect(r.frames).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'warning', logger: 'warned', data: 'careful' },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'error', logger: 'failing', data: 'not really' },
      },
      finished,
    ]);
    const all = await call({ 'io.modelcontextprotocol/logLevel': 'debug' });
    expect(all.frames.map((f) => f.params?.data)).toEqual([
      'halfway for ann',
      'careful',
      'not really',
      undefined,
    ]);
  });

  it('refuses a logLevel that is not an MCP level with -32602', async () => {
    const r = await rawMcp(
      h.url,
      'tools/call',
      { name: 'steps', arguments: {} },
      { meta: { 'io.modelcontextprotocol/logLevel': 'warn' } },
    );
    expect(r.body.error).toMatchObject({ code: -32602, data: { allowed: expect.any(Array) } });
  });

  it('writes the same notifications on stdout ahead of the answer', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: any[] = [];
    output.on('data', (chunk: Buffer) => {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    });
    const serving = serveStdio(h.host.context, h.host.mcp.dispatcher, {
      input,
      output,
      subject: (await h.host.keys.verifyKey(h.key))!,
    });
    input.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: {
          name: 'steps',
          arguments: {},
          _meta: {
            'io.modelcontextprotocol/protocolVersion': REVISION,
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/logLevel': 'error',
            progressToken: 'tok-1',
          },
        },
      }) + '\n',
    );
    const end = Date.now() + 5000;
    while (!lines.some((l) => l.id === 7) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
    input.end();
    await serving;
    expect(lines.map((l) => l.method ?? `answer ${l.id}`)).toEqual([
      ...Array(5).fill('notifications/progress'),
      'notifications/message',
      'notifications/progress',
      'notifications/progress',
      'answer 7',
    ]);
  });
});
