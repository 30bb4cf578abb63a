// A foreign engine behind the RunCore port: the example of examples/foreign-engine/ (an in-memory
// core written only against wopgen/runtime, composed by createHost with in-memory host stores),
// driven over the wire by the official A2A client (@a2a-js/sdk) and the official MCP client
// (@modelcontextprotocol/client): a run that completes at once, and one input round trip on each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMessageRequest, TaskState, type Task } from '@a2a-js/sdk';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  type Client as A2aClient,
} from '@a2a-js/sdk/client';
import type { Host } from '../../runtime/index.ts';
import type { InMemoryCore } from '../../examples/foreign-engine/core.ts';
import { createForeignHost, keyAuthenticator } from '../../examples/foreign-engine/host.ts';
import { connectClient } from '../mcp/helpers.ts';
import { KEYS } from '../helpers/host.ts';

let host: Host;
let url: string;
let core: InMemoryCore;
let a2a: A2aClient;
let seq = 0;

beforeAll(async () => {
  ({ host, core } = await createForeignHost(keyAuthenticator({ [KEYS.acme]: 'acme' })));
  url = await host.listen(0);
  const fetchImpl: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${KEYS.acme}`);
    return fetch(input, { ...init, headers });
  };
  a2a = await new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  ).createFromUrl(url);
});

afterAll(async () => {
  await host.close();
});

function message(parts: unknown[], extra: Record<string, unknown> = {}) {
  seq += 1;
  return SendMessageRequest.fromJSON({
    message: { messageId: `foreign-${seq}`, role: 'ROLE_USER', parts, ...extra },
    configuration: {},
  });
}

const asTask = (r: unknown): Task => r as Task;

describe('a foreign engine behind the RunCore port', () => {
  it('the agent card lists the foreign workflows as skills', async () => {
    const card = await a2a.getAgentCard();
    expect(card.skills.map((s) => s.id)).toEqual(['say', 'greet-by-name']);
  });

  it('A2A: a message completes at once, echoing its input', async () => {
    const task = asTask(
      await a2a.sendMessage(
        message([{ data: { text: 'hi' } }], { metadata: { openwop: { skill: 'say' } } }),
      ),
    );
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.artifacts[0]?.parts[0]?.content).toEqual({
      $case: 'data',
      value: { text: 'hi' },
    });
    // The A2A record went to the foreign core with the run (contextId and history).
    const again = await a2a.getTask({ tenant: '', id: task.id, historyLength: 5 });
    expect(again.contextId).toBe(task.contextId);
    expect(again.history).toHaveLength(1);
    expect(core.runs.get(task.id)!.record?.contextId).toBe(task.contextId);
  });

  it('A2A: one input round trip (input-required, then the answer completes the task)', async () => {
    const first = asTask(
      await a2a.sendMessage(
        message([{ text: 'start' }], { metadata: { openwop: { skill: 'greet-by-name' } } }),
      ),
    );
    expect(first.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(first.metadata?.['openwop']?.interrupt).toMatchObject({ kind: 'input', nodeId: 'name' });
    const done = asTask(
      await a2a.sendMessage(message([{ data: { name: 'Ann' } }], { taskId: first.id })),
    );
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(done.contextId).toBe(first.contextId);
    expect(done.artifacts[0]?.parts[0]?.content).toEqual({
      $case: 'data',
      value: { text: 'hello Ann' },
    });
    const history = await a2a.getTask({ tenant: '', id: first.id, historyLength: 10 });
    expect(history.history).toHaveLength(2);
  });

  it('MCP: tools are the foreign workflows; a call completes at once', async () => {
    const client = await connectClient(url);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['greet-by-name', 'say']);
    const result = await client.callTool({ name: 'say', arguments: { text: 'hello' } });
    expect(result).toMatchObject({ isError: false, content: [{ type: 'text', text: 'hello' }] });
    await client.close();
  });

  it('MCP: one input round trip through the elicitation handler, with the port prompt', async () => {
    const asked: { mode?: string; message?: string; requestedSchema?: unknown }[] = [];
    const client = await connectClient(url, 'acme', (params: (typeof asked)[number]) => {
      asked.push(params);
      return { action: 'accept', content: { name: 'Bo' } };
    });
    const result = await client.callTool({ name: 'greet-by-name', arguments: {} });
    expect(asked).toEqual([
      expect.objectContaining({
        mode: 'form',
        message: 'What is your name?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
        },
      }),
    ]);
    expect(result).toMatchObject({ isError: false, structuredContent: { text: 'hello Bo' } });
    await client.close();
  });
});
