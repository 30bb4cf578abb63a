// The generated MCP client against wopgen's own host, over HTTP and over stdio: discover and the
// negotiation (accepted, and refused for a revision the host does not speak), tools/call with
// multi-round input, the tasks extension (a task followed to its end, its input answered by
// tasks/update, tasks/cancel), and a refusal typed by the revision's registry.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpClientCore, McpNegotiationError } from '../../generated/client/mcp-core.ts';
import { mcpStdioTransport } from '../../generated/client/mcp-stdio.ts';
import {
  McpClient,
  McpRemoteError,
  mcpClientTables,
  mcpHttpTransport,
} from '../../generated/mcp/client.ts';
import { KEYS, removeDir, type RunningHost } from '../helpers/host.ts';
import { startMcpHost, stdioServeCommand } from '../mcp/helpers.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startMcpHost();
});
afterAll(() => h.stop());

const transport = () =>
  mcpHttpTransport(`${h.url}/mcp`, { headers: { authorization: `Bearer ${KEYS.acme}` } });
const client = () =>
  new McpClient({
    transport: transport(),
    clientInfo: { name: 'wopgen-test', version: '1.0.0' },
    capabilities: { elicitation: { form: {} } },
  });
const accept = async (requests: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(requests).map((k) => [k, { action: 'accept', content: {} }]));

describe('MCP client against the host over HTTP', () => {
  it('discovers, lists and calls echo', async () => {
    const c = client();
    await c.discover();
    expect(c.core.negotiation?.outcome).toBe('accepted');
    const { tools } = await c.toolsList({});
    expect(tools.map((t) => t.name)).toContain('echo');
    const result = await c.callTool('echo', { text: 'hello' });
    expect(result).toMatchObject({
      content: [{ type: 'text', text: 'hello' }],
      isError: false,
      resultType: 'complete',
    });
  });

  it('a revision the host does not speak is refused as a negotiation', async () => {
    const core = new McpClientCore(
      { ...mcpClientTables, revision: '2099-01-01' },
      { transport: transport() },
    );
    const err = await core.discover().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpNegotiationError);
    expect((err as McpNegotiationError).supported).toEqual(['2026-07-28']);
    expect(core.negotiation).toEqual({
      protocol: 'mcp',
      outcome: 'refused',
      requested: '2099-01-01',
      reason: 'unsupported',
      peer: new URL(h.url).origin,
    });
  });

  it('answers the approval rounds of a workflow through onInput', async () => {
    const rounds: string[][] = [];
    const result = await client().callTool(
      'conformance-approval',
      {},
      {
        onInput: async (r) => {
          rounds.push(Object.keys(r));
          return accept(r);
        },
      },
    );
    expect(rounds).toHaveLength(1);
    expect(result).toMatchObject({ resultType: 'complete', isError: false });
  });

  it('follows a task of the tasks extension, its input answered by tasks/update', async () => {
    const c = client();
    await c.discover();
    expect(c.core.serverHasTasks).toBe(true);
    const created = await c.callTool('conformance-approval', {}, { tasks: true });
    if (created.resultType !== 'task') throw new Error(`not a task: ${created.resultType}`);
    const asked: string[][] = [];
    const done = await c.followTask(created.taskId, {
      onInput: async (r) => {
        asked.push(Object.keys(r));
        return accept(r);
      },
    });
    expect(asked).toHaveLength(1);
    expect(done).toMatchObject({ status: 'completed', result: { isError: false } });
  });

  it('tasks/cancel cancels a working task', async () => {
    const c = client();
    const created = await c.callTool('conformance-cancellable', {}, { tasks: true });
    if (created.resultType !== 'task') throw new Error(`not a task: ${created.resultType}`);
    await c.tasksCancel({ taskId: created.taskId });
    expect((await c.followTask(created.taskId)).status).toBe('cancelled');
  });

  it('bad arguments are the host refusal, typed', async () => {
    const err = await client()
      .callTool('echo', { text: 42 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpRemoteError);
    expect(err).toMatchObject({ code: -32602 });
  });
});

describe('MCP client against the host over stdio', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-mcp-client-'));
  });
  afterAll(() => removeDir(dir));

  it('discovers and calls echo through the child process', async () => {
    const c = new McpClient({ transport: mcpStdioTransport({ spawn, ...stdioServeCommand(dir) }) });
    try {
      await c.discover();
      expect(c.core.negotiation?.peer).toBe(`stdio:${process.execPath}`);
      expect(await c.callTool('echo', { text: 'via stdio' })).toMatchObject({
        content: [{ type: 'text', text: 'via stdio' }],
      });
    } finally {
      await c.close();
    }
  }, 30_000);
});
