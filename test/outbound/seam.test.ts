// The outbound steps carried on with a send pending (`sending`: its intent committed, no answer
// recorded — a crash came between), against the official SDK peers, in process. An a2a-call asks
// the agent first: a task made by the lost send is adopted (no second message), none means the
// message is sent; an agent that does not list tasks gets the message again under the same
// messageId, with a warning (at least once there). An mcp-call sends the same tools/call again
// under the same JSON-RPC id and Idempotency-Key, with a warning: the SDK's server runs it twice
// (at least once); this host answers the repeat as the first call (test/mcp/idempotency-key.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A2aCallNode, McpCallNode } from '../../runtime/core/reference/engine/definition.ts';
import { callA2a } from '../../runtime/core/reference/engine/outbound/a2a-call.ts';
import { callMcp } from '../../runtime/core/reference/engine/outbound/mcp-call.ts';
import {
  a2aContextId,
  a2aMessageId,
  mcpRequestId,
} from '../../runtime/core/reference/engine/outbound/identity.ts';
import type {
  CallReports,
  OutboundDeps,
  RemoteState,
} from '../../runtime/core/reference/engine/outbound/types.ts';
import { mintRunId } from '../../runtime/ids.ts';
import { startSdkAgent, type SdkAgent } from '../helpers/sdk-a2a-agent.ts';
import { startSdkMcpServer, type SdkMcpServer } from '../helpers/sdk-mcp-server.ts';
import { runRecord } from '../store/subjects.ts';

let agent: SdkAgent;
let unlisted: SdkAgent;
let tools: SdkMcpServer;
beforeAll(async () => {
  [agent, unlisted, tools] = await Promise.all([
    startSdkAgent(),
    startSdkAgent({ refuse: ['ListTasks'] }),
    startSdkMcpServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([agent.close(), unlisted.close(), tools.close()]);
});

const deps: OutboundDeps = { fetch: (url, init) => fetch(url, init), stdio: {}, pollMs: 20 };
const signal = new AbortController().signal;

/** What a call reported: its intents, its records, its warnings. */
function reporting() {
  const sending: RemoteState[] = [];
  const recorded: RemoteState[] = [];
  const warned: string[] = [];
  const reports: CallReports = {
    sending: async (remote) => (sending.push(remote), true),
    record: async (remote) => void recorded.push(remote),
    decided: async () => undefined,
    warn: (message) => void warned.push(message),
  };
  return { sending, recorded, warned, reports };
}

const aRun = (text: string) =>
  runRecord('acme', { runId: mintRunId('acme'), status: 'running', inputs: { text } });
const a2aNode = (card: string): A2aCallNode => ({
  id: 'call',
  kind: 'a2a-call',
  agentCard: card,
  text: '{{inputs.text}}',
});

describe('a2a-call with a send pending', () => {
  it('adopts the task the lost send made: no second message', async () => {
    const run = aRun('lost answer');
    const node = a2aNode(agent.cardUrl);
    const lost = reporting();
    const first = await callA2a(run, node, { round: 0 }, deps, signal, lost.reports);
    const again = reporting();
    const outcome = await callA2a(run, node, { round: 0, sending: 0 }, deps, signal, again.reports);
    expect(outcome).toEqual(first);
    expect(outcome).toMatchObject({ kind: 'done', result: { text: 'echo: lost answer' } });
    const context = a2aContextId(run.runId, 'call');
    expect(agent.seen.filter((m) => m.contextId === context)).toHaveLength(1);
    expect(again.sending).toEqual([]);
    // What the lost send would have recorded: the same task.
    expect(again.recorded).toEqual(lost.recorded);
    expect(again.recorded).toEqual([{ taskId: expect.any(String), contextId: context, round: 1 }]);
  });

  it('sends when the agent holds nothing of it (the crash came before the send)', async () => {
    const run = aRun('never sent');
    const rep = reporting();
    const node = a2aNode(agent.cardUrl);
    const outcome = await callA2a(run, node, { round: 0, sending: 0 }, deps, signal, rep.reports);
    expect(outcome).toMatchObject({ kind: 'done', result: { text: 'echo: never sent' } });
    const seen = agent.seen.filter((m) => m.contextId === a2aContextId(run.runId, 'call'));
    expect(seen.map((m) => m.messageId)).toEqual([a2aMessageId(run.runId, 'call', 0)]);
    expect(rep.sending).toEqual([{ round: 0, sending: 0 }]);
    expect(rep.warned).toEqual([]);
  });

  it('an agent that does not list tasks gets the message again, same messageId, with a warning', async () => {
    const run = aRun('unlisted');
    const node = a2aNode(unlisted.cardUrl);
    await callA2a(run, node, { round: 0 }, deps, signal, reporting().reports);
    const rep = reporting();
    const outcome = await callA2a(run, node, { round: 0, sending: 0 }, deps, signal, rep.reports);
    expect(outcome).toMatchObject({ kind: 'done', result: { text: 'echo: unlisted' } });
    const seen = unlisted.seen.filter((m) => m.contextId === a2aContextId(run.runId, 'call'));
    // This agent does not treat a repeated messageId as the same message: at least once.
    expect(seen.map((m) => m.messageId)).toEqual([
      a2aMessageId(run.runId, 'call', 0),
      a2aMessageId(run.runId, 'call', 0),
    ]);
    expect(rep.warned).toEqual([
      'the agent does not list tasks (Method not found): a send that may have reached it is sent again with the same messageId',
    ]);
  });
});

describe('mcp-call with a send pending', () => {
  it('sends the same tools/call again under the same id and Idempotency-Key, with a warning', async () => {
    const run = aRun('again');
    const node: McpCallNode = {
      id: 'call',
      kind: 'mcp-call',
      server: tools.url,
      tool: 'echo',
      arguments: { text: '{{inputs.text}}' },
    };
    const before = tools.seen.length;
    await callMcp(run, node, { round: 0 }, deps, signal, reporting().reports);
    const rep = reporting();
    const outcome = await callMcp(run, node, { round: 0, sending: 0 }, deps, signal, rep.reports);
    expect(outcome).toEqual({
      kind: 'done',
      result: { text: 'again', structuredContent: { text: 'again' } },
    });
    const key = mcpRequestId('tools/call', run.runId, 'call', 0);
    // The SDK's server ignores the key: it ran the tool twice (at least once).
    expect(tools.seen.slice(before).map((c) => c.headers['idempotency-key'])).toEqual([key, key]);
    expect(rep.warned).toEqual([
      'a request that may have reached the MCP server is sent again under the same id and Idempotency-Key: a server that does not honour the key runs it twice',
    ]);
  });
});
