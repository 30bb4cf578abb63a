// Outbound steps through a real host (REST): an `a2a-call` to an agent of the official A2A SDK and
// an `mcp-call` to a server of the official MCP SDK. The remote's result becomes vars.<id>; the
// agent's INPUT_REQUIRED and the server's round of input surface as our clarification, whose
// answer goes back to the same remote task; AUTH_REQUIRED is our credential interrupt; our cancel
// cancels the agent's task; a host without loopback admitted refuses to call out; the operator's
// bounds (`outbound.limits`) end a read that is too long or too large.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId } from '../../runtime/ids.ts';
import { createRegistry, loadWorkflowDir } from '../../runtime/core/reference/workflows/index.ts';
import { parseDefinition } from '../../runtime/core/reference/engine/definition.ts';
import {
  a2aContextId,
  a2aMessageId,
} from '../../runtime/core/reference/engine/outbound/identity.ts';
import type { HostConfig } from '../../runtime/config.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { startSdkAgent, type SdkAgent } from '../helpers/sdk-a2a-agent.ts';
import { startSdkMcpServer, type SdkMcpServer } from '../helpers/sdk-mcp-server.ts';

let agent: SdkAgent;
let tools: SdkMcpServer;
let h: RunningHost;
let closed: RunningHost;
let bounded: RunningHost;
/** A peer that never answers `/hung` and answers `/big` with 2 KiB of JSON. */
let peer: Server;
let peerUrl: string;

function workflows() {
  const def = (id: string, nodes: unknown[]) =>
    parseDefinition({ id, description: id, inputSchema: { type: 'object' }, nodes }, 'test');
  return createRegistry([
    ...loadWorkflowDir(),
    def('call-agent', [
      { id: 'ask', kind: 'a2a-call', agentCard: agent.cardUrl, text: '{{inputs.text}}' },
      { id: 'done', kind: 'complete', output: { answer: '{{vars.ask.text}}' } },
    ]),
    def('call-tool', [
      {
        id: 'tool',
        kind: 'mcp-call',
        server: tools.url,
        tool: '{{inputs.tool}}',
        arguments: { text: '{{inputs.text}}' },
      },
      { id: 'done', kind: 'complete', output: { answer: '{{vars.tool.text}}' } },
    ]),
    ...['hung', 'big'].map((path) =>
      def(`call-${path}`, [
        { id: 'tool', kind: 'mcp-call', server: `${peerUrl}/${path}`, tool: 'echo' },
        { id: 'done', kind: 'complete', output: {} },
      ]),
    ),
  ]);
}

interface Run {
  runId: string;
  status: string;
  currentNodeId?: string;
  outputs?: Record<string, unknown>;
  error?: { code: string; message: string };
}

async function start(host: RunningHost, workflowId: string, inputs: object): Promise<Run> {
  const r = await host.call('acme', '/runs', {
    method: 'POST',
    body: JSON.stringify({ workflowId, inputs }),
  });
  expect(r.status).toBe(201);
  return (await r.json()) as Run;
}

