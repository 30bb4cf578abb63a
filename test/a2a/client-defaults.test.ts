// Every method of the official A2A client (@a2a-js/sdk 1.3.0) called the way a user writes it,
// leaving every optional field to the client's defaults (CLIENTS.md §1): the protobuf encoder then
// sends `status: "UNRECOGNIZED"` for an unset filter, `configuration: {}`, no historyLength. Each
// call must be served, not refused -32602.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskState, type StreamResponse, type Task } from '@a2a-js/sdk';
import { UnsupportedOperationError } from '@a2a-js/sdk/errors';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  type Client,
} from '@a2a-js/sdk/client';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
let client: Client;
/** The JSON-RPC bodies the client put on the wire, to pin what "default" means. */
const sent: { method: string; params: Record<string, unknown> }[] = [];

/** The client as a JavaScript user calls it: request objects with only the fields they set. */
type LooseClient = {
  [K in keyof Client]: Client[K] extends (p: never, ...rest: infer A) => infer R
    ? (p: Record<string, unknown>, ...rest: A) => R
    : Client[K];
};
let js: LooseClient;

beforeAll(async () => {
  h = await startHost();
  const fetchImpl: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${h.key}`);
    if (typeof init?.body === 'string') sent.push(JSON.parse(init.body));
    return fetch(input, { ...init, headers });
  };
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  client = await factory.createFromUrl(h.url);
  js = client as unknown as LooseClient;
});

afterAll(async () => {
  await h.close();
});

function lastParams(method: string): Record<string, unknown> {
  const m = sent.filter((s) => s.method === method).at(-1);
  expect(m).toBeDefined();
  return m!.params;
}

let echoTask: Task;

describe('the official A2A client with its defaults', () => {
  it('sendMessage with only a message (configuration defaults to {})', async () => {
    const r = await js.sendMessage({
      message: {
        messageId: `defaults-${Date.now()}`,
        role: 1 /* ROLE_USER */,
        parts: [{ content: { $case: 'text', value: 'hi' } }],
        metadata: { openwop: { skill: 'echo' } },
      },
    });
    expect(lastParams('SendMessage')['configuration']).toEqual({});
    echoTask = r as Task;
    expect(echoTask.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it('getTask without historyLength returns the whole history', async () => {
    const t = await js.getTask({ id: echoTask.id });
    expect(lastParams('GetTask')).toEqual({ id: echoTask.id });
    expect(t.id).toBe(echoTask.id);
    expect(t.history.length).toBeGreaterThan(0);
  });

  it('listTasks({pageSize: 3}) sends status UNRECOGNIZED and is served as no filter', async () => {
    const page = await js.listTasks({ pageSize: 3 });
    expect(lastParams('ListTasks')).toEqual({ status: 'UNRECOGNIZED', pageSize: 3 });
    expect(page.tasks.map((t) => t.id)).toContain(echoTask.id);
    expect(page.pageSize).toBe(3);
  });

  it('listTasks({}) with nothing at all', async () => {
    const page = await js.listTasks({});
    expect(lastParams('ListTasks')).toEqual({ status: 'UNRECOGNIZED' });
    expect(page.tasks.map((t) => t.id)).toContain(echoTask.id);
    expect(page.pageSize).toBe(50);
  });

  it('ListTasks with status TASK_STATE_UNSPECIFIED (the proto default, sent raw) is no filter', async () => {
    // The SDK omits the enum's zero value; other proto clients send it by name.
    const r = await h.call('acme', '/a2a/jsonrpc', {
      method: 'POST',
      headers: { 'a2a-version': '1.0' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'ListTasks',
        params: { status: 'TASK_STATE_UNSPECIFIED', pageSize: 100 },
      }),
    });
    const body = (await r.json()) as { result: { tasks: { id: string }[] } };
    expect(body.result.tasks.map((t) => t.id)).toContain(echoTask.id);
  });

  it('ListTasks still refuses a status that is no state name', async () => {
    const r = await h.call('acme', '/a2a/jsonrpc', {
      method: 'POST',
      headers: { 'a2a-version': '1.0' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'ListTasks',
        params: { status: 'working' },
      }),
    });
    expect(((await r.json()) as { error: { code: number } }).error.code).toBe(-32602);
  });

  it('listTasks still filters by a real state', async () => {
    const page = await js.listTasks({ status: TaskState.TASK_STATE_WORKING });
    expect(page.tasks.map((t) => t.id)).not.toContain(echoTask.id);
  });

  it('resubscribeTask and cancelTask with only the id', async () => {
    const started = (await js.sendMessage({
      message: {
        messageId: `defaults-cancel-${Date.now()}`,
        role: 1,
        parts: [{ content: { $case: 'data', value: { delayMs: 60000 } } }],
        metadata: { openwop: { skill: 'conformance-cancellable' } },
      },
      configuration: { returnImmediately: true },
    })) as Task;
    const events: StreamResponse[] = [];
    const stream = (async () => {
      for await (const e of js.resubscribeTask({ id: started.id })) events.push(e);
    })();
    await expect.poll(() => events.length).toBeGreaterThan(0);
    expect(lastParams('SubscribeToTask')).toEqual({ id: started.id });
    const t = await js.cancelTask({ id: started.id });
    expect(lastParams('CancelTask')).toEqual({ id: started.id });
    expect(t.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    await stream;
    const last = events.at(-1)?.payload;
    expect(last?.$case).toBe('statusUpdate');
    if (last?.$case === 'statusUpdate')
      expect(last.value.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
  });

  it('resubscribeTask on a finished task is UnsupportedOperation (A2A 1.0 SubscribeToTask)', async () => {
    const it = js.resubscribeTask({ id: echoTask.id });
    await expect(it.next()).rejects.toBeInstanceOf(UnsupportedOperationError);
  });

  it('sendMessageStream with only a message', async () => {
    const events = [];
    for await (const e of js.sendMessageStream({
      message: {
        messageId: `defaults-stream-${Date.now()}`,
        role: 1,
        parts: [{ content: { $case: 'text', value: 'streamed' } }],
        metadata: { openwop: { skill: 'echo' } },
      },
    }))
      events.push(e);
    expect(events[0]?.payload?.$case).toBe('task');
    expect(events.at(-1)?.payload?.$case).toBe('statusUpdate');
  });

  it('getAgentCard (extended) with no arguments', async () => {
    const card = await client.getAgentCard();
    expect(card.skills.map((s) => s.id)).toContain('echo');
  });
});
