// Raw JSON-RPC requests against /a2a/jsonrpc: every error row with its exact code, `error.data`
// shape and HTTP status; isolation; multi-turn rules; idempotency; version negotiation records.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { validateNegotiationDecided } from '../../generated/validators/standalone.js';
import type { Subject } from '../../runtime/ports/auth.ts';
import { HOST_SCOPE_TENANT } from '../../runtime/negotiation/record.ts';
import { rpcClient, type Rpc } from '../helpers/a2a-rpc.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
let acme: Subject;
let n = 0;

/** Posts a raw body to /a2a/jsonrpc (the shared helper; `h` is bound once the host runs). */
function post(body: string, headers: Record<string, string> = {}, key?: string): Promise<Rpc> {
  return rpcClient(h).post(body, headers, key);
}

function rpc(
  method: string,
  params: unknown,
  opts: { id?: unknown; key?: string; headers?: Record<string, string> } = {},
) {
  return post(
    JSON.stringify({ jsonrpc: '2.0', id: opts.id ?? 1, method, params }),
    opts.headers,
    opts.key,
  );
}

function message(skill: string | undefined, parts: unknown[], extra: Record<string, unknown> = {}) {
  n += 1;
  return {
    messageId: `raw-${n}-${Date.now()}`,
    role: 'ROLE_USER',
    parts,
    ...(skill ? { metadata: { openwop: { skill } } } : {}),
    ...extra,
  };
}

async function sendTask(skill: string, parts: unknown[] = [{ text: 'x' }]) {
  const r = await rpc('SendMessage', { message: message(skill, parts) });
  expect(r.body.error).toBeUndefined();
  return r.body.result!.task as { id: string; contextId: string; status: { state: string } };
}

function expectA2aError(r: Rpc, code: number, reason: string, httpStatus = 200) {
  expect(r.status).toBe(httpStatus);
  expect(r.body.jsonrpc).toBe('2.0');
  expect(r.body.error?.code).toBe(code);
  const data = r.body.error!.data;
  expect(Array.isArray(data)).toBe(true);
  for (const d of data) expect(typeof d['@type']).toBe('string');
  const infos = data.filter((d) => d['@type'] === 'type.googleapis.com/google.rpc.ErrorInfo');
  expect(infos).toHaveLength(1);
  expect(infos[0]).toMatchObject({ reason, domain: 'a2a-protocol.org' });
  // Never the OpenWOP envelope.
  expect(typeof (r.body as unknown as { error: unknown }).error).toBe('object');
  return infos[0]!;
}

async function events(runId: string) {
  return (await h.host.context.core.readEvents(acme, runId, -1, 1000))!;
}

beforeAll(async () => {
  h = await startHost();
  acme = (await h.host.keys.verifyKey(h.key))!;
});

afterAll(async () => {
  await h.close();
});

describe('JSON-RPC envelope errors', () => {
  it('-32700 for malformed JSON, id null, HTTP 400', async () => {
    const r = await post('{"jsonrpc":"2.0",');
    expectA2aError(r, -32700, 'PARSE_ERROR', 400);
    expect(r.body.id).toBeNull();
  });

  it('-32600 for a bad envelope, echoing the id', async () => {
    const r = await post(JSON.stringify({ jsonrpc: '1.0', id: 'abc', method: 'GetTask' }));
    expectA2aError(r, -32600, 'INVALID_REQUEST');
    expect(r.body.id).toBe('abc');
    expectA2aError(await post('[1,2]'), -32600, 'INVALID_REQUEST');
  });

  it('-32601 for an unknown method', async () => {
    const r = await rpc('NoSuchMethod', {}, { id: 42 });
    expectA2aError(r, -32601, 'METHOD_NOT_FOUND');
    expect(r.body.id).toBe(42);
  });

  it('a GET on the interface URL is JSON-RPC shaped', async () => {
    const r = await fetch(`${h.url}/a2a/jsonrpc`);
    expect(r.status).toBe(405);
    const body = (await r.json()) as Rpc['body'];
    expect(body.error?.code).toBe(-32600);
  });

  it('authentication failure: HTTP 401, WWW-Authenticate, UNAUTHENTICATED ErrorInfo', async () => {
    for (const key of ['', 'wrong-key-0123456789']) {
      const r = await rpc('GetTask', { id: 'acme/xxxxxxxxxxxxxxxxxxxxxx' }, { key, id: 9 });
      expectA2aError(r, -32600, 'UNAUTHENTICATED', 401);
      expect(r.headers.get('www-authenticate')).toBe('Bearer');
      expect(r.body.id).toBe(9);
    }
  });

  it('an oversize body is refused 413 in JSON-RPC shape', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'GetTask',
      params: { id: 'x'.repeat(2 * 1024 * 1024) },
    });
    const r = await post(big);
    expectA2aError(r, -32600, 'INVALID_REQUEST', 413);
  });
});

