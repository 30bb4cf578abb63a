// What each binding answers when the host cannot serve a request at all, with no database needed:
// a store that stopped answering (StoreUnavailableError, the PostgreSQL adapter's timeouts) is a
// retryable 503 in the binding's own shape, whether it fails authentication (before the body is
// read: a JSON-RPC id cannot be echoed) or the operation (the id echoed); a fault nobody expected
// is a 500, also in the binding's shape, never the OpenWOP envelope on an A2A or MCP URL.
// store-outage.test.ts does the same against a real PostgreSQL that is frozen and restarted.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessChangeFeed } from '../../runtime/adapters/change-feed/in-process.ts';
import { openSqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import { defaultConfig } from '../../runtime/config.ts';
import { createRunCore, referencePack } from '../../runtime/core/reference/index.ts';
import { createHost, type Host } from '../../runtime/host/create-host.ts';
import { StoreUnavailableError } from '../../runtime/ports/errors.ts';
import type { RunCore } from '../../runtime/ports/run-core.ts';
import { removeDir } from '../helpers/host.ts';
import { REVISION } from '../mcp/helpers.ts';
import {
  unavailableBody,
  UNAVAILABLE_TYPE,
  type UnavailableBinding,
} from '../helpers/unavailable-shapes.ts';

type Mode = 'ok' | 'unavailable' | 'fault';
let authMode: Mode = 'ok';
let coreMode: Mode = 'ok';
const fail = (mode: Mode) =>
  Promise.reject(mode === 'unavailable' ? new StoreUnavailableError() : new Error('boom'));

let host: Host;
let url: string;
let dir: string;
const KEY = 'failure-shapes-key-0123456789';
const TASK = 'acme/0000000000000000000000';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wopgen-failure-shapes-'));
  const stores = openSqliteStores(join(dir, 'h.db'));
  const feed = new InProcessChangeFeed();
  const real = await createRunCore({ runs: stores.runs, feed, workflows: referencePack() });
  // Every operation of the core fails as the mode says (what a store outage does to it).
  const core = new Proxy(real, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) =>
        coreMode === 'ok' || prop === 'close'
          ? (v as (...a: unknown[]) => unknown).apply(target, args)
          : fail(coreMode);
    },
  }) as RunCore;
  host = await createHost({
    config: defaultConfig('http://127.0.0.1'),
    core,
    stores,
    feed,
    auth: {
      authenticate: (authorization) =>
        authMode !== 'ok'
          ? fail(authMode)
          : Promise.resolve(
              authorization === `Bearer ${KEY}`
                ? {
                    issuer: 'test',
                    subjectId: 'failure-shapes',
                    tenant: 'acme',
                    lane: 'default',
                    kind: 'user',
                  }
                : undefined,
            ),
    } as Parameters<typeof createHost>[0]['auth'],
    baseUrlFromListen: true,
    onClose: () => stores.close(),
  });
  url = await host.listen(0);
});
afterAll(async () => {
  await host.close();
  removeDir(dir);
});

const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
const mcpMeta = {
  'io.modelcontextprotocol/protocolVersion': REVISION,
  'io.modelcontextprotocol/clientInfo': { name: 'failure-shapes', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {
    extensions: { 'io.modelcontextprotocol/tasks': {} },
  },
};

/** One GetTask-like read per binding. */
const REQUESTS = {
  rest: () => fetch(`${url}/runs/acme~2F0000000000000000000000`, { headers: auth }),
  a2a: () =>
    fetch(`${url}/a2a/jsonrpc`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'GetTask', params: { id: TASK } }),
    }),
  a2aRest: () => fetch(`${url}/a2a/rest/tasks/acme%2F0000000000000000000000`, { headers: auth }),
  mcp: () =>
    fetch(`${url}/mcp`, {
      method: 'POST',
      headers: {
        ...auth,
        accept: 'application/json',
        'mcp-protocol-version': REVISION,
        'mcp-method': 'tasks/get',
        'mcp-name': 'acme~2F0000000000000000000000',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tasks/get',
        params: { taskId: 'acme~2F0000000000000000000000', _meta: mcpMeta },
      }),
    }),
};

async function answer(binding: keyof typeof REQUESTS) {
  const r = await REQUESTS[binding]();
  return {
    status: r.status,
    type: r.headers.get('content-type'),
    retryAfter: r.headers.get('retry-after'),
    body: (await r.json()) as unknown,
  };
}

const INTERNAL_INFO = [
  {
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason: 'INTERNAL_ERROR',
    domain: 'a2a-protocol.org',
  },
];

/** The 503 of each binding; `id` is the JSON-RPC id the answer can echo. */
function unavailable(id: number | null) {
  const shape = (binding: UnavailableBinding) => ({
    status: 503,
    type: UNAVAILABLE_TYPE,
    retryAfter: '1',
    body: unavailableBody(binding, id),
  });
  return {
    rest: shape('rest'),
    a2a: shape('a2a-jsonrpc'),
    a2aRest: shape('a2a-http-json'),
    mcp: shape('mcp'),
  };
}

const BINDINGS = ['rest', 'a2a', 'a2aRest', 'mcp'] as const;

describe('a store that stopped answering', () => {
  it('fails authentication: 503 in each binding’s shape (no id read yet)', async () => {
    authMode = 'unavailable';
    try {
      for (const b of BINDINGS) expect([b, await answer(b)]).toEqual([b, unavailable(null)[b]]);
    } finally {
      authMode = 'ok';
    }
  });

  it('fails the operation: 503 in each binding’s shape, the JSON-RPC id echoed', async () => {
    coreMode = 'unavailable';
    try {
      for (const b of BINDINGS) expect([b, await answer(b)]).toEqual([b, unavailable(7)[b]]);
    } finally {
      coreMode = 'ok';
    }
  });
});

describe('a fault nobody expected', () => {
  it('is a 500 in each binding’s shape, never the OpenWOP envelope on A2A or MCP', async () => {
    authMode = 'fault';
    try {
      expect(await answer('rest')).toEqual({
        status: 500,
        type: 'application/json',
        retryAfter: null,
        body: { error: 'internal_error', message: 'internal error' },
      });
      expect(await answer('a2a')).toEqual({
        status: 500,
        type: 'application/json',
        retryAfter: null,
        body: {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32603, message: 'internal error', data: INTERNAL_INFO },
        },
      });
      expect(await answer('a2aRest')).toEqual({
        status: 500,
        type: 'application/json',
        retryAfter: null,
        body: {
          error: {
            code: 500,
            status: 'INTERNAL',
            message: 'internal error',
            details: INTERNAL_INFO,
          },
        },
      });
      expect(await answer('mcp')).toEqual({
        status: 500,
        type: 'application/json',
        retryAfter: null,
        body: { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'internal error' } },
      });
    } finally {
      authMode = 'ok';
    }
  });
});
