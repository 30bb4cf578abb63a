// Outbound requests connect to the address the egress guard approved and to nothing else
// (interop.md §"Calling out", the push rule of §"A2A push delivery"): a name the guard resolved
// is never resolved again by the connect, so a DNS server that answers the guard one address and
// the connect another (rebinding) cannot steer a step to a canary. Every request of the generated
// clients goes that way — the agent card, A2A JSON-RPC and HTTP+JSON (streaming too), MCP over
// HTTP — the answer's body streams, TLS names and checks the URL's host, redirects are refused.
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2aClient, fetchAgentCard } from '../../generated/a2a/client.ts';
import type { SendMessageParams } from '../../generated/types/a2a-wire.ts';
import { sseEvents } from '../../generated/client/support.ts';
import { McpClient, mcpHttpTransport } from '../../generated/mcp/client.ts';
import { guardedFetch } from '../../runtime/adapters/outbound/guarded-fetch.ts';
import type { EgressOptions, Resolver } from '../../runtime/adapters/push/egress-guard.ts';
import { startSdkAgent, type SdkAgent } from '../helpers/sdk-a2a-agent.ts';
import { startSdkMcpServer, type SdkMcpServer } from '../helpers/sdk-mcp-server.ts';
import { testCertificate } from '../helpers/push-receiver.ts';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  servername?: string | false | null;
}

interface Listening {
  port: number;
  seen: Seen[];
  close(): Promise<void>;
}

/** A server on `address:port` that records each request before `answer` handles it. */
async function listen(
  address: string,
  port: number,
  answer: (req: IncomingMessage, res: ServerResponse) => void,
  tls?: { key: string; cert: string },
): Promise<Listening> {
  const seen: Seen[] = [];
  const handler: RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        ...(tls && { servername: (req.socket as TLSSocket).servername }),
      });
      answer(req, res);
    });
  };
  const server: Server = tls ? createHttpsServer(tls, handler) : createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The guard's resolver: every name answers `address` (the hostile DNS server's first answer). */
const resolvesTo =
  (address: string): Resolver =>
  async () => [{ address, family: 4 }];

const guard = (port: number, resolve?: Resolver): EgressOptions => ({
  allowedCidrs: ['127.0.0.0/8'],
  allowedPorts: [port],
  allowHttp: true,
  ...(resolve && { resolve }),
});