describe('A2A error rows', () => {
  it('-32602 for bad params', async () => {
    expectA2aError(await rpc('GetTask', {}), -32602, 'INVALID_PARAMS');
    expectA2aError(await rpc('ListTasks', { pageSize: 0 }), -32602, 'INVALID_PARAMS');
    expectA2aError(await rpc('ListTasks', { pageSize: 101 }), -32602, 'INVALID_PARAMS');
    expectA2aError(
      await rpc('SendMessage', { message: { messageId: 'm', role: 'ROLE_USER', parts: [] } }),
      -32602,
      'INVALID_PARAMS',
    );
    // Several skills routed and none named.
    expectA2aError(
      await rpc('SendMessage', { message: message(undefined, [{ text: 'x' }]) }),
      -32602,
      'INVALID_PARAMS',
    );
  });

  it('-32602 for a contextId that is not the task’s, leaving the run untouched', async () => {
    const task = await sendTask('conformance-approval');
    const before = await events(task.id);
    const r = await rpc('SendMessage', {
      message: message(undefined, [{ text: 'x' }], {
        taskId: task.id,
        contextId: 'not-the-context',
        metadata: { openwop: { interrupt: { action: 'approve' } } },
      }),
    });
    expectA2aError(r, -32602, 'INVALID_PARAMS');
    expect(await events(task.id)).toEqual(before);
    const get = await rpc('GetTask', { id: task.id });
    expect((get.body.result as { status: { state: string } }).status.state).toBe(
      'TASK_STATE_INPUT_REQUIRED',
    );
  });

  it('-32001 for unknown and foreign tasks, byte-identical apart from the id', async () => {
    const foreign = await rpc(
      'SendMessage',
      { message: message('echo', [{ text: 'theirs' }]) },
      { key: h.otherKey },
    );
    const foreignId = (foreign.body.result!.task as { id: string }).id;
    expect(foreignId).toMatch(/^other\//);
    const unknown = await rpc('GetTask', { id: 'acme/AAAAAAAAAAAAAAAAAAAAAA' }, { id: 1 });
    const theirs = await rpc('GetTask', { id: foreignId }, { id: 1 });
    const garbage = await rpc('GetTask', { id: 'nope' }, { id: 1 });
    expectA2aError(unknown, -32001, 'TASK_NOT_FOUND');
    expect(theirs.text).toBe(unknown.text);
    expect(garbage.text).toBe(unknown.text);
    expect(theirs.status).toBe(unknown.status);
    const cancel = await rpc('CancelTask', { id: foreignId }, { id: 1 });
    expect(cancel.text).toBe(unknown.text);
    const msg = await rpc(
      'SendMessage',
      { message: message(undefined, [{ text: 'x' }], { taskId: foreignId }) },
      { id: 1 },
    );
    expect(msg.text).toBe(unknown.text);
  });

  it('accepts the projected ~2F and %2F forms of a task id', async () => {
    const task = await sendTask('echo', [{ text: 'ids' }]);
    for (const id of [task.id.replace('/', '~2F'), task.id.replace('/', '%2F')]) {
      const r = await rpc('GetTask', { id });
      expect((r.body.result as { id: string }).id).toBe(task.id);
    }
  });

  it('-32002 when cancelling a completed task', async () => {
    const task = await sendTask('echo', [{ text: 'done' }]);
    expectA2aError(await rpc('CancelTask', { id: task.id }), -32002, 'TASK_NOT_CANCELABLE');
  });

  it('-32003 for push-config rows when push is not advertised', async () => {
    const task = await sendTask('echo', [{ text: 'push' }]);
    // Push is on by default; the gate reads the configuration at each request.
    h.host.context.config.a2a.pushNotifications = false;
    onTestFinished(() => {
      h.host.context.config.a2a.pushNotifications = true;
    });
    expectA2aError(
      await rpc('CreateTaskPushNotificationConfig', {
        taskId: task.id,
        url: 'https://hook.example',
        token: 't',
      }),
      -32003,
      'PUSH_NOTIFICATION_NOT_SUPPORTED',
    );
    for (const m of [
      'GetTaskPushNotificationConfig',
      'ListTaskPushNotificationConfigs',
      'DeleteTaskPushNotificationConfig',
    ]) {
      expectA2aError(
        await rpc(m, { taskId: task.id, id: 'c' }),
        -32003,
        'PUSH_NOTIFICATION_NOT_SUPPORTED',
      );
    }
  });

  it('-32004 for a message to a terminal task (appending nothing) and a subscribe to it', async () => {
    const task = await sendTask('echo', [{ text: 'final' }]);
    const before = await events(task.id);
    const r = await rpc('SendMessage', {
      message: message(undefined, [{ text: 'more' }], { taskId: task.id }),
    });
    expectA2aError(r, -32004, 'UNSUPPORTED_OPERATION');
    expect(await events(task.id)).toEqual(before);
    const sub = await rpc(
      'SubscribeToTask',
      { id: task.id },
      { headers: { accept: 'text/event-stream' } },
    );
    expectA2aError(sub, -32004, 'UNSUPPORTED_OPERATION');
  });

  it('-32004 for a message to a working task', async () => {
    const r = await rpc('SendMessage', {
      message: message('conformance-cancellable', [{ data: { delayMs: 60000 } }]),
      configuration: { returnImmediately: true },
    });
    const id = (r.body.result!.task as { id: string }).id;
    const m = await rpc('SendMessage', {
      message: message(undefined, [{ text: 'x' }], { taskId: id }),
    });
    expectA2aError(m, -32004, 'UNSUPPORTED_OPERATION');
    await rpc('CancelTask', { id });
  });

  it('-32009 for an unsupported A2A-Version, with supportedVersions', async () => {
    const r = await rpc('GetTask', { id: 'acme/x' }, { headers: { 'a2a-version': '9.9' } });
    const info = expectA2aError(r, -32009, 'VERSION_NOT_SUPPORTED');
    expect(info['metadata']).toEqual({ supportedVersions: '1.0' });
  });
});

describe('multi-turn and idempotency', () => {
  it('a message with taskId and no contextId is answered with the task’s contextId', async () => {
    const task = await sendTask('conformance-clarification');
    expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const r = await rpc('SendMessage', {
      message: message(undefined, [{ text: '42' }], { taskId: task.id }),
    });
    const done = r.body.result!.task as { contextId: string; status: { state: string } };
    expect(done.contextId).toBe(task.contextId);
    expect(done.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('a repeated messageId does not start a second run', async () => {
    const m = message('echo', [{ text: 'once' }]);
    const a = await rpc('SendMessage', { message: m });
    const b = await rpc('SendMessage', { message: m });
    const idA = (a.body.result!.task as { id: string }).id;
    expect((b.body.result!.task as { id: string }).id).toBe(idA);
    const list = await rpc('ListTasks', {
      contextId: (a.body.result!.task as { contextId: string }).contextId,
    });
    expect((list.body.result as { totalSize: number }).totalSize).toBe(1);
  });

  it('ListTasks returns only the caller’s tasks and always carries nextPageToken', async () => {
    const mine = await rpc('ListTasks', { pageSize: 100 });
    const r = mine.body.result as {
      tasks: { id: string; artifacts?: unknown }[];
      nextPageToken: string;
      pageSize: number;
    };
    expect(r.tasks.every((t) => t.id.startsWith('acme/'))).toBe(true);
    expect(r.tasks.every((t) => t.artifacts === undefined)).toBe(true);
    expect(r.nextPageToken).toBe('');
    expect(r.pageSize).toBe(100);
    const done = await rpc('ListTasks', { status: 'TASK_STATE_COMPLETED', includeArtifacts: true });
    const tasks = (
      done.body.result as { tasks: { status: { state: string }; artifacts?: unknown[] }[] }
    ).tasks;
    expect(tasks.length).toBeGreaterThan(0);
    expect(
      tasks.every((t) => t.status.state === 'TASK_STATE_COMPLETED' && t.artifacts?.length === 1),
    ).toBe(true);
  });
});

describe('negotiation records', () => {
  const decided = async (tenant: string) =>
    (await h.host.context.hostEvents.list(tenant)).filter((e) => e.type === 'negotiation.decided');

  it('no header ⇒ preferred, accepted, reason ok, no requested', async () => {
    const before = (await decided('acme')).length;
    await rpc('ListTasks', {});
    const after = await decided('acme');
    expect(after.length).toBe(before + 1);
    const p = after.at(-1)!.payload as Record<string, unknown>;
    expect(validateNegotiationDecided(p)).toBe(true);
    expect(p).toMatchObject({ protocol: 'a2a', outcome: 'accepted', reason: 'ok', version: '1.0' });
    expect(p).not.toHaveProperty('requested');
  });

  it('an unknown version ⇒ refused, reason unsupported, requested carried', async () => {
    await rpc('ListTasks', {}, { headers: { 'a2a-version': '9.9' } });
    const p = (await decided('acme')).at(-1)!.payload as Record<string, unknown>;
    expect(validateNegotiationDecided(p)).toBe(true);
    expect(p).toMatchObject({ outcome: 'refused', reason: 'unsupported', requested: '9.9' });
    expect(p).not.toHaveProperty('version');
  });

  it('an exchange that creates a run records on the run’s log', async () => {
    const task = await sendTask('echo', [{ text: 'log' }]);
    const recs = (await events(task.id)).filter((e) => e.type === 'negotiation.decided');
    expect(recs).toHaveLength(1);
    expect(validateNegotiationDecided(recs[0]!.payload)).toBe(true);
  });

  it('a created run carries its record from its insert; a replay records on the log again', async () => {
    // The record is written in the run's insert (CreateRunRequest.events): after the first turn's
    // events, with no host event for the exchange; a replayed messageId creates nothing, so its
    // exchange appends its own record to the run it answers with.
    const hostBefore = (await decided('acme')).length;
    const msg = message('echo', [{ text: 'once' }]);
    const first = await rpc('SendMessage', { message: msg });
    const id = (first.body.result!.task as { id: string }).id;
    expect((await events(id)).map((e) => [e.sequence, e.type])).toEqual([
      [0, 'run.started'],
      [1, 'run.completed'],
      [2, 'negotiation.decided'],
    ]);
    expect((await decided('acme')).length).toBe(hostBefore);
    const again = await rpc('SendMessage', { message: msg });
    expect((again.body.result!.task as { id: string }).id).toBe(id);
    expect(again.body.result).toStrictEqual(first.body.result);
    expect((await events(id)).map((e) => e.type)).toEqual([
      'run.started',
      'run.completed',
      'negotiation.decided',
      'negotiation.decided',
    ]);
    expect((await decided('acme')).length).toBe(hostBefore);
  });

  it('the card fetch negotiates too: unauthenticated under the host scope, unknown version refused', async () => {
    const ok = await fetch(`${h.url}/.well-known/agent-card.json`);
    expect(ok.status).toBe(200);
    const card = (await ok.json()) as {
      supportedInterfaces: { url: string; protocolVersion: string }[];
    };
    expect(card.supportedInterfaces).toEqual([
      { url: `${h.url}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${h.url}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ]);
    const bad = await fetch(`${h.url}/.well-known/agent-card.json`, {
      headers: { 'a2a-version': '9.9' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('interop_version_unsupported');
    const recs = await decided(HOST_SCOPE_TENANT);
    expect(recs.length).toBeGreaterThanOrEqual(2);
    expect(recs.at(-2)!.payload).toMatchObject({ outcome: 'accepted', reason: 'ok' });
    expect(recs.at(-1)!.payload).toMatchObject({ outcome: 'refused', requested: '9.9' });
    for (const r of recs) expect(validateNegotiationDecided(r.payload)).toBe(true);
  });
});

describe('streams and projection', () => {
  async function sse(method: string, params: unknown) {
    const r = await fetch(`${h.url}/a2a/jsonrpc`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${h.key}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 77, method, params }),
    });
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return r;
  }
  const frames = (text: string) =>
    text
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map(
        (l) =>
          JSON.parse(l.slice(6)) as {
            id: number;
            result: Record<string, { status?: { state: string } }>;
          },
      );

  it('SubscribeToTask: the current task first, then status changes until terminal', async () => {
    const task = await sendTask('conformance-approval');
    const res = await sse('SubscribeToTask', { id: task.id });
    const approve = rpc('SendMessage', {
      message: message(undefined, [{ text: 'ok' }], {
        taskId: task.id,
        metadata: { openwop: { interrupt: { action: 'approve' } } },
      }),
    });
    const [text] = await Promise.all([res.text(), approve]);
    const fs = frames(text);
    expect(fs.every((f) => f.id === 77)).toBe(true);
    expect(fs[0]!.result['task']!.status!.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(fs.at(-1)!.result['statusUpdate']!.status!.state).toBe('TASK_STATE_COMPLETED');
  });

  it('a credential interrupt projects to AUTH_REQUIRED with connectUrl', async () => {
    const task = (await sendTask('conformance-credential')) as unknown as {
      status: { state: string; message: { parts: { data?: Record<string, unknown> }[] } };
    };
    expect(task.status.state).toBe('TASK_STATE_AUTH_REQUIRED');
    const data = task.status.message.parts.find((p) => p.data)?.data;
    expect(typeof data?.['connectUrl']).toBe('string');
  });
});
