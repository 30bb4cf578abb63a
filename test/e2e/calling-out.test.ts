// End to end through `wopgen serve` (README "Calling out"): the example workflows of
// examples/calling-out, pointed at an agent of the official A2A SDK and a server of the official
// MCP SDK on loopback (the operator's --outbound-allow-cidrs and --outbound-ports, --outbound-allow-http). An A2A SendMessage to our host starts
// agent-then-tool, which completes with both remotes' answers; the agent's INPUT_REQUIRED surfaces
// as our task's INPUT_REQUIRED and our caller's answer round-trips to the agent. The operator's
// --outbound-max-answer-bytes bounds what a step reads: a peer whose answer never ends fails the
// step remote_unreachable at that bound.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2aClient, fetchAgentCard, selectInterface } from '../../generated/a2a/client.ts';
import type { Task } from '../../generated/types/a2a-wire.ts';
import { projectId } from '../../runtime/ids.ts';
import { KEYS, removeDir } from '../helpers/host.ts';
import { startSdkAgent, type SdkAgent } from '../helpers/sdk-a2a-agent.ts';
import { startSdkMcpServer, type SdkMcpServer } from '../helpers/sdk-mcp-server.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { killLeftovers, startServe, type Served } from '../rest/serve-helpers.ts';

let agent: SdkAgent;
let tools: SdkMcpServer;
let served: Served;
let dir: string;
let client: A2aClient;
let base: string;
let flood: Server;
/** What --outbound-max-answer-bytes allows of one answer (the clients' default is 4 MiB). */
const MAX_ANSWER_BYTES = 16_384;
/** The tool server's credential, bound by the operator in wopgen.config.json by reference. */
const TOOLS_SECRET = 'Bearer tools-secret-2c1f';

/** A peer whose answer never ends: JSON text written for as long as the connection stays open. */
async function startFlood(): Promise<Server> {
  const chunk = `"${'x'.repeat(4094)}",`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"padding":[');
    const more = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', more);
    };
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  agent = await startSdkAgent();
  tools = await startSdkMcpServer();
  flood = await startFlood();
  const floodPort = (flood.address() as AddressInfo).port;
  dir = mkdtempSync(join(tmpdir(), 'wopgen-calling-out-'));
  const examples = join(projectRoot, 'examples/calling-out');
  mkdirWorkflows(examples, join(dir, 'workflows'));
  writeFileSync(
    join(dir, 'workflows', 'flooded.json'),
    JSON.stringify({
      id: 'flooded',
      description: 'Calls an agent whose card never ends.',
      inputSchema: { type: 'object' },
      nodes: [
        {
          id: 'agent',
          kind: 'a2a-call',
          agentCard: `http://127.0.0.1:${floodPort}/.well-known/agent-card.json`,
          text: 'hi',
        },
        { id: 'done', kind: 'complete', output: {} },
      ],
    }),
  );
  // The operator binds a credential to the tool server's origin by reference (serve.outbound);
  // its value is only in the host's environment.
  writeFileSync(
    join(dir, 'wopgen.config.json'),
    JSON.stringify({
      serve: {
        outbound: {
          credentials: [
            { origin: new URL(tools.url).origin, header: 'authorization', env: 'TOOLS_TOKEN' },
          ],
        },
      },
    }),
  );
  served = startServe(
    [
      '--port',
      '0',
      '--store',
      `sqlite:${join(dir, 'host.db')}`,
      '--api-key',
      `${KEYS.acme}=acme`,
      '--workflows',
      join(dir, 'workflows'),
      '--outbound-allow-cidrs',
      '127.0.0.0/8',
      '--outbound-ports',
      [...[agent.cardUrl, tools.url].map((u) => new URL(u).port), floodPort].join(','),
      '--outbound-allow-http',
      '--outbound-max-answer-bytes',
      String(MAX_ANSWER_BYTES),
    ],
    { cwd: dir, env: { TOOLS_TOKEN: TOOLS_SECRET } },
  );
  const ready = await served.ready;
  base = /listening on (\S+)/.exec(ready.msg)![1]!;
  const cardUrl = `${base}/.well-known/agent-card.json`;
  const card = await fetchAgentCard(cardUrl);
  client = new A2aClient({
    interface: selectInterface(card, cardUrl, ['JSONRPC']).interface!,
    headers: { authorization: `Bearer ${KEYS.acme}` },
  });
}, 60_000);
afterAll(async () => {
  served?.child.kill('SIGTERM');
  await served?.exited;
  killLeftovers();
  await agent?.close();
  await tools?.close();
  flood?.closeAllConnections();
  flood?.close();
  removeDir(dir);
});

