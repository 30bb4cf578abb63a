// Task ids on HTTP+JSON paths (DESIGN.md §5 "Ids": A2A `Task.id` is the raw `<tenant>/<opaque>`).
// The official Python client and an A2A compatibility kit put the id in the path raw, as two
// segments (`/tasks/acme/<opaque>`); the official JS client encodes it (`acme%2F<opaque>`), and
// the OpenWOP projection writes `acme~2F<opaque>`. Every task path answers all three the same,
// with and without the `/{tenant}` prefix, and an unknown or foreign id in any form exactly as an
// unknown task (interop.md §"The operation mappings", Isolation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskState, type Task } from '@a2a-js/sdk';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  RestTransportFactory,
  type Client,
} from '@a2a-js/sdk/client';
import { TaskNotFoundError } from '@a2a-js/sdk/errors';
import { matchRoute, routeTable } from '../../runtime/bindings/a2a/http-json-routes.ts';
import { wopgenContract } from '../../runtime/contract/default.ts';
import { TASK_NOT_FOUND_STATUS } from '../helpers/a2a-rpc.ts';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import {
  bearerFetch,
  sdkClient,
  startPushHost,
  startTask,
  type PushHost,
} from '../push/helpers.ts';

/** The route table of wopgen's own contract. */
const ROUTES = routeTable(wopgenContract.a2a.operations);

let receiver: PushReceiver;
let h: PushHost;
/** A running task of acme's (cancelled at the end) and one of other's. */
let task: Task;
let foreign: Task;

const UNKNOWN = 'acme/AAAAAAAAAAAAAAAAAAAAAA';
const FORMS = {
  raw: (id: string) => id,
  percent: (id: string) => encodeURIComponent(id),
  tilde: (id: string) => id.replace('/', '~2F'),
};
const PREFIXES = ['', '/acme'] as const;

interface Answer {
  status: number;
  type: string | null;
  body: string;
}

async function call(
  path: string,
  init: RequestInit = {},
  as: 'acme' | 'other' = 'acme',
): Promise<Answer> {
  const r = await h.call(as, `/a2a/rest${path}`, init);
  return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
}

