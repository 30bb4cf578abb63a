// The request log: one JSON line per request with binding, method/route,
// status, protocol error code, duration, tenant and request id, captured from a real host driven
// over REST, A2A and MCP with a sentinel API key that must appear nowhere in the log.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../runtime/config.ts';
import { createSqliteHost, type SqliteHost as Host } from '../../runtime/host/index.ts';
import { createLogger } from '../../runtime/log/logger.ts';
import { formatRecord } from '../../runtime/log/pretty.ts';
import { removeDir } from '../helpers/host.ts';

const SENTINEL = 'sentinel-key-7f3a9c1e5b2d4068';
const QUERY_SECRET = 'query-secret-55aa77cc';
const BODY_SECRET = 'body-secret-99bb11dd';

let host: Host;
let url: string;
let dir: string;
let captured = '';

interface Line {
  level: number;
  msg: string;
  requestId: string;
  binding: string;
  method: string;
  route: string;
  rpc?: string;
  status: number;
  code?: number | string;
  ms: number;
  tenant?: string;
}

function lines(): Line[] {
  return captured
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.msg === 'request');
}

/** The log line of the request that carried `id`, once the response has closed. */
async function lineFor(requestId: string): Promise<Line> {
  await expect.poll(() => lines().find((l) => l.requestId === requestId)).toBeDefined();
  return lines().find((l) => l.requestId === requestId)!;
}

function call(
  path: string,
  requestId: string,
  init: RequestInit = {},
  key: string | null = SENTINEL,
) {
  const headers = new Headers(init.headers);
  if (key) headers.set('authorization', `Bearer ${key}`);
  headers.set('x-request-id', requestId);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(url + path, { ...init, headers });
}

function rpc(path: string, requestId: string, body: unknown, headers: Record<string, string> = {}) {
  return call(path, requestId, { method: 'POST', body: JSON.stringify(body), headers });
}

const MCP_HEADERS = {
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
};
const MCP_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'log-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wopgen-log-'));
  const out = new PassThrough();
  out.on('data', (d: Buffer) => (captured += d.toString()));
  host = await createSqliteHost({
    config: defaultConfig('http://127.0.0.1'),
    baseUrlFromListen: true,
    store: `sqlite:${join(dir, 'h.db')}`,
    apiKeys: [{ key: SENTINEL, tenant: 'acme' }],
    logger: createLogger({ level: 'info', out, format: 'json' }),
  });
  url = await host.listen(0);
});

afterAll(async () => {
  await host.close();
  removeDir(dir);
});