/** The examples with the loopback ports they name replaced by the peers' own. */
function mkdirWorkflows(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const f of readdirSync(from).filter((n) => n.endsWith('.json'))) {
    const text = readFileSync(join(from, f), 'utf8')
      .replaceAll('http://127.0.0.1:9100/.well-known/agent-card.json', agent.cardUrl)
      .replaceAll('http://127.0.0.1:9200/mcp', tools.url);
    writeFileSync(join(to, f), text);
  }
}

/** Our task once it stops working (the outbound steps settle beside the request). */
async function settled(task: Task): Promise<Task> {
  let t = task;
  while (t.status.state === 'TASK_STATE_WORKING' || t.status.state === 'TASK_STATE_SUBMITTED') {
    await new Promise((r) => setTimeout(r, 50));
    t = await client.getTask({ id: t.id });
  }
  return t;
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

const send = async (text: string, skill: string, task?: Task) => {
  const sent = await client.sendMessage({
    message: {
      messageId: `m-${Math.random().toString(36).slice(2)}`,
      role: 'ROLE_USER',
      parts: task ? [{ data: { text } }] : [{ text }],
      ...(task ? { taskId: task.id, contextId: task.contextId } : {}),
      ...(task ? {} : { metadata: { openwop: { skill, traceparent: TRACEPARENT } } }),
    },
  });
  if (!('task' in sent)) throw new Error('expected a task');
  return settled(sent.task);
};

describe('calling out through wopgen serve', () => {
  it('an A2A message starts a workflow that calls the agent and the tool', async () => {
    const task = await send('hi', 'agent-then-tool');
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(JSON.stringify(task.artifacts)).toContain('"agent":"echo: hi","tool":"echo: hi"');
    // Both remotes see our trace: its id, a parent id of the calling step's own.
    const traceOf = (tp: unknown) => String(tp).split('-')[1];
    const sent = agent.seen.at(-1)!.metadata as { openwop?: { traceparent?: string } };
    expect(traceOf(sent.openwop?.traceparent)).toBe(TRACE_ID);
    expect(sent.openwop?.traceparent).not.toBe(TRACEPARENT);
    expect(tools.seen.at(-1)!.tool).toBe('echo');
    expect(traceOf(tools.seen.at(-1)!.meta['traceparent'])).toBe(TRACE_ID);
    // The operator's credential reached the origin it is bound to; our caller's key went nowhere.
    expect(tools.seen.at(-1)!.headers['authorization']).toBe(TOOLS_SECRET);
    expect(JSON.stringify(tools.seen)).not.toContain(KEYS.acme);
  }, 60_000);

  it("the agent's INPUT_REQUIRED is our task's; the answer round-trips", async () => {
    const asking = await send('ask', 'ask-an-agent');
    expect(asking.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const done = await send('Ada', 'ask-an-agent', asking);
    expect(done.status.state).toBe('TASK_STATE_COMPLETED');
    expect(JSON.stringify(done.artifacts)).toContain('hello Ada');
  }, 60_000);

  it('an answer past --outbound-max-answer-bytes fails the step remote_unreachable', async () => {
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${KEYS.acme}`, 'content-type': 'application/json' },
      });
    const created = await call('/runs', {
      method: 'POST',
      body: JSON.stringify({ workflowId: 'flooded', inputs: {} }),
    });
    expect(created.status).toBe(201);
    const { runId } = (await created.json()) as { runId: string };
    let run: { status: string; error?: unknown };
    do {
      await new Promise((r) => setTimeout(r, 50));
      run = (await (await call(`/runs/${projectId(runId)}`)).json()) as typeof run;
    } while (run.status === 'running' || run.status === 'pending');
    // The answer never ends: only the bound ends the read, and it is the operator's, not 4 MiB.
    expect(run).toMatchObject({
      status: 'failed',
      error: {
        code: 'remote_unreachable',
        message: `the answer is larger than ${MAX_ANSWER_BYTES} bytes`,
      },
    });
  }, 60_000);
});