/** The run once it leaves `running` (the outbound step settles beside the request). */
async function settled(host: RunningHost, runId: string): Promise<Run> {
  for (;;) {
    const run = (await (await host.call('acme', `/runs/${projectId(runId)}`)).json()) as Run;
    if (run.status !== 'running' && run.status !== 'pending') return run;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function answer(host: RunningHost, run: Run, value: unknown): Promise<Run> {
  const r = await host.call(
    'acme',
    `/runs/${projectId(run.runId)}/interrupts/${run.currentNodeId}`,
    {
      method: 'POST',
      body: JSON.stringify({ resumeValue: { action: 'accept', value } }),
    },
  );
  expect(r.status).toBe(200);
  return settled(host, run.runId);
}

/** The payload of the run's last `interrupt.requested` event. */
async function openInterrupt(host: RunningHost, runId: string) {
  const r = await host.call('acme', `/runs/${projectId(runId)}/events/poll`);
  const body = (await r.json()) as { events: { type: string; payload: object }[] };
  return body.events.filter((e) => e.type === 'interrupt.requested').at(-1)!.payload;
}

/** The outbound negotiations on the run's log (the host's REST run has no inbound one). */
async function decided(host: RunningHost, runId: string) {
  const r = await host.call('acme', `/runs/${projectId(runId)}/events/poll`);
  const body = (await r.json()) as { events: { type: string; payload: object }[] };
  return body.events.filter((e) => e.type === 'negotiation.decided').map((e) => e.payload);
}
const digest = (origin: string) => createHash('sha256').update(origin).digest('hex');

beforeAll(async () => {
  agent = await startSdkAgent();
  tools = await startSdkMcpServer();
  peer = createServer((req, res) => {
    if (req.url === '/big')
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: 0, result: { padding: 'x'.repeat(2048) } }));
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  process.env['WOPGEN_TEST_TOOL_TOKEN'] = 'Bearer tool-token-0123';
  const outbound = (c: HostConfig) => {
    c.outbound.allowedCidrs = ['127.0.0.0/8'];
    c.outbound.allowedPorts = [agent.base, tools.url].map((u) => Number(new URL(u).port));
    c.outbound.allowHttp = true;
    c.outbound.pollMs = 20;
    c.outbound.credentials = [
      { origin: new URL(tools.url).origin, header: 'authorization', env: 'WOPGEN_TEST_TOOL_TOKEN' },
    ];
  };
  h = await startHost({ workflows: workflows(), config: outbound });
  closed = await startHost({ workflows: workflows() });
  bounded = await startHost({
    workflows: workflows(),
    config: (c) => {
      outbound(c);
      c.outbound.allowedPorts = [Number(new URL(peerUrl).port)];
      c.outbound.limits = { timeoutMs: 200, maxAnswerBytes: 1024 };
    },
  });
});
afterAll(async () => {
  await h.close();
  await closed.close();
  await bounded.close();
  peer.closeAllConnections();
  peer.close();
  await agent.close();
  await tools.close();
});

describe('a2a-call', () => {
  it('sends to the agent and completes with its answer', async () => {
    const run = await settled(h, (await start(h, 'call-agent', { text: 'hi' })).runId);
    expect(run).toMatchObject({ status: 'completed', outputs: { answer: 'echo: hi' } });
    const sent = agent.seen.at(-1)!;
    expect(sent.messageId).toBe(a2aMessageId(run.runId, 'ask', 0));
    expect(sent.contextId).toBe(a2aContextId(run.runId, 'ask'));
    expect(await decided(h, run.runId)).toEqual([
      {
        protocol: 'a2a',
        outcome: 'accepted',
        version: '1.0',
        requested: '1.0',
        reason: 'ok',
        peerDigest: digest(new URL(agent.base).origin),
        at: expect.any(String),
      },
    ]);
  });

  it("the agent's INPUT_REQUIRED is our clarification; the answer goes back to its task", async () => {
    const asking = await settled(h, (await start(h, 'call-agent', { text: 'ask' })).runId);
    expect(asking).toMatchObject({ status: 'waiting-input', currentNodeId: 'ask' });
    const it0 = await openInterrupt(h, asking.runId);
    expect(it0).toMatchObject({
      kind: 'clarification',
      schema: { description: 'what name?', required: ['text'] },
    });
    const done = await answer(h, asking, { text: 'Ada' });
    expect(done).toMatchObject({ status: 'completed', outputs: { answer: 'hello Ada' } });
    const [first, second] = agent.seen.slice(-2);
    expect(second!.taskId).toBe(first!.taskId);
    expect(second!.messageId).toBe(a2aMessageId(asking.runId, 'ask', 1));
  });

  it("the agent's AUTH_REQUIRED is our credential interrupt pointing at its card", async () => {
    const run = await settled(h, (await start(h, 'call-agent', { text: 'auth' })).runId);
    expect(run.status).toBe('waiting-input');
    expect(await openInterrupt(h, run.runId)).toMatchObject({
      kind: 'credential',
      connectUrl: agent.cardUrl,
    });
  });

  it("our cancel cancels the agent's task", async () => {
    const run = await start(h, 'call-agent', { text: 'slow' });
    // The agent has the task once the run records it (engine.outbound).
    while (!agent.seen.some((m) => m.messageId === a2aMessageId(run.runId, 'ask', 0)))
      await new Promise((r) => setTimeout(r, 20));
    const r = await h.call('acme', `/runs/${projectId(run.runId)}/cancel`, { method: 'POST' });
    expect(r.status).toBe(200);
    const taskId = agent.seen.find(
      (m) => m.messageId === a2aMessageId(run.runId, 'ask', 0),
    )!.taskId;
    for (;;) {
      const t = await fetch(`${agent.base}/a2a/rest/tasks/${taskId}`, {
        headers: { 'a2a-version': '1.0' },
      });
      const task = (await t.json()) as { status: { state: string } };
      if (task.status.state === 'TASK_STATE_CANCELED') break;
      await new Promise((res) => setTimeout(res, 20));
    }
  });

  it('a host that does not admit loopback refuses the call (the egress guard)', async () => {
    const run = await settled(closed, (await start(closed, 'call-agent', { text: 'hi' })).runId);
    expect(run).toMatchObject({ status: 'failed', error: { code: 'remote_unreachable' } });
    // The refusal names what the URL is for: an outbound target, not a push receiver.
    expect(run.error!.message).toBe(
      'the peer could not be reached: EgressRefused: the outbound URL must use https',
    );
  });
});

describe('mcp-call', () => {
  it('calls the tool and completes with its answer', async () => {
    const run = await settled(h, (await start(h, 'call-tool', { tool: 'echo', text: 'hi' })).runId);
    expect(run.error).toBeUndefined();
    expect(run).toMatchObject({ status: 'completed', outputs: { answer: 'hi' } });
    // The operator's credential for this server, by reference; never our caller's key.
    expect(tools.seen.at(-1)!.headers.authorization).toBe('Bearer tool-token-0123');
    expect(await decided(h, run.runId)).toEqual([
      {
        protocol: 'mcp',
        outcome: 'accepted',
        version: '2026-07-28',
        requested: '2026-07-28',
        reason: 'ok',
        peerDigest: digest(new URL(tools.url).origin),
        at: expect.any(String),
      },
    ]);
  });

  it("the server's round of input is our clarification; the answer is retried to the tool", async () => {
    const asking = await settled(
      h,
      (await start(h, 'call-tool', { tool: 'confirm', text: 'deploy' })).runId,
    );
    expect(asking).toMatchObject({ status: 'waiting-input', currentNodeId: 'tool' });
    expect(await openInterrupt(h, asking.runId)).toMatchObject({
      kind: 'clarification',
      schema: {
        type: 'object',
        required: ['confirm'],
        properties: { confirm: { description: 'Confirm deploy?', required: ['ok'] } },
      },
    });
    const done = await answer(h, asking, { confirm: { ok: true } });
    expect(done).toMatchObject({ status: 'completed', outputs: { answer: 'deploy: yes' } });
  });

  it('a tool error fails the run remote_failed', async () => {
    const run = await settled(h, (await start(h, 'call-tool', { tool: 'nope', text: 'x' })).runId);
    expect(run).toMatchObject({ status: 'failed', error: { code: 'remote_failed' } });
  });
});

describe("the operator's bounds (outbound.limits)", () => {
  it('an answer past maxAnswerBytes fails the step remote_unreachable', async () => {
    const run = await settled(bounded, (await start(bounded, 'call-big', {})).runId);
    expect(run).toMatchObject({
      status: 'failed',
      error: { code: 'remote_unreachable', message: 'the answer is larger than 1024 bytes' },
    });
  });

  it('a peer silent past timeoutMs fails the step remote_unreachable', async () => {
    const run = await settled(bounded, (await start(bounded, 'call-hung', {})).runId);
    expect(run).toMatchObject({
      status: 'failed',
      error: { code: 'remote_unreachable', message: 'the peer did not answer in time' },
    });
  });
});