describe('the connect goes to the address the guard approved', () => {
  let approved: Listening;
  const canaries: Listening[] = [];

  beforeAll(async () => {
    approved = await listen('127.0.0.2', 0, (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"from":"approved"}'),
    );
    // `localhost` is what the system resolver answers the connect (127.0.0.1, or ::1): a canary
    // listens there on the approved server's port.
    const canary = (_req: IncomingMessage, res: ServerResponse) => res.end('{"from":"canary"}');
    canaries.push(await listen('127.0.0.1', approved.port, canary));
    const v6 = await listen('::1', approved.port, canary).catch(() => undefined);
    if (v6) canaries.push(v6);
  });
  afterAll(async () => {
    await approved.close();
    for (const c of canaries) await c.close();
  });

  it('a second resolution of the name never reaches the connect', async () => {
    const send = guardedFetch(guard(approved.port, resolvesTo('127.0.0.2')));
    const res = await send(`http://localhost:${approved.port}/probe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"q":1}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ from: 'approved' });
    expect(approved.seen).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/probe',
        body: '{"q":1}',
        headers: expect.objectContaining({
          host: `localhost:${approved.port}`,
          'content-type': 'application/json',
          'content-length': '7',
        }),
      }),
    ]);
    for (const c of canaries) expect(c.seen).toEqual([]);
  });
});

describe('every request of the generated clients is pinned', () => {
  let agent: SdkAgent;
  let tools: SdkMcpServer;
  beforeAll(async () => {
    agent = await startSdkAgent();
    tools = await startSdkMcpServer();
  });
  afterAll(async () => {
    await agent.close();
    await tools.close();
  });

  // A name the system resolver cannot answer: only the guard's address can carry the request.
  const named = (url: string) => url.replace('127.0.0.1', 'peer.rebind.invalid');

  it('the agent card, JSON-RPC, HTTP+JSON and a streamed answer', async () => {
    const port = Number(new URL(agent.base).port);
    const fetch = guardedFetch(guard(port, resolvesTo('127.0.0.1')));
    const card = await fetchAgentCard(named(agent.cardUrl), { fetch });
    expect(card['name']).toBe('sdk-agent');
    for (const [protocolBinding, path] of [
      ['JSONRPC', '/a2a/jsonrpc'],
      ['HTTP+JSON', '/a2a/rest'],
    ] as const) {
      const client = new A2aClient({
        interface: { url: named(`${agent.base}${path}`), protocolBinding, protocolVersion: '1.0' },
        fetch,
      });
      const message = (text: string): SendMessageParams => ({
        message: {
          messageId: `m-${protocolBinding}-${text}`,
          role: 'ROLE_USER',
          parts: [{ text }],
        },
      });
      const sent = await client.sendMessage(message('hi'));
      expect('task' in sent && sent.task.status.state).toBe('TASK_STATE_COMPLETED');
      const states: string[] = [];
      for await (const e of client.sendStreamingMessage(message('streamed')))
        if ('statusUpdate' in e) states.push(e.statusUpdate.status.state);
      expect(states.at(-1)).toBe('TASK_STATE_COMPLETED');
    }
  });

  it('MCP over HTTP', async () => {
    const port = Number(new URL(tools.url).port);
    const client = new McpClient({
      transport: mcpHttpTransport(named(tools.url), {
        fetch: guardedFetch(guard(port, resolvesTo('127.0.0.1'))),
      }),
      clientInfo: { name: 'wopgen-test', version: '1.0.0' },
    });
    await client.discover();
    expect(await client.callTool('echo', { text: 'pinned' })).toMatchObject({
      content: [{ type: 'text', text: 'pinned' }],
    });
    expect(tools.seen.at(-1)!.headers.host).toBe(`peer.rebind.invalid:${port}`);
  });
});

describe('the answer as fetch gives it', () => {
  it('streams: an event is read while the server still holds the answer open', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const s = await listen('127.0.0.1', 0, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
      void held.then(() => res.end('data: two\n\n'));
    });
    try {
      const res = await guardedFetch(guard(s.port))(`http://127.0.0.1:${s.port}/events`, {});
      const events = sseEvents(res, { maxBytes: 1024, timeoutMs: 10_000 });
      expect((await events.next()).value).toEqual({ event: 'message', data: 'one' });
      finish();
      expect((await events.next()).value).toEqual({ event: 'message', data: 'two' });
      expect((await events.next()).done).toBe(true);
    } finally {
      finish();
      await s.close();
    }
  });

  it('a redirect is refused and its target never asked', async () => {
    const target = await listen('127.0.0.1', 0, (_req, res) => res.end('moved here'));
    const s = await listen('127.0.0.1', 0, (_req, res) =>
      res.writeHead(307, { location: `http://127.0.0.1:${target.port}/` }).end(),
    );
    try {
      const send = guardedFetch({ ...guard(s.port), allowedPorts: [s.port, target.port] });
      await expect(send(`http://127.0.0.1:${s.port}/`, {})).rejects.toThrow(TypeError);
      expect(s.seen).toHaveLength(1);
      expect(target.seen).toEqual([]);
    } finally {
      await s.close();
      await target.close();
    }
  });

  it('204 has no body; headers and status come through', async () => {
    const s = await listen('127.0.0.1', 0, (_req, res) =>
      res.writeHead(204, 'Nothing', { 'x-peer': 'a', 'set-cookie': ['a=1', 'b=2'] }).end(),
    );
    try {
      const res = await guardedFetch(guard(s.port))(`http://127.0.0.1:${s.port}/`, {
        method: 'DELETE',
      });
      expect([res.status, res.statusText, res.ok, res.body]).toEqual([204, 'Nothing', true, null]);
      expect(res.headers.get('x-peer')).toBe('a');
      expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(s.seen[0]!.method).toBe('DELETE');
    } finally {
      await s.close();
    }
  });

  it("the caller's abort ends the request with the signal's reason", async () => {
    const s = await listen('127.0.0.1', 0, () => undefined);
    try {
      const controller = new AbortController();
      const pending = guardedFetch(guard(s.port))(`http://127.0.0.1:${s.port}/`, {
        signal: controller.signal,
      });
      const reason = new Error('stop');
      await waitFor(() => s.seen.length === 1);
      controller.abort(reason);
      await expect(pending).rejects.toBe(reason);
    } finally {
      await s.close();
    }
  });

  it('an abort or a cut connection during the body fails the read', async () => {
    const s = await listen('127.0.0.1', 0, (req, res) => {
      // Once the first part is out, /cut drops the connection 93 bytes short of its length.
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial', () => (req.url === '/cut' ? res.destroy() : undefined));
    });
    try {
      const send = guardedFetch(guard(s.port));
      const controller = new AbortController();
      const open = await send(`http://127.0.0.1:${s.port}/held`, { signal: controller.signal });
      const reader = open.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('partial');
      const reason = new Error('stop');
      controller.abort(reason);
      await expect(reader.read()).rejects.toBe(reason);
      const cut = await send(`http://127.0.0.1:${s.port}/cut`, {});
      await expect(cut.text()).rejects.toThrow(TypeError);
    } finally {
      await s.close();
    }
  });
});

describe('TLS checks the URL host, not the pinned address', () => {
  let s: Listening;
  const { key, cert } = testCertificate();
  beforeAll(async () => {
    s = await listen('127.0.0.1', 0, (_req, res) => res.end('secure'), { key, cert });
  });
  afterAll(() => s.close());

  it('the certificate of the named host is accepted, and SNI names it', async () => {
    const send = guardedFetch({ ...guard(s.port, resolvesTo('127.0.0.1')), ca: [cert] });
    const res = await send(`https://localhost:${s.port}/`, {});
    expect(await res.text()).toBe('secure');
    expect(s.seen.at(-1)!.servername).toBe('localhost');
  });

  it('a host the certificate does not name is refused though its address is', async () => {
    // The certificate names localhost and 127.0.0.1; the connect goes to 127.0.0.1, but the host
    // asked for is another: checked against the address, it would pass.
    const before = s.seen.length;
    const send = guardedFetch({ ...guard(s.port, resolvesTo('127.0.0.1')), ca: [cert] });
    const refused = send(`https://other.rebind.invalid:${s.port}/`, {});
    await expect(refused).rejects.toThrow(TypeError);
    await expect(refused).rejects.toMatchObject({
      cause: { code: 'ERR_TLS_CERT_ALTNAME_INVALID' },
    });
    expect(s.seen).toHaveLength(before);
  });
});

/** Resolves once `ready()` holds (checked on each turn of the event loop). */
async function waitFor(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((r) => setImmediate(r));
}
