// Defects an independent A2A 1.0 compatibility kit and a second official client found, each
// pinned by its exact wire answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectA2aError, rpcClient, taskOf } from '../helpers/a2a-rpc.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
let c: ReturnType<typeof rpcClient>;

beforeAll(async () => {
  h = await startHost();
  c = rpcClient(h);
});

afterAll(async () => {
  await h.close();
});

describe('ListTasks statusTimestampAfter is RFC 3339 only', () => {
  it.each(['-1', '2001', '2026-01-01', '2026-13-01T00:00:00Z', '2026-01-01T00:00:00', 'now'])(
    '%s is -32602',
    async (after) => {
      const r = await c.rpc('ListTasks', { statusTimestampAfter: after });
      const err = expectA2aError(r, -32602, 'INVALID_PARAMS');
      expect(err.message).toBe('statusTimestampAfter must be an RFC 3339 timestamp');
    },
  );

  it.each(['2026-01-01T00:00:00Z', '2026-01-01t00:00:00.123+02:00'])(
    '%s is read',
    async (after) => {
      const r = await c.rpc('ListTasks', { statusTimestampAfter: after });
      expect(r.body.error).toBeUndefined();
      expect(r.body.result).toMatchObject({ pageSize: 50 });
    },
  );
});

describe('the JSON-RPC endpoint with a trailing slash', () => {
  it('answers as /a2a/jsonrpc', async () => {
    const slash = rpcClient(h, '/a2a/jsonrpc/');
    const params = { id: 'acme/AAAAAAAAAAAAAAAAAAAAAA' };
    const a = await slash.rpc('GetTask', params);
    const b = await c.rpc('GetTask', params);
    expectA2aError(a, -32001, 'TASK_NOT_FOUND');
    expect(a.text).toBe(b.text);
    const sent = await slash.rpc('SendMessage', {
      message: slash.message([{ text: 'hi' }], { metadata: { openwop: { skill: 'echo' } } }),
    });
    expect(taskOf(sent).status.state).toBe('TASK_STATE_COMPLETED');
  });
});

describe('authentication comes before method lookup', () => {
  it('an unknown method without credentials is 401 exactly like a real one', async () => {
    const unknown = await c.rpc('NoSuchMethod', {}, { key: '' });
    const real = await c.rpc('GetTask', { id: 'x' }, { key: '' });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toBe('Bearer');
    expect(unknown.body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32600,
        message: 'unauthenticated: a valid bearer API key is required',
        data: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'UNAUTHENTICATED',
            domain: 'a2a-protocol.org',
          },
        ],
      },
    });
    expect(unknown.text).toBe(real.text);
    expect(unknown.status).toBe(real.status);
  });

  it('an unknown method with credentials is -32601', async () => {
    const r = await c.rpc('NoSuchMethod', {});
    expectA2aError(r, -32601, 'METHOD_NOT_FOUND');
  });
});

describe('the agent card carries validators', () => {
  const card = (headers: Record<string, string> = {}) =>
    fetch(`${h.url}/.well-known/agent-card.json`, { headers });

  it('ETag, Last-Modified and caching; 304 on a matching If-None-Match or If-Modified-Since', async () => {
    const first = await card();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    expect(first.headers.get('vary')).toBe('A2A-Version');
    await first.json();

    const again = await card({ 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    const since = await card({ 'if-modified-since': lastModified });
    expect(since.status).toBe(304);

    const stale = await card({ 'if-none-match': '"something-else"' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('etag')).toBe(etag);
    expect(stale.headers.get('last-modified')).toBe(lastModified);
  });
});

describe('unknown members of a message are refused, never reflected into Task.history', () => {
  // ProtoJSON (A2A 1.0's JSON): a member that is neither the JSON nor the proto name of a field of
  // the message is an error naming it; metadata stays a map of anything.
  it('refuses a member no field of the message or of a part has, naming it', async () => {
    const message = {
      messageId: `unknown-members-${Date.now()}`,
      role: 'ROLE_USER',
      parts: [{ text: 'hi', mediaType: 'text/plain' }],
      metadata: { openwop: { skill: 'echo' }, 'x-client': 'kept' },
    };
    const onMessage = await c.rpc('SendMessage', { message: { ...message, kind: 'message' } });
    expect(onMessage.body.error).toMatchObject({
      code: -32602,
      message: 'message.kind is not a field of UserMessage',
    });
    const onPart = await c.rpc('SendMessage', {
      message: { ...message, parts: [{ text: 'hi', kind: 'text' }] },
    });
    expect(onPart.body.error).toMatchObject({
      code: -32602,
      message: 'message.parts[0].kind is not a field of Part',
    });
    const task = taskOf(await c.rpc('SendMessage', { message }));
    const got = taskOf(await c.rpc('GetTask', { id: task.id }));
    expect(got.history).toEqual([{ ...message, taskId: task.id, contextId: task.contextId }]);
  });
});
