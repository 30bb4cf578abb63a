// Raw A2A JSON-RPC calls against a running host, and the exact shape check of an A2A error
// (interop.md §A2A error details), for tests that pin wire shapes byte for byte.
import { expect } from 'vitest';
import type { RunningHost } from './host.ts';

export interface Rpc {
  status: number;
  text: string;
  body: {
    jsonrpc: string;
    id: unknown;
    result?: Record<string, unknown> & { task?: Record<string, unknown> };
    error?: { code: number; message: string; data: Record<string, unknown>[] };
  };
  headers: Headers;
}

export interface WireTask {
  id: string;
  contextId: string;
  status: { state: string; message?: { parts: Record<string, unknown>[] } };
  history?: Record<string, unknown>[];
  metadata?: { openwop?: { interrupt?: Record<string, unknown> } };
}

export function rpcClient(h: RunningHost, path = '/a2a/jsonrpc') {
  let n = 0;
  async function post(body: string, headers: Record<string, string> = {}, key?: string) {
    const r = await fetch(`${h.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key === '' ? {} : { authorization: `Bearer ${key ?? h.key}` }),
        ...headers,
      },
      body,
    });
    const text = await r.text();
    return { status: r.status, text, body: JSON.parse(text) as Rpc['body'], headers: r.headers };
  }
  return {
    post,
    rpc(method: string, params: unknown, opts: { id?: unknown; key?: string } = {}) {
      return post(
        JSON.stringify({ jsonrpc: '2.0', id: opts.id ?? 1, method, params }),
        {},
        opts.key,
      );
    },
    /** A user message (fresh messageId) with `extra` members merged in. */
    message(parts: unknown[], extra: Record<string, unknown> = {}) {
      n += 1;
      return { messageId: `m-${n}-${Date.now()}`, role: 'ROLE_USER', parts, ...extra };
    },
  };
}

/** The task of a successful SendMessage / GetTask answer. */
export function taskOf(r: Rpc): WireTask {
  expect(r.body.error).toBeUndefined();
  const result = r.body.result!;
  return (result.task ?? result) as unknown as WireTask;
}

export function expectA2aError(r: Rpc, code: number, reason: string, httpStatus = 200) {
  expect(r.status).toBe(httpStatus);
  expect(r.body.jsonrpc).toBe('2.0');
  expect(r.body.error?.code).toBe(code);
  const data = r.body.error!.data;
  expect(Array.isArray(data)).toBe(true);
  const infos = data.filter((d) => d['@type'] === 'type.googleapis.com/google.rpc.ErrorInfo');
  expect(infos).toHaveLength(1);
  expect(infos[0]).toMatchObject({ reason, domain: 'a2a-protocol.org' });
  return r.body.error!;
}

/** The one HTTP+JSON TaskNotFound body (google.rpc.Status, A2A §11.6): unknown and unreadable alike. */
export const TASK_NOT_FOUND_STATUS = {
  error: {
    code: 404,
    status: 'NOT_FOUND',
    message: 'task not found',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'TASK_NOT_FOUND',
        domain: 'a2a-protocol.org',
      },
    ],
  },
};