/** The first SSE event of a stream, then the stream is closed. */
async function firstEvent(path: string): Promise<{ status: number; event: unknown }> {
  const abort = new AbortController();
  const r = await h.call('acme', `/a2a/rest${path}`, { method: 'POST', signal: abort.signal });
  if (!r.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { status: r.status, event: await r.json() };
  }
  const reader = r.body!.getReader();
  let text = '';
  while (!text.includes('\n\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += Buffer.from(value).toString('utf8');
  }
  abort.abort();
  const data = text
    .split('\n')
    .find((l) => l.startsWith('data:'))!
    .slice(5);
  return { status: r.status, event: JSON.parse(data) };
}

const NOT_FOUND = {
  status: 404,
  type: 'application/json',
  body: JSON.stringify(TASK_NOT_FOUND_STATUS),
};

beforeAll(async () => {
  receiver = await startReceiver();
  h = await startPushHost(receiver);
  task = await startTask(await sdkClient(h), 'conformance-delay', { delayMs: 60_000 });
  foreign = await startTask(await sdkClient(h, h.otherKey), 'conformance-delay', {
    delayMs: 60_000,
  });
});

afterAll(async () => {
  await h.close();
  await receiver.close();
});

describe('a raw two-segment task id on every task path', () => {
  it.each(PREFIXES)(
    'GET /tasks/{id} (prefix %j): raw, percent- and tilde-encoded answer the task',
    async (p) => {
      const answers = await Promise.all(
        Object.values(FORMS).map((form) => call(`${p}/tasks/${form(task.id)}`)),
      );
      expect(answers[0]!.status).toBe(200);
      expect((JSON.parse(answers[0]!.body) as Task).id).toBe(task.id);
      for (const a of answers) expect(a).toEqual(answers[0]);
    },
  );

  it.each(PREFIXES)('POST /tasks/{id}:subscribe (prefix %j) streams the task', async (p) => {
    for (const form of Object.values(FORMS)) {
      const { status, event } = await firstEvent(`${p}/tasks/${form(task.id)}:subscribe`);
      expect(status).toBe(200);
      expect(event).toMatchObject({
        task: { id: task.id, status: { state: 'TASK_STATE_WORKING' } },
      });
    }
  });

  it.each(PREFIXES)('push configs (prefix %j): create, list, get and delete', async (p) => {
    for (const [name, form] of Object.entries(FORMS)) {
      const base = `${p}/tasks/${form(task.id)}/pushNotificationConfigs`;
      const url = `${receiver.origin}/hook/raw-${name}`;
      const created = await call(base, { method: 'POST', body: JSON.stringify({ url }) });
      expect(created.status).toBe(200);
      const config = JSON.parse(created.body) as { id: string; taskId: string; url: string };
      expect(config).toEqual({ id: expect.any(String), taskId: task.id, url });
      const listed = await call(base);
      expect(listed.status).toBe(200);
      expect(JSON.parse(listed.body)).toEqual({ configs: [config] });
      const got = await call(`${base}/${config.id}`);
      expect(got.status).toBe(200);
      expect(JSON.parse(got.body)).toEqual(config);
      const deleted = await call(`${base}/${config.id}`, { method: 'DELETE' });
      expect([deleted.status, JSON.parse(deleted.body)]).toEqual([200, {}]);
      expect(JSON.parse((await call(base)).body)).toEqual({ configs: [] });
    }
  });

  it('an unknown, malformed or foreign id answers as an unknown task on every path, in every form', async () => {
    const paths = (id: string) => [
      ['GET', `/tasks/${id}`],
      ['POST', `/tasks/${id}:cancel`],
      ['POST', `/tasks/${id}:subscribe`],
      ['POST', `/tasks/${id}/pushNotificationConfigs`],
      ['GET', `/tasks/${id}/pushNotificationConfigs`],
      ['GET', `/tasks/${id}/pushNotificationConfigs/pnc-nope`],
      ['DELETE', `/tasks/${id}/pushNotificationConfigs/pnc-nope`],
    ];
    const body = JSON.stringify({ url: `${receiver.origin}/hook/none` });
    for (const id of [UNKNOWN, foreign.id, 'acme/nope']) {
      for (const form of Object.values(FORMS)) {
        for (const p of PREFIXES) {
          for (const [method, path] of paths(form(id))) {
            const init: RequestInit = { method: method! };
            if (method === 'POST' && path!.endsWith('pushNotificationConfigs')) init.body = body;
            expect([method, p + path, await call(p + path!, init)]).toEqual([
              method,
              p + path,
              NOT_FOUND,
            ]);
          }
        }
      }
    }
  });

  it.each(PREFIXES)('POST /tasks/{id}:cancel (prefix %j) with the raw id cancels', async (p) => {
    const t = await startTask(await sdkClient(h), 'conformance-delay', { delayMs: 60_000 });
    const r = await call(`${p}/tasks/${t.id}:cancel`, { method: 'POST' });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({
      id: t.id,
      status: { state: 'TASK_STATE_CANCELED' },
    });
  });
});

describe('@a2a-js/sdk over HTTP+JSON sending ids raw, as the Python client does', () => {
  let client: Client;
  const paths: string[] = [];

  beforeAll(async () => {
    const withKey = bearerFetch(h.key);
    // The SDK percent-encodes the id; this puts its `/` back, as a client that does not encode.
    const fetchImpl: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      url.pathname = url.pathname.replaceAll('%2F', '/');
      paths.push(url.pathname);
      return withKey(url, init);
    };
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new RestTransportFactory({ fetchImpl })],
        preferredTransports: ['HTTP+JSON'],
        cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
      }),
    );
    client = await factory.createFromUrl(h.url);
  });

  it('gets, subscribes to, registers a push config on and cancels a task', async () => {
    const t = await startTask(client, 'conformance-delay', { delayMs: 60_000 });
    const got = await client.getTask({ tenant: '', id: t.id, historyLength: undefined });
    expect(got.id).toBe(t.id);
    expect(paths.at(-1)).toBe(`/a2a/rest/tasks/${t.id}`);

    const stream = client.resubscribeTask({ tenant: '', id: t.id });
    const first = await stream[Symbol.asyncIterator]().next();
    expect(first.value?.payload?.$case).toBe('task');

    const url = `${receiver.origin}/hook/sdk-raw`;
    const config = await client.createTaskPushNotificationConfig({
      tenant: '',
      taskId: t.id,
      id: '',
      url,
      token: '',
      authentication: undefined,
    });
    expect(config.taskId).toBe(t.id);
    const listed = await client.listTaskPushNotificationConfig({
      tenant: '',
      taskId: t.id,
      pageSize: 0,
      pageToken: '',
    });
    expect(listed.configs.map((c) => c.id)).toEqual([config.id]);
    expect(paths.at(-1)).toBe(`/a2a/rest/tasks/${t.id}/pushNotificationConfigs`);

    const cancelled = await client.cancelTask({ tenant: '', id: t.id, metadata: undefined });
    expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(paths.at(-1)).toBe(`/a2a/rest/tasks/${t.id}:cancel`);
  });

  it('an unknown or foreign raw id is TaskNotFoundError', async () => {
    for (const id of [UNKNOWN, foreign.id]) {
      await expect(
        client.getTask({ tenant: '', id, historyLength: undefined }),
      ).rejects.toBeInstanceOf(TaskNotFoundError);
    }
  });
});

