// The embedding examples (examples/embed/): a host mounted under /openwop of a plain node:http
// server and of a Hono app, driven through the prefix by the official A2A and MCP clients, while the
// service keeps its own routes and every advertised URL carries the prefix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMessageRequest, TaskState, type Task } from '@a2a-js/sdk';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
} from '@a2a-js/sdk/client';
import type { Embedded } from '../../examples/embed/embedded.ts';
import { startHono } from '../../examples/embed/hono.ts';
import { startNodeHttp } from '../../examples/embed/node-http.ts';
import { connectClient } from '../mcp/helpers.ts';
import { KEYS } from '../helpers/host.ts';

const examples = [
  ['node:http', startNodeHttp],
  ['Hono', startHono],
] as const;

describe.each(examples)('a host embedded under /openwop of a %s service', (_name, start) => {
  let app: Embedded;
  beforeAll(async () => {
    app = await start(0, KEYS.acme);
  });
  afterAll(async () => {
    await app.close();
  });

  it('the service keeps its own routes; a path that only starts like the prefix is its own', async () => {
    const health = await fetch(`${app.origin}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    expect((await fetch(`${app.origin}/openwopx/runs`)).status).toBe(404);
    expect((await fetch(`${app.origin}/runs`)).headers.get('openwop-version')).toBeNull();
  });

  it('discovery answers under the prefix and advertises URLs under it', async () => {
    const res = await fetch(`${app.url}/.well-known/openwop`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { mcp: { url?: string; endpoint?: string } };
    const urls = JSON.stringify(doc).match(/https?:\/\/[^"]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls.filter((x) => x.startsWith(app.origin))) expect(u).toMatch(`${app.url}/`);
  });

  it('REST refusals stay OpenWOP errors through the prefix', async () => {
    const res = await fetch(`${app.url}/runs/nope~2Fx`, {
      headers: { authorization: `Bearer ${KEYS.acme}` },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('openwop-version')).toBe('2.0');
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });

  it('the official A2A client finds the card under the prefix and completes a task', async () => {
    const fetchImpl: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${KEYS.acme}`);
      return fetch(input, { ...init, headers });
    };
    const client = await new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new JsonRpcTransportFactory({ fetchImpl })],
        cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
      }),
      // The card sits under the prefix: the client's default is the origin's /.well-known/.
    ).createFromUrl(`${app.url}/.well-known/agent-card.json`, '');
    const card = await client.getAgentCard();
    expect(card.supportedInterfaces[0]?.url).toBe(`${app.url}/a2a/jsonrpc`);
    const task = (await client.sendMessage(
      SendMessageRequest.fromJSON({
        message: {
          messageId: 'embed-1',
          role: 'ROLE_USER',
          parts: [{ data: { text: 'hi' } }],
          metadata: { openwop: { skill: 'echo' } },
        },
        configuration: {},
      }),
    )) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });

  it('the official MCP client calls a tool at <prefix>/mcp', async () => {
    const client = await connectClient(app.url);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'through' } });
    expect(result).toMatchObject({ isError: false, structuredContent: { text: 'through' } });
    await client.close();
  });
});