describe('the request log', () => {
  it('REST: route template, status, tenant, echoed request id; no query or body secrets', async () => {
    const r = await call('/runs', 'rest-create', {
      method: 'POST',
      body: JSON.stringify({ workflowId: 'echo', inputs: { text: BODY_SECRET } }),
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('x-request-id')).toBe('rest-create');
    const { runId } = (await r.json()) as { runId: string };
    const created = await lineFor('rest-create');
    expect(created).toMatchObject({
      level: 30,
      binding: 'rest',
      method: 'POST',
      route: '/runs',
      status: 201,
      tenant: 'acme',
    });
    expect(created.code).toBeUndefined();
    expect(typeof created.ms).toBe('number');

    await call(`/runs/${encodeURIComponent(runId)}`, 'rest-get');
    expect(await lineFor('rest-get')).toMatchObject({ route: '/runs/{runId}', status: 200 });

    await call(`/runs?token=${QUERY_SECRET}`, 'rest-list');
    expect(await lineFor('rest-list')).toMatchObject({ route: '/runs', status: 200 });

    await call('/runs/nope/extra', 'rest-404');
    expect(await lineFor('rest-404')).toMatchObject({
      binding: 'rest',
      route: '/runs/nope/extra',
      status: 404,
      code: 'not_found',
    });
  });

  it('an unauthenticated request has no tenant; a bad X-Request-Id is replaced', async () => {
    const r = await call('/runs', 'bad id with spaces', {}, 'wrong-key-0123456789abcdef');
    expect(r.status).toBe(401);
    const minted = r.headers.get('x-request-id')!;
    expect(minted).toMatch(/^[0-9a-f-]{36}$/);
    const line = await lineFor(minted);
    expect(line).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(line.tenant).toBeUndefined();
  });

  it('A2A: the JSON-RPC method and the in-band error code', async () => {
    await rpc(
      '/a2a/jsonrpc',
      'a2a-list',
      { jsonrpc: '2.0', id: 1, method: 'ListTasks', params: { pageSize: 2 } },
      { 'a2a-version': '1.0' },
    );
    expect(await lineFor('a2a-list')).toMatchObject({
      binding: 'a2a',
      method: 'POST',
      route: '/a2a/jsonrpc',
      rpc: 'ListTasks',
      status: 200,
      tenant: 'acme',
    });
    expect((await lineFor('a2a-list')).code).toBeUndefined();

    await rpc(
      '/a2a/jsonrpc',
      'a2a-bad',
      { jsonrpc: '2.0', id: 2, method: 'ListTasks', params: { status: 'working' } },
      { 'a2a-version': '1.0' },
    );
    expect(await lineFor('a2a-bad')).toMatchObject({ rpc: 'ListTasks', status: 200, code: -32602 });
  });

  it('MCP: the method, and a refusal status with its code', async () => {
    await rpc(
      '/mcp',
      'mcp-list',
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MCP_META } },
      { ...MCP_HEADERS, 'mcp-method': 'tools/list' },
    );
    expect(await lineFor('mcp-list')).toMatchObject({
      binding: 'mcp',
      rpc: 'tools/list',
      status: 200,
      tenant: 'acme',
    });

    await rpc(
      '/mcp',
      'mcp-mismatch',
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: MCP_META } },
      { ...MCP_HEADERS, 'mcp-method': 'prompts/list' },
    );
    expect(await lineFor('mcp-mismatch')).toMatchObject({
      rpc: 'tools/list',
      status: 400,
      code: -32020,
    });
  });

  it('discovery', async () => {
    await call('/.well-known/openwop', 'disc', {}, null);
    expect(await lineFor('disc')).toMatchObject({
      binding: 'discovery',
      route: '/.well-known/openwop',
      status: 200,
    });
  });

  it('never holds the API key, the Authorization header, a query or a body', () => {
    expect(lines().length).toBeGreaterThanOrEqual(10);
    for (const secret of [SENTINEL, QUERY_SECRET, BODY_SECRET, 'Bearer', 'authorization']) {
      expect(captured).not.toContain(secret);
    }
  });

  it('renders a request line for a terminal', () => {
    const rec = JSON.stringify({
      level: 30,
      time: 0,
      msg: 'request',
      requestId: 'r1',
      binding: 'a2a',
      method: 'POST',
      route: '/a2a/jsonrpc',
      rpc: 'ListTasks',
      status: 200,
      code: -32602,
      ms: 1.5,
      tenant: 'acme',
    });
    expect(formatRecord(rec, false)).toMatch(
      /^\d\d:\d\d:\d\d INFO  a2a POST \/a2a\/jsonrpc ListTasks 200 \(-32602\) 1\.5ms requestId=r1 tenant=acme\n$/,
    );
  });

  it('a level that writes no request line still echoes the id; a level change applies at once', async () => {
    const log = host.context.log;
    try {
      for (const level of ['silent', 'error'] as const) {
        log.level = level;
        const id = `quiet-${level}`;
        const r = await call('/runs/nope', id);
        expect(r.status).toBe(404);
        expect(r.headers.get('x-request-id')).toBe(id);
        await r.text();
      }
      log.level = 'info';
      const r = await call('/runs/nope', 'loud-again');
      await r.text();
      expect(await lineFor('loud-again')).toMatchObject({ status: 404, code: 'not_found' });
      expect(lines().some((l) => l.requestId.startsWith('quiet-'))).toBe(false);
    } finally {
      log.level = 'info';
    }
  });
});
