// The media type of A2A answers (A2A §11.1; the §11.6 error example): errors are sent as
// `application/json`, as successes are, on both bindings and before dispatch as after it.
// `application/a2a+json` is the push body's (interop.md §"A2A push delivery", test/push).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
} from '@a2a-js/sdk/client';
import { TaskNotFoundError } from '@a2a-js/sdk/errors';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;

beforeAll(async () => {
  h = await startHost();
});

afterAll(async () => {
  await h.close();
});

const UNKNOWN = 'acme/AAAAAAAAAAAAAAAAAAAAAA';

describe.each([
  { name: 'JSONRPC', transport: JsonRpcTransportFactory },
  { name: 'HTTP+JSON', transport: RestTransportFactory },
] as const)('@a2a-js/sdk over $name', ({ name, transport }) => {
  it('reads TaskNotFound from an application/json answer', async () => {
    const types: (string | null)[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${h.key}`);
      const r = await fetch(input, { ...init, headers });
      types.push(r.headers.get('content-type'));
      return r;
    };
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new transport({ fetchImpl })],
        preferredTransports: [name],
        cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
      }),
    );
    const client = await factory.createFromUrl(h.url);
    types.length = 0;
    await expect(
      client.getTask({ tenant: '', id: UNKNOWN, historyLength: undefined }),
    ).rejects.toBeInstanceOf(TaskNotFoundError);
    expect(types).toEqual(['application/json']);
  });
});

describe('raw refusals on HTTP+JSON are application/json', () => {
  const rest = (path: string, init: RequestInit = {}, key: string | null = h.key) => {
    const headers = new Headers(init.headers);
    if (key !== null) headers.set('authorization', `Bearer ${key}`);
    return fetch(`${h.url}/a2a/rest${path}`, { ...init, headers });
  };
  const json = { 'content-type': 'application/json' };

  it.each([
    ['no credential', () => rest('/tasks', {}, null), 401],
    ['unknown task', () => rest(`/tasks/${encodeURIComponent(UNKNOWN)}`), 404],
    // MethodNotFoundError's registered status, on the path and on the verb alike.
    ['no operation at the path', () => rest('/nowhere'), 400],
    ['wrong verb', () => rest('/message:send'), 400],
    [
      'body not JSON',
      () => rest('/message:send', { method: 'POST', headers: json, body: '{' }),
      400,
    ],
    [
      'invalid params',
      () => rest('/message:send', { method: 'POST', headers: json, body: '{"message":1}' }),
      400,
    ],
    [
      'media type',
      () =>
        rest('/message:send', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: '{}',
        }),
      415,
    ],
  ] as const)('%s', async (_what, send, status) => {
    const r = await send();
    expect(r.status).toBe(status);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(await r.json()).toMatchObject({ error: { code: status } });
  });
});

describe('raw refusals on JSON-RPC are application/json', () => {
  it.each([
    ['unknown task', { method: 'GetTask', params: { id: UNKNOWN } }, -32001],
    ['unknown method', { method: 'NoSuchMethod', params: {} }, -32601],
  ] as const)('%s', async (_what, call, code) => {
    const r = await h.call('acme', '/a2a/jsonrpc', {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...call }),
    });
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(await r.json()).toMatchObject({ error: { code } });
  });
});