describe('where a /{tenant} prefix and a raw id overlap', () => {
  const OPAQUE = 'AAAAAAAAAAAAAAAAAAAAAA';
  it.each([
    // A task of tenant `tasks`, raw: the id, not tenant `tasks` and a malformed id.
    ['GET', `/tasks/tasks/${OPAQUE}`, 'GetTask', `tasks/${OPAQUE}`, undefined],
    // Tenant prefix `tasks` and an encoded id.
    ['GET', `/tasks/tasks/acme%2F${OPAQUE}`, 'GetTask', `acme/${OPAQUE}`, 'tasks'],
    ['GET', `/tasks/tasks/acme~2F${OPAQUE}`, 'GetTask', `acme~2F${OPAQUE}`, 'tasks'],
    ['POST', `/acme/tasks/acme/${OPAQUE}:cancel`, 'CancelTask', `acme/${OPAQUE}`, 'acme'],
    // A config list of a one-segment id, against task `acme/pushNotificationConfigs`: only the
    // second is a well-formed id.
    [
      'GET',
      '/tasks/acme/pushNotificationConfigs',
      'GetTask',
      'acme/pushNotificationConfigs',
      undefined,
    ],
    [
      'GET',
      `/tasks/acme%2F${OPAQUE}/pushNotificationConfigs`,
      'ListTaskPushNotificationConfigs',
      `acme/${OPAQUE}`,
      undefined,
    ],
    // No reading is a well-formed id: the first on this verb is served (and answers TaskNotFound).
    ['GET', '/tasks/acme/nope', 'GetTask', 'acme/nope', undefined],
  ] as const)('%s %s is %s of %s (tenant %s)', (verb, path, method, id, tenant) => {
    expect(matchRoute(ROUTES, verb, path)).toEqual({
      kind: 'call',
      method,
      pathParams: { id },
      ...(tenant !== undefined ? { tenant } : {}),
    });
  });

  it('a raw id on the wrong verb names the verbs served there', () => {
    expect(matchRoute(ROUTES, 'PUT', `/tasks/acme/${OPAQUE}`)).toEqual({
      kind: 'wrong-verb',
      allowed: ['GET'],
    });
  });
});
