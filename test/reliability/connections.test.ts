// Connection limits: silent and slow connections are closed, unauthenticated bodies are
// not read past a small bound, the socket count is capped, an oversize refusal on /mcp does not
// break the next request on the connection, and Node's own refusals (431, 400, 408) carry the
// owning binding's error body instead of an empty one.
import { request, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startHost, KEYS, type RunningHost } from '../helpers/host.ts';
import { closedWithin, openSocket, parseRawResponse, rawExchange } from './helpers.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost({
    config: (c) => {
      c.limits = {
        headersTimeoutMs: 600,
        requestTimeoutMs: 1200,
        keepAliveTimeoutMs: 500,
        maxConnections: 40,
        maxConnectionsPerAddress: 20,
      };
    },
  });
});
afterAll(() => h.close());

const authority = () => new URL(h.url).host;

describe('silent and slow connections', () => {
  it('closes a connection that never sends a request', async () => {
    const s = await openSocket(h.url);
    s.resume();
    expect(await closedWithin(s, 6000)).toBeDefined();
    s.destroy();
  });

  it('answers a slow unauthenticated body on /a2a/jsonrpc at once, without reading it', async () => {
    const s = await openSocket(h.url);
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('error', () => undefined);
    s.write(
      `POST /a2a/jsonrpc HTTP/1.1\r\nhost: ${authority()}\r\ncontent-type: application/json\r\n` +
        'content-length: 1000000\r\n\r\n{"jsonrpc":',
    );
    expect(await closedWithin(s, 4000)).toBeDefined();
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(text).toMatch(/connection: close/i);
    expect(text).toContain('"reason":"UNAUTHENTICATED"');
    s.destroy();
  });

  it('ends a body trickled too slowly with the binding’s 408', async () => {
    const s = await openSocket(h.url);
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('error', () => undefined);
    s.write(
      `POST /mcp HTTP/1.1\r\nhost: ${authority()}\r\ncontent-type: application/json\r\n` +
        'accept: application/json\r\ncontent-length: 2000\r\n\r\n{',
    );
    const timer = setInterval(() => s.writable && s.write(' '), 200);
    const closed = await closedWithin(s, 6000);
    clearInterval(timer);
    expect(closed).toBeDefined();
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'the request was not received in time' },
    });
    s.destroy();
  });

  it('closes silent sockets whose client never reads them: the host frees them, the client does not', async () => {
    // A probe that connects, sends nothing and never reads sees its sockets "open" for as long as
    // it likes: the host's 408 and FIN wait unread in them (CLOSE_WAIT on the client). What counts
    // is the host's end, which is closed and freed within the headers timeout.
    const sockets = await Promise.all(Array.from({ length: 10 }, () => openSocket(h.url)));
    for (const s of sockets) s.on('error', () => undefined);
    const count = () => new Promise<number>((r) => h.host.server.getConnections((_e, n) => r(n)));
    const pause = () => new Promise((r) => setTimeout(r, 20));
    // Accepted (the client's connect comes first), then closed by the headers timeout.
    let most = 0;
    for (let i = 0; i < 100 && most < 10; i++) {
      most = Math.max(most, await count());
      await pause();
    }
    expect(most).toBe(10);
    for (let i = 0; i < 500 && (await count()) > 0; i++) await pause();
    expect(await count()).toBe(0);
    expect(sockets.every((s) => !s.destroyed && !s.readableEnded)).toBe(true);
    // Reading them shows what the host said before it closed: the 408 of a request never sent.
    const said = await Promise.all(
      sockets.map(
        (s) =>
          new Promise<string>((resolve) => {
            let text = '';
            s.on('data', (c: Buffer) => (text += c.toString('latin1')));
            s.on('end', () => resolve(text));
            s.resume();
          }),
      ),
    );
    for (const text of said) expect(text).toMatch(/^HTTP\/1\.1 408 /);
    for (const s of sockets) s.destroy();
  });

  it('one address cannot take every socket: another is still served', async () => {
    // 45 silent sockets from 127.0.0.1 would fill the 40 the host holds; the per-address cap keeps
    // 20 of them, and a client on 127.0.0.2 (every 127/8 address is this machine) gets in.
    const sockets = await Promise.all(Array.from({ length: 45 }, () => openSocket(h.url)));
    for (const s of sockets) s.on('error', () => undefined);
    onTestFinished(() => sockets.forEach((s) => s.destroy()));
    const closed = await Promise.all(sockets.map((s) => closedWithin(s, 300)));
    expect(closed.filter((c) => c !== undefined).length).toBe(25);
    const other = await rawExchange(
      h.url,
      `GET /.well-known/openwop HTTP/1.1\r\nhost: ${authority()}\r\nconnection: close\r\n\r\n`,
      5000,
      '127.0.0.2',
    );
    expect(other.status).toBe(200);
    for (const s of sockets) s.destroy();
  });

  it('holds at most maxConnections sockets and serves again once they go', async () => {
    const sockets = await Promise.all(Array.from({ length: 60 }, () => openSocket(h.url)));
    for (const s of sockets) s.on('error', () => undefined);
    const closed = await Promise.all(sockets.map((s) => closedWithin(s, 300)));
    // The ones over the cap are closed at accept; the others stay until their headers time out.
    expect(closed.filter((c) => c !== undefined).length).toBeGreaterThanOrEqual(20);
    for (const s of sockets) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const r = await h.call('acme', '/runs');
    expect(r.status).toBe(200);
  });
});

