// The host driven by the official A2A client (@a2a-js/sdk 1.3.0), the same end-to-end tests over
// each binding the card lists: JSON-RPC and HTTP+JSON (the SDK's RestTransport).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMessageRequest, TaskState, type Task } from '@a2a-js/sdk';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
  type Client,
} from '@a2a-js/sdk/client';
import {
  RequestMalformedError,
  TaskNotCancelableError,
  TaskNotFoundError,
  UnsupportedOperationError,
} from '@a2a-js/sdk/errors';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
let client: Client;
let seq = 0;

/** fetch that adds the bearer key: the SDK's documented hook for credentials (`fetchImpl`). */
function bearerFetch(key: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${key}`);
    return fetch(input, { ...init, headers });
  };
}

function send(skill: string | undefined, parts: unknown[], extra: Record<string, unknown> = {}) {
  seq += 1;
  return SendMessageRequest.fromJSON({
    message: {
      messageId: `sdk-msg-${seq}-${Date.now()}`,
      role: 'ROLE_USER',
      parts,
      ...(skill ? { metadata: { openwop: { skill } } } : {}),
      ...extra,
    },
    configuration: {},
  });
}

function asTask(result: unknown): Task {
  expect(result).toHaveProperty('status');
  return result as Task;
}

const BINDINGS = [
  { name: 'JSONRPC', path: '/a2a/jsonrpc', transport: JsonRpcTransportFactory },
  { name: 'HTTP+JSON', path: '/a2a/rest', transport: RestTransportFactory },
] as const;

beforeAll(async () => {
  h = await startHost();
});

afterAll(async () => {
  await h.close();
});

describe.each(BINDINGS)('A2A $name with @a2a-js/sdk', ({ name, path, transport }) => {
  const hits: string[] = [];
  beforeAll(async () => {
    const withKey = bearerFetch(h.key);
    const fetchImpl: typeof fetch = (input, init) => {
      hits.push(String(input));
      return withKey(input, init);
    };
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new transport({ fetchImpl })],
        preferredTransports: [name],
        cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
      }),
    );
    client = await factory.createFromUrl(h.url);
  });

  it('sends a message to echo and reads the completed task', async () => {
    const task = asTask(await client.sendMessage(send('echo', [{ text: 'hello' }])));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const parts = task.status?.message?.parts ?? [];
    expect(parts.some((p) => p.content?.$case === 'text' && p.content.value === 'hello')).toBe(
      true,
    );
    expect(task.artifacts[0]?.artifactId).toBe('output');
    expect(task.id).toMatch(/^acme\//);

    const again = await client.getTask({ tenant: '', id: task.id, historyLength: 1 });
    expect(again.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(again.contextId).toBe(task.contextId);
    expect(again.history).toHaveLength(1);
  });

  it('suspends on approval and completes when answered {action: "accept"} with the task id only', async () => {
    const first = asTask(await client.sendMessage(send('conformance-approval', [{ text: 'go' }])));
    expect(first.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(first.metadata?.['openwop']?.interrupt?.kind).toBe('approval');

    seq += 1;
    const answer = SendMessageRequest.fromJSON({
      message: {
        messageId: `sdk-approve-${seq}`,
        role: 'ROLE_USER',
        taskId: first.id,
        parts: [{ data: { action: 'accept' } }],
        metadata: { openwop: { interrupt: { action: 'accept' } } },
      },
      configuration: {},
    });
    const done = asTask(await client.sendMessage(answer));
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(done.contextId).toBe(first.contextId);
  });

  it('cancels a cancellable task, and a second cancel is TaskNotCancelable', async () => {
    seq += 1;
    const started = asTask(
      await client.sendMessage(
        SendMessageRequest.fromJSON({
          message: {
            messageId: `sdk-cancel-${seq}`,
            role: 'ROLE_USER',
            parts: [{ data: { delayMs: 60000 } }],
            metadata: { openwop: { skill: 'conformance-cancellable' } },
          },
          configuration: { returnImmediately: true },
        }),
      ),
    );
    expect(started.status?.state).toBe(TaskState.TASK_STATE_WORKING);
    const cancelled = await client.cancelTask({ tenant: '', id: started.id, metadata: undefined });
    expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    await expect(
      client.cancelTask({ tenant: '', id: started.id, metadata: undefined }),
    ).rejects.toBeInstanceOf(TaskNotCancelableError);
  });

  it('streams: the first event is the task, the last a terminal status update', async () => {
    const events = [];
    for await (const e of client.sendMessageStream(send('echo', [{ text: 'streamed' }]))) {
      events.push(e);
    }
    expect(events[0]?.payload?.$case).toBe('task');
    const last = events.at(-1);
    expect(last?.payload?.$case).toBe('statusUpdate');
    if (last?.payload?.$case === 'statusUpdate') {
      expect(last.payload.value.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    }
    expect(events.some((e) => e.payload?.$case === 'artifactUpdate')).toBe(true);
  });

  it('lists tasks page by page until the token is empty', async () => {
    const contextId = `ctx-list-${Date.now()}`;
    for (let i = 0; i < 5; i++) {
      await client.sendMessage(send('echo', [{ text: `n${i}` }], { contextId }));
    }
    const seen: string[] = [];
    let pageToken = '';
    let pages = 0;
    for (;;) {
      const page = await client.listTasks({
        tenant: '',
        contextId,
        status: TaskState.TASK_STATE_UNSPECIFIED,
        pageSize: 2,
        pageToken,
        statusTimestampAfter: undefined,
      });
      pages += 1;
      expect(page.totalSize).toBe(5);
      expect(page.tasks.length).toBeLessThanOrEqual(2);
      seen.push(...page.tasks.map((t) => t.id));
      if (page.nextPageToken === '') break;
      pageToken = page.nextPageToken;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
  });

  it('an unfiltered listing pages by keyset and agrees with the filtered walk', async () => {
    for (let i = 0; i < 3; i++) await client.sendMessage(send('echo', [{ text: `k${i}` }]));
    const all = async (statusTimestampAfter: string | undefined) => {
      const ids: string[] = [];
      const totals = new Set<number>();
      let pageToken = '';
      for (;;) {
        const page = await client.listTasks({
          tenant: '',
          contextId: '',
          status: TaskState.TASK_STATE_UNSPECIFIED,
          pageSize: 2,
          pageToken,
          statusTimestampAfter,
        });
        totals.add(page.totalSize);
        ids.push(...page.tasks.map((t) => t.id));
        if (page.nextPageToken === '') break;
        pageToken = page.nextPageToken;
      }
      return { ids, totals: [...totals] };
    };
    // No filter: the keyset path and the kept count. A filter every task passes: the walk.
    const keyset = await all(undefined);
    const walked = await all('1970-01-01T00:00:00Z');
    expect(keyset.ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keyset.ids).size).toBe(keyset.ids.length);
    expect(keyset.totals).toEqual([keyset.ids.length]);
    expect(keyset).toEqual(walked);
  });

  it('reads the extended agent card', async () => {
    const card = await client.getAgentCard();
    expect(card.capabilities?.extendedAgentCard).toBe(true);
    expect(card.skills.map((s) => s.id)).toContain('echo');
    expect(card.supportedInterfaces.map((i) => [i.protocolBinding, i.url])).toEqual([
      ['JSONRPC', `${h.url}/a2a/jsonrpc`],
      ['HTTP+JSON', `${h.url}/a2a/rest`],
    ]);
    expect(card.securitySchemes['bearer']?.scheme?.$case).toBe('httpAuthSecurityScheme');
  });

  it('reaches only this binding’s interface URL after the card', async () => {
    const calls = hits.filter((u) => !u.endsWith('/.well-known/agent-card.json'));
    expect(calls.length).toBeGreaterThan(5);
    for (const u of calls) expect(u.startsWith(`${h.url}${path}`)).toBe(true);
  });

  it('answers each error row as its typed A2AError', async () => {
    const missing = client.getTask({
      tenant: '',
      id: 'acme/AAAAAAAAAAAAAAAAAAAAAA',
      historyLength: 0,
    });
    await expect(missing).rejects.toBeInstanceOf(TaskNotFoundError);
    const done = asTask(await client.sendMessage(send('echo', [{ text: 'x' }])));
    const more = SendMessageRequest.fromJSON({
      message: {
        messageId: `sdk-more-${Date.now()}`,
        role: 'ROLE_USER',
        taskId: done.id,
        parts: [{ text: 'again' }],
      },
      configuration: {},
    });
    await expect(client.sendMessage(more)).rejects.toBeInstanceOf(UnsupportedOperationError);
    const badPage = client.listTasks({
      tenant: '',
      contextId: '',
      status: TaskState.TASK_STATE_UNSPECIFIED,
      pageSize: 2,
      pageToken: 'not-a-token',
      statusTimestampAfter: undefined,
    });
    await expect(badPage).rejects.toBeInstanceOf(RequestMalformedError);
    await expect(
      client.cancelTask({ tenant: '', id: done.id, metadata: undefined }),
    ).rejects.toBeInstanceOf(TaskNotCancelableError);
  });
});
