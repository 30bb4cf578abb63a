// How the official A2A client (@a2a-js/sdk 1.3.0) is set up to carry the API key on either
// binding. `ClientFactoryOptions.createFrom(default, { transports })` merges the given factories
// into the SDK's defaults by binding name, and the factory takes the first binding of
// `preferredTransports`, else of the card's `supportedInterfaces`. Given only an authenticating
// HTTP+JSON factory, the client therefore speaks JSON-RPC through the SDK's default factory,
// without the key: the client's merge, not the card (which lists both bindings, JSON-RPC first,
// as the preferred one). The README's setup gives every factory the key.
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
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost();
});
afterAll(async () => {
  await h.close();
});

/** fetch with the acme key, recording the URL of each request. */
function keyedFetch(seen: string[]): typeof fetch {
  return (input, init) => {
    seen.push(String(input instanceof Request ? input.url : input));
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${h.key}`);
    return fetch(input, { ...init, headers });
  };
}

const echo = () =>
  SendMessageRequest.fromJSON({
    message: {
      messageId: crypto.randomUUID(),
      role: 'ROLE_USER',
      parts: [{ text: 'hello' }],
      metadata: { openwop: { skill: 'echo' } },
    },
    configuration: {},
  });

describe('the official A2A client, set up with an API key', () => {
  it('the card lists JSON-RPC first, then HTTP+JSON', async () => {
    const card = (await (await fetch(`${h.url}/.well-known/agent-card.json`)).json()) as {
      supportedInterfaces: { url: string; protocolBinding: string; protocolVersion: string }[];
    };
    expect(card.supportedInterfaces).toEqual([
      { url: `${h.url}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${h.url}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ]);
  });

  it('given only an authenticating HTTP+JSON factory, it speaks JSON-RPC without the key', async () => {
    const seen: string[] = [];
    const fetchImpl = keyedFetch(seen);
    const client = await new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new RestTransportFactory({ fetchImpl })],
        cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
      }),
    ).createFromUrl(h.url);
    expect(client.transport.protocolName).toBe('JSONRPC');
    await expect(client.sendMessage(echo())).rejects.toThrow(
      /unauthenticated: a valid bearer API key is required/,
    );
    // Only the card went through the authenticating fetch.
    expect(seen).toEqual([`${h.url}/.well-known/agent-card.json`]);
  });

  for (const binding of ['JSONRPC', 'HTTP+JSON'] as const) {
    it(`with every factory authenticated, ${binding} carries the key`, async () => {
      const seen: string[] = [];
      const fetchImpl = keyedFetch(seen);
      const client: Client = await new ClientFactory(
        ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
          transports: [
            new JsonRpcTransportFactory({ fetchImpl }),
            new RestTransportFactory({ fetchImpl }),
          ],
          cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
          preferredTransports: [binding],
        }),
      ).createFromUrl(h.url);
      expect(client.transport.protocolName).toBe(binding);
      const task = (await client.sendMessage(echo())) as Task;
      expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(seen.at(-1)).toBe(
        binding === 'JSONRPC' ? `${h.url}/a2a/jsonrpc` : `${h.url}/a2a/rest/message:send`,
      );
    });
  }
});