describe('an oversize body on a kept-alive connection (MCP)', () => {
  it('refuses with 413 and Connection: close; the next request on the agent succeeds', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string) =>
      new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
        (resolve, reject) => {
          const req = request(
            `${h.url}/mcp`,
            {
              method: 'POST',
              agent,
              headers: {
                authorization: `Bearer ${KEYS.acme}`,
                'content-type': 'application/json',
                accept: 'application/json',
                'mcp-protocol-version': '2026-07-28',
                'mcp-method': 'server/discover',
              },
            },
            (res) => {
              let text = '';
              res.on('data', (c: Buffer) => (text += c.toString()));
              res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
            },
          );
          req.on('error', reject);
          req.end(body);
        },
      );
    const ping = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'reliability', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });
    let resets = 0;
    for (let i = 0; i < 20; i++) {
      const big = await post('x'.repeat(2 * 1024 * 1024)).catch(() => undefined);
      if (big) {
        expect(big.status).toBe(413);
        expect(big.headers['connection']).toBe('close');
      }
      try {
        const next = await post(ping);
        expect(next.status).toBe(200);
      } catch {
        resets += 1;
      }
    }
    agent.destroy();
    expect(resets).toBe(0);
  });
});

describe('refusals Node makes before a handler runs', () => {
  const big = 'a'.repeat(20 * 1024);
  it.each([
    ['/a2a/jsonrpc', 'a2a'],
    ['/a2a/rest/message:send', 'a2aRest'],
    ['/mcp', 'mcp'],
    ['/runs', 'openwop'],
  ])('431 on %s carries the binding’s body', async (path, shape) => {
    const r = await rawExchange(
      h.url,
      `POST ${path} HTTP/1.1\r\nhost: ${authority()}\r\nx-big: ${big}\r\n\r\n`,
    );
    expect(r.status).toBe(431);
    expect(r.headers['content-type']).toBe('application/json');
    const body = JSON.parse(r.body) as Record<string, unknown>;
    if (shape === 'a2aRest') {
      expect(body).toEqual({
        error: {
          code: 431,
          status: 'INVALID_ARGUMENT',
          message: 'the request headers are too large',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'INVALID_REQUEST',
              domain: 'a2a-protocol.org',
            },
          ],
        },
      });
    } else if (shape === 'a2a') {
      expect(body).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'the request headers are too large',
          data: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'INVALID_REQUEST',
              domain: 'a2a-protocol.org',
            },
          ],
        },
      });
    } else if (shape === 'mcp') {
      expect(body).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'the request headers are too large' },
      });
    } else {
      expect(body).toEqual({
        error: 'validation_error',
        message: 'the request headers are too large',
      });
    }
  });

  it('400 for bytes that are not HTTP carries a body', async () => {
    const r = await rawExchange(h.url, 'POST /mcp HTTP/1.1\r\nho st\u0001: x\r\n\r\n');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'the request is not valid HTTP' },
    });
  });

  it('400 for bytes that are not HTTP on /a2a/rest is a google.rpc.Status', async () => {
    const r = await rawExchange(
      h.url,
      'POST /a2a/rest/message:send HTTP/1.1\r\nho st\u0001: x\r\n\r\n',
    );
    expect(r.status).toBe(400);
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: 'the request is not valid HTTP',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'PARSE_ERROR',
            domain: 'a2a-protocol.org',
          },
        ],
      },
    });
  });

  it('408 for a body too slow to arrive on /a2a/rest is DEADLINE_EXCEEDED', async () => {
    const s = await openSocket(h.url);
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('error', () => undefined);
    s.write(
      `POST /a2a/rest/message:send HTTP/1.1\r\nhost: ${authority()}\r\n` +
        `authorization: Bearer ${KEYS.acme}\r\ncontent-type: application/json\r\n` +
        'content-length: 2000\r\n\r\n{',
    );
    const timer = setInterval(() => s.writable && s.write(' '), 200);
    const closed = await closedWithin(s, 6000);
    clearInterval(timer);
    expect(closed).toBeDefined();
    const r = parseRawResponse(Buffer.concat(chunks).toString('utf8'));
    expect(r.status).toBe(408);
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual({
      error: {
        code: 408,
        status: 'DEADLINE_EXCEEDED',
        message: 'the request was not received in time',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'INVALID_REQUEST',
            domain: 'a2a-protocol.org',
          },
        ],
      },
    });
    s.destroy();
  });
});
