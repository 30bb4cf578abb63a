// Non-JSON bodies are refused, not read as JSON (REST and A2A once accepted
// `text/plain` and form bodies). Each binding answers in its own shape at HTTP 415 and nothing is
// created; JSON media types (`application/json` with parameters, `application/a2a+json`) still work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectA2aError, rpcClient, type Rpc } from '../helpers/a2a-rpc.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;

beforeAll(async () => {
  h = await startHost();
});

afterAll(async () => {
  await h.close();
});

const NOT_JSON = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
];

const send = (messageId: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'SendMessage',
    params: {
      message: {
        messageId,
        role: 'ROLE_USER',
        parts: [{ text: 'x' }],
        metadata: { openwop: { skill: 'echo' } },
      },
    },
  });

async function runCount(): Promise<number> {
  const res = await h.call('acme', '/runs?limit=100');
  return ((await res.json()) as { runs: unknown[] }).runs.length;
}

describe('A2A JSON-RPC', () => {
  it.each(NOT_JSON)('%s: -32600 at 415, no task', async (type) => {
    const before = await runCount();
    const r = await rpcClient(h).post(send(`mt-${type}`), { 'content-type': type });
    const error = expectA2aError(r, -32600, 'INVALID_REQUEST', 415);
    expect(error.message).toBe('request body must be application/json');
    expect(r.body.id).toBeNull();
    expect(await runCount()).toBe(before);
  });

  it.each(['application/json; charset=utf-8', 'application/a2a+json', 'APPLICATION/JSON'])(
    '%s is read',
    async (type) => {
      const r: Rpc = await rpcClient(h).post(send(`ok-${type}`), { 'content-type': type });
      expect(r.status).toBe(200);
      expect(r.body.result?.task).toBeDefined();
    },
  );
});

describe('A2A HTTP+JSON', () => {
  it.each(NOT_JSON)('%s: google.rpc.Status at 415, no task', async (type) => {
    const before = await runCount();
    const r = await fetch(`${h.url}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.key}`, 'content-type': type },
      body: JSON.stringify(JSON.parse(send(`hj-${type}`)).params),
    });
    expect(r.status).toBe(415);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(await r.json()).toEqual({
      error: {
        code: 415,
        status: 'INVALID_ARGUMENT',
        message: 'request body must be application/json',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'INVALID_REQUEST',
            domain: 'a2a-protocol.org',
          },
        ],
      },
    });
    expect(await runCount()).toBe(before);
  });
});

describe('REST', () => {
  it.each(NOT_JSON)('POST /runs with %s: 415 unsupported_media_type, no run', async (type) => {
    const before = await runCount();
    const r = await h.call('acme', '/runs', {
      method: 'POST',
      headers: { 'content-type': type },
      body: JSON.stringify({ workflowId: 'echo', inputs: { text: 'x' } }),
    });
    expect(r.status).toBe(415);
    expect(await r.json()).toEqual({
      error: 'unsupported_media_type',
      message: 'request body must be application/json',
    });
    expect(await runCount()).toBe(before);
  });

  it('an interrupt answer with a form body: 415, the interrupt stays open', async () => {
    const created = await h.call('acme', '/runs', {
      method: 'POST',
      body: JSON.stringify({ workflowId: 'conformance-approval', inputs: {} }),
    });
    const run = (await created.json()) as { runId: string; currentNodeId: string };
    const path = `/runs/${encodeURIComponent(run.runId)}/interrupts/${run.currentNodeId}`;
    const r = await h.call('acme', path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: JSON.stringify({ resumeValue: { action: 'accept' } }),
    });
    expect(r.status).toBe(415);
    expect(((await r.json()) as { error: string }).error).toBe('unsupported_media_type');
    const after = await h.call('acme', `/runs/${encodeURIComponent(run.runId)}`);
    expect(((await after.json()) as { status: string }).status).toBe('waiting-approval');
  });
});
