// A reference host with push delivery admitted to a local test receiver (loopback and the
// receiver's port on the operator's allowlists, its certificate as a trust anchor, short retries), a log captured in memory,
// and the official A2A client over JSON-RPC.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { SendMessageRequest, type Task } from '@a2a-js/sdk';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  type Client,
} from '@a2a-js/sdk/client';
import { startHost, type RunningHost, type StartOptions } from '../helpers/host.ts';
import type { PushReceiver } from '../helpers/push-receiver.ts';

export interface PushHost extends RunningHost {
  logLines: string[];
}

export async function startPushHost(
  receiver: PushReceiver,
  opts: StartOptions & { maxAttempts?: number } = {},
): Promise<PushHost> {
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const h = await startHost({
    ...opts,
    logger: pino({ level: 'trace' }, sink),
    config: (c) => {
      // The operator's allowlist admits the receiver on this machine and its port.
      c.a2a.push.allowedCidrs = ['127.0.0.0/8', '::1/128'];
      c.a2a.push.allowedPorts = [443, 80, receiver.port];
      c.a2a.push.ca = [receiver.ca];
      c.a2a.push.retry = {
        maxAttempts: opts.maxAttempts ?? 3,
        backoff: 'fixed',
        baseMs: 50,
        maxMs: 50,
      };
      opts.config?.(c);
    },
  });
  return Object.assign(h, { logLines });
}

export function bearerFetch(key: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${key}`);
    return fetch(input, { ...init, headers });
  };
}

export async function sdkClient(h: RunningHost, key = h.key): Promise<Client> {
  const fetchImpl = bearerFetch(key);
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  return factory.createFromUrl(h.url);
}

let seq = 0;

/** A task of `skill` started with `inputs`, answered before it settles (returnImmediately). */
export async function startTask(
  client: Client,
  skill: string,
  inputs: Record<string, unknown>,
): Promise<Task> {
  seq += 1;
  const result = await client.sendMessage(
    SendMessageRequest.fromJSON({
      message: {
        messageId: `push-msg-${seq}-${Date.now()}`,
        role: 'ROLE_USER',
        parts: [{ data: inputs }],
        metadata: { openwop: { skill } },
      },
      configuration: { returnImmediately: true },
    }),
  );
  return result as Task;
}

/** One raw JSON-RPC exchange: status and body text (for byte-for-byte comparisons). */
export async function rpc(
  h: RunningHost,
  key: string,
  method: string,
  params: unknown,
  id: number | string = 1,
): Promise<{ status: number; text: string; json: Record<string, unknown> }> {
  const res = await fetch(`${h.url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'a2a-version': '1.0',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Record<string, unknown> };
}

export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
