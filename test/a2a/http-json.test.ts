// The HTTP+JSON binding's own wire, raw: verbs and paths of the operation rows, bare results, SSE of
// bare StreamResponse objects, and every refusal as `google.rpc.Status` at its registered status
// (interop.md §A2A error details), authentication before anything else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;

beforeAll(async () => {
  h = await startHost();
});

afterAll(async () => {
  await h.close();
});

const INFO = (reason: string) => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain: 'a2a-protocol.org',
});

function rest(path: string, init: RequestInit = {}, key: string | null = h.key) {
  const headers = new Headers(init.headers);
  if (key !== null) headers.set('authorization', `Bearer ${key}`);
  headers.set('content-type', 'application/json');
  return fetch(`${h.url}/a2a/rest${path}`, { ...init, headers });
}

async function expectStatus(
  r: Response,
  http: number,
  status: string,
  reason: string,
  message?: string,
) {
  expect(r.status).toBe(http);
  expect(r.headers.get('content-type')).toBe('application/json');
  const body = (await r.json()) as { error: Record<string, unknown> };
  expect(body).toEqual({
    error: {
      code: http,
      status,
      message: message ?? expect.any(String),
      details: [INFO(reason)],
    },
  });
}

const send = (text: string, skill = 'echo') =>
  JSON.stringify({
    message: {
      messageId: `hj-${text}-${Date.now()}`,
      role: 'ROLE_USER',
      parts: [{ text }],
      metadata: { openwop: { skill } },
    },
  });

describe('HTTP+JSON operations', () => {
  it('POST /message:send answers {task}; GET /tasks/{id} the bare task (id percent-encoded)', async () => {
    const r = await rest('/message:send', { method: 'POST', body: send('hi') });
    expect(r.status).toBe(200);
    const { task } = (await r.json()) as { task: { id: string; status: { state: string } } };
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    const got = await rest(`/tasks/${encodeURIComponent(task.id)}?historyLength=1`);
    expect(got.status).toBe(200);
    const bare = (await got.json()) as { id: string; history: unknown[] };
    expect(bare.id).toBe(task.id);
    expect(bare.history).toHaveLength(1);
  });

  it('POST /message:stream is SSE of bare StreamResponse objects', async () => {
    const r = await rest('/message:stream', {
      method: 'POST',
      body: send('s'),
      headers: { accept: 'text/event-stream' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const data = (await r.text())
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);
    expect(Object.keys(data[0]!)).toEqual(['task']);
    expect(Object.keys(data.at(-1)!)).toEqual(['statusUpdate']);
    expect(data.some((d) => 'artifactUpdate' in d)).toBe(true);
  });

  it('GET /tasks reads the query as ListTasks', async () => {
    const r = await rest('/tasks?pageSize=1&includeArtifacts=false');
    expect(r.status).toBe(200);
    const page = (await r.json()) as { tasks: unknown[]; pageSize: number };
    expect(page.pageSize).toBe(1);
    expect(page.tasks).toHaveLength(1);
  });
});

describe('HTTP+JSON refusals are google.rpc.Status', () => {
  it('a task id is decoded once: %2F and ~2F name the task, a double-encoded %252F does not', async () => {
    const r = await rest('/message:send', { method: 'POST', body: send('twice') });
    const { task } = (await r.json()) as { task: { id: string } };
    const [tenant, opaque] = task.id.split('/');
    for (const form of [
      `${tenant}%2F${opaque}`,
      `${tenant}~2F${opaque}`,
      `${tenant}%7E2F${opaque}`,
    ]) {
      const got = await rest(`/tasks/${form}`);
      expect([form, got.status]).toEqual([form, 200]);
    }
    await expectStatus(
      await rest(`/tasks/${tenant}%252F${opaque}`),
      404,
      'NOT_FOUND',
      'TASK_NOT_FOUND',
    );
    await expectStatus(
      await rest(`/tasks/${tenant}%252F${opaque}:cancel`, { method: 'POST' }),
      404,
      'NOT_FOUND',
      'TASK_NOT_FOUND',
    );
    // REST decodes its run id once too.
    const runs = await h.call('acme', `/runs/${tenant}%252F${opaque}`);
    expect(runs.status).toBe(404);
  });

  it('an unknown task is 404 NOT_FOUND TASK_NOT_FOUND, the same for a foreign one', async () => {
    const unknown = await rest(`/tasks/${encodeURIComponent('acme/AAAAAAAAAAAAAAAAAAAAAA')}`);
    await expectStatus(unknown, 404, 'NOT_FOUND', 'TASK_NOT_FOUND', 'task not found');
    const theirs = await rest('/message:send', { method: 'POST', body: send('t') }, h.otherKey);
    const { task } = (await theirs.json()) as { task: { id: string } };
    const foreign = await rest(`/tasks/${encodeURIComponent(task.id)}:cancel`, { method: 'POST' });
    await expectStatus(foreign, 404, 'NOT_FOUND', 'TASK_NOT_FOUND', 'task not found');
  });

  it('no credential is 401 UNAUTHENTICATED with WWW-Authenticate, on any path', async () => {
    for (const path of ['/tasks', '/no/such/operation']) {
      const r = await rest(path, {}, null);
      expect(r.headers.get('www-authenticate')).toBe('Bearer');
      await expectStatus(
        r,
        401,
        'UNAUTHENTICATED',
        'UNAUTHENTICATED',
        'unauthenticated: a valid bearer API key is required',
      );
    }
  });

  it('an unknown path is METHOD_NOT_FOUND; a wrong verb says what is allowed', async () => {
    await expectStatus(await rest('/no/such/operation'), 400, 'UNIMPLEMENTED', 'METHOD_NOT_FOUND');
    const wrong = await rest('/message:send');
    expect(wrong.headers.get('allow')).toBe('POST');
    await expectStatus(wrong, 400, 'UNIMPLEMENTED', 'METHOD_NOT_FOUND');
  });

  it('a malformed body is PARSE_ERROR; bad params are INVALID_PARAMS', async () => {
    const parse = await rest('/message:send', { method: 'POST', body: '{nope' });
    await expectStatus(parse, 400, 'INVALID_ARGUMENT', 'PARSE_ERROR');
    const after = await rest('/tasks?statusTimestampAfter=-1');
    await expectStatus(
      after,
      400,
      'INVALID_ARGUMENT',
      'INVALID_PARAMS',
      'statusTimestampAfter must be an RFC 3339 timestamp',
    );
  });

  it('an oversize body is 413 google.rpc.Status, as on every other binding', async () => {
    const r = await rest('/message:send', {
      method: 'POST',
      body: send('x'.repeat(2 * 1024 * 1024)),
    });
    expect(r.headers.get('connection')).toBe('close');
    await expectStatus(r, 413, 'INVALID_ARGUMENT', 'INVALID_REQUEST');
  });

  it('a terminal task refuses a cancel as TASK_NOT_CANCELABLE', async () => {
    const r = await rest('/message:send', { method: 'POST', body: send('c') });
    const { task } = (await r.json()) as { task: { id: string } };
    const cancel = await rest(`/tasks/${encodeURIComponent(task.id)}:cancel`, { method: 'POST' });
    await expectStatus(cancel, 400, 'FAILED_PRECONDITION', 'TASK_NOT_CANCELABLE');
  });
});
