// A2A 1.0's JSON is the ProtoJSON mapping of its proto: a request member may be written with its
// JSON name (lowerCamelCase) or its proto field name (snake_case), on both bindings, in params, in
// the message and its parts, and in the configuration; a member that is neither is -32602 naming it
// (HTTP+JSON: 400 INVALID_ARGUMENT), and so is one member given under both names. The official
// client writes JSON names, and is served as before. The checks are the contract's generated
// request validators (validators/requests.ts), not the binding's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMessageRequest, type Task } from '@a2a-js/sdk';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
} from '@a2a-js/sdk/client';
import { rpcClient } from '../helpers/a2a-rpc.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
let rpc: ReturnType<typeof rpcClient>['rpc'];
/** Two tasks of acme's, each in a context of its own. */
const tasks: { id: string; contextId: string }[] = [];

const rest = (path: string, init: RequestInit = {}) => h.call('acme', `/a2a/rest${path}`, init);

beforeAll(async () => {
  h = await startHost();
  rpc = rpcClient(h).rpc;
  for (const context of ['ctx-protojson-a', 'ctx-protojson-b']) {
    const r = await rpc('SendMessage', {
      message: {
        messageId: `m-${context}`,
        contextId: context,
        role: 'ROLE_USER',
        parts: [{ data: { text: context } }],
        metadata: { openwop: { skill: 'echo' } },
      },
    });
    const task = r.body.result!.task as { id: string; contextId: string };
    tasks.push({ id: task.id, contextId: task.contextId });
  }
});
afterAll(() => h.close());

const idsOf = (result: unknown) =>
  ((result as { tasks: { id: string }[] }).tasks ?? []).map((t) => t.id);

describe('JSON-RPC', () => {
  it('reads a filter under its proto name (context_id) as under its JSON name', async () => {
    const snake = await rpc('ListTasks', { context_id: 'ctx-protojson-a' });
    const camel = await rpc('ListTasks', { contextId: 'ctx-protojson-a' });
    expect(idsOf(snake.body.result)).toEqual([tasks[0]!.id]);
    expect(idsOf(camel.body.result)).toEqual([tasks[0]!.id]);
    expect(idsOf((await rpc('ListTasks', { context_id: 'nope' })).body.result)).toEqual([]);
  });

  it('reads proto names in the message, its parts and the configuration', async () => {
    const r = await rpc('SendMessage', {
      message: {
        message_id: 'm-snake',
        context_id: 'ctx-protojson-snake',
        role: 'ROLE_USER',
        parts: [{ data: { text: 'snake' }, media_type: 'application/json' }],
        metadata: { openwop: { skill: 'echo' } },
      },
      configuration: { history_length: 1, accepted_output_modes: ['application/json'] },
    });
    const task = r.body.result!.task as unknown as Task & { history: unknown[] };
    expect(task.contextId).toBe('ctx-protojson-snake');
    // The message is kept under its JSON names (Task.history is an A2A Message).
    expect(task.history[0]).toEqual({
      messageId: 'm-snake',
      contextId: 'ctx-protojson-snake',
      role: 'ROLE_USER',
      parts: [{ data: { text: 'snake' }, mediaType: 'application/json' }],
      metadata: { openwop: { skill: 'echo' } },
      taskId: task.id,
    });
  });

  it('refuses a member that is neither name, and a member given under both', async () => {
    const unknown = await rpc('ListTasks', { context: 'ctx-protojson-a' });
    expect(unknown.body.error).toMatchObject({
      code: -32602,
      message: 'context is not a field of ListTasksParams',
    });
    const both = await rpc('ListTasks', { contextId: 'a', context_id: 'b' });
    expect(both.body.error).toMatchObject({
      code: -32602,
      message: 'contextId is given twice (as contextId and as context_id)',
    });
    const inConfig = await rpc('SendMessage', {
      message: { messageId: 'm-x', role: 'ROLE_USER', parts: [{ text: 'x' }] },
      configuration: { blocking: true },
    });
    expect(inConfig.body.error).toMatchObject({
      code: -32602,
      message: 'configuration.blocking is not a field of SendMessageConfiguration',
    });
  });
});

describe('HTTP+JSON', () => {
  it('reads proto names in the query of a GET and the body of a POST', async () => {
    const listed = await rest('/tasks?context_id=ctx-protojson-b&page_size=5');
    expect(listed.status).toBe(200);
    expect(idsOf(await listed.json())).toEqual([tasks[1]!.id]);
    const sent = await rest('/message:send', {
      method: 'POST',
      body: JSON.stringify({
        message: {
          message_id: 'm-rest-snake',
          role: 'ROLE_USER',
          parts: [{ data: { text: 'rest' } }],
          metadata: { openwop: { skill: 'echo' } },
        },
        configuration: { return_immediately: false },
      }),
    });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { task: { status: { state: string } } }).task.status.state).toBe(
      'TASK_STATE_COMPLETED',
    );
  });

  it('refuses an unknown member as INVALID_ARGUMENT naming it', async () => {
    const res = await rest('/tasks?contextIdd=x');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: 'contextIdd is not a field of ListTasksParams',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'INVALID_PARAMS',
            domain: 'a2a-protocol.org',
          },
        ],
      },
    });
  });
});

describe('the official client (JSON names)', () => {
  for (const [name, transport] of [
    ['JSONRPC', () => new JsonRpcTransportFactory({ fetchImpl: keyed })],
    ['HTTP+JSON', () => new RestTransportFactory({ fetchImpl: keyed })],
  ] as const) {
    it(`is served over ${name}: a message and a context filter`, async () => {
      const client = await new ClientFactory(
        ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
          transports: [transport()],
          preferredTransports: [name],
          cardResolver: new DefaultAgentCardResolver({ fetchImpl: keyed }),
        }),
      ).createFromUrl(h.url);
      const task = (await client.sendMessage(
        SendMessageRequest.fromJSON({
          message: {
            messageId: `sdk-${name}`,
            contextId: `ctx-sdk-${name}`,
            role: 'ROLE_USER',
            parts: [{ data: { text: 'sdk' } }],
            metadata: { openwop: { skill: 'echo' } },
          },
          configuration: {},
        }),
      )) as Task;
      const listed = await client.listTasks({ contextId: `ctx-sdk-${name}` } as never);
      expect(listed.tasks.map((t) => t.id)).toEqual([task.id]);
    });
  }
});

function keyed(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.set('authorization', `Bearer ${h.key}`);
  return fetch(input, { ...init, headers });
}
