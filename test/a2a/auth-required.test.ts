// A credential interrupt, and only a credential interrupt, projects to TASK_STATE_AUTH_REQUIRED
// (generated task-state table) on both A2A bindings: JSON-RPC and HTTP+JSON carry
// the same task, whose status message and `metadata.openwop.interrupt` name the kind, the provider
// to connect (with its scopes and reason, upstream CredentialData) and the `connectUrl`. Every other suspension keeps its own state on either binding, in SendMessage,
// GetTask, ListTasks' status filter and the stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { rpcClient } from '../helpers/a2a-rpc.ts';

let h: RunningHost;
let c: ReturnType<typeof rpcClient>;

beforeAll(async () => {
  h = await startHost();
  c = rpcClient(h);
});

afterAll(async () => {
  await h.close();
});

const CONNECT = 'https://example.com/connect/conformance';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw wire JSON, read by assertions
type Task = Record<string, any>;
type Binding = 'jsonrpc' | 'rest';

function rest(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${h.key}`);
  headers.set('content-type', 'application/json');
  return fetch(`${h.url}/a2a/rest${path}`, { ...init, headers });
}

async function send(binding: Binding, skill: string, returnImmediately = false): Promise<Task> {
  const message = c.message([{ text: 'x' }], { metadata: { openwop: { skill } } });
  const params = returnImmediately
    ? { message, configuration: { returnImmediately } }
    : { message };
  if (binding === 'jsonrpc') {
    const r = await c.rpc('SendMessage', params);
    expect(r.body.error).toBeUndefined();
    return r.body.result!.task as Task;
  }
  const r = await rest('/message:send', { method: 'POST', body: JSON.stringify(params) });
  expect(r.status).toBe(200);
  return ((await r.json()) as { task: Task }).task;
}

async function get(binding: Binding, id: string): Promise<Task> {
  if (binding === 'jsonrpc') return (await c.rpc('GetTask', { id })).body.result as Task;
  const r = await rest(`/tasks/${encodeURIComponent(id)}`);
  expect(r.status).toBe(200);
  return (await r.json()) as Task;
}

async function listAuthRequired(binding: Binding): Promise<string[]> {
  const status = 'TASK_STATE_AUTH_REQUIRED';
  const body =
    binding === 'jsonrpc'
      ? ((await c.rpc('ListTasks', { status, pageSize: 100 })).body.result as Task)
      : ((await (await rest(`/tasks?status=${status}&pageSize=100`)).json()) as Task);
  return (body['tasks'] as Task[]).map((t) => t['id'] as string);
}

/** The exact credential projection of `task` (interrupt id and timestamps read from it). */
function expectCredential(task: Task) {
  const interruptId = task['metadata']?.openwop?.interrupt?.interruptId as string;
  expect(typeof interruptId).toBe('string');
  const facts = {
    interruptId,
    kind: 'credential',
    nodeId: 'connect',
    connectUrl: CONNECT,
    provider: 'conformance',
    scopes: ['profile'],
    reason: 'missing',
  };
  expect(task['status']).toEqual({
    state: 'TASK_STATE_AUTH_REQUIRED',
    timestamp: expect.any(String),
    message: {
      messageId: `${task['id']}#interrupt-${interruptId}`,
      role: 'ROLE_AGENT',
      parts: [{ text: `credential required: connect conformance at ${CONNECT}` }, { data: facts }],
      taskId: task['id'],
      contextId: task['contextId'],
    },
  });
  expect(task['metadata']).toEqual({
    openwop: { workflowId: 'conformance-credential', interrupt: facts },
  });
}

/** Every other suspension of the reference pack, with the state it projects to. */
const OTHERS: [skill: string, state: string, kind?: string][] = [
  ['conformance-approval', 'TASK_STATE_INPUT_REQUIRED', 'approval'],
  ['conformance-approval-approvers', 'TASK_STATE_INPUT_REQUIRED', 'approval'],
  ['conformance-clarification', 'TASK_STATE_INPUT_REQUIRED', 'clarification'],
  ['conformance-clarification-nested', 'TASK_STATE_INPUT_REQUIRED', 'clarification'],
  ['conformance-clarification-sensitive', 'TASK_STATE_INPUT_REQUIRED', 'clarification'],
  // An external wait (no person is asked): the run keeps working.
  ['conformance-cancellable', 'TASK_STATE_WORKING'],
];

describe.each<Binding>(['jsonrpc', 'rest'])('AUTH_REQUIRED over %s', (binding) => {
  it('a credential interrupt projects to AUTH_REQUIRED with kind and connectUrl', async () => {
    const sent = await send(binding, 'conformance-credential');
    expectCredential(sent);
    const got = await get(binding, sent['id'] as string);
    expectCredential(got);
    expect(got['status']).toEqual(sent['status']);
    expect(await listAuthRequired(binding)).toContain(sent['id']);
  });

  it('no other suspension ever projects to AUTH_REQUIRED', async () => {
    const ids: string[] = [];
    for (const [skill, state, kind] of OTHERS) {
      // A wait never settles while blocking: ask for the task at once (it is WORKING either way).
      const sent = await send(binding, skill, state === 'TASK_STATE_WORKING');
      const got = await get(binding, sent['id'] as string);
      for (const t of [sent, got]) {
        expect(t['status'].state, skill).toBe(state);
        expect(t['metadata']?.openwop?.interrupt?.kind, skill).toBe(kind);
      }
      ids.push(sent['id'] as string);
    }
    const listed = await listAuthRequired(binding);
    for (const id of ids) expect(listed).not.toContain(id);
  });
});

describe('the two bindings agree', () => {
  it('the same credential task reads identically over JSON-RPC and HTTP+JSON', async () => {
    const sent = await send('rest', 'conformance-credential');
    const id = sent['id'] as string;
    expect(await get('jsonrpc', id)).toEqual(await get('rest', id));
  });

  it('the HTTP+JSON stream reports AUTH_REQUIRED with the same status message', async () => {
    const message = c.message([{ text: 'x' }], {
      metadata: { openwop: { skill: 'conformance-credential' } },
    });
    const r = await rest('/message:stream', { method: 'POST', body: JSON.stringify({ message }) });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const frames = (await r.text())
      .split('\n\n')
      .map((b) =>
        b
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim())
          .join(''),
      )
      .filter(Boolean)
      .map((d) => JSON.parse(d) as Task);
    // A snapshot, WORKING, then the AUTH_REQUIRED update carrying the same message as the task.
    expect(frames.map((f) => Object.keys(f))).toEqual([
      ['task'],
      ['statusUpdate'],
      ['statusUpdate'],
    ]);
    const id = frames[0]!['task'].id as string;
    const update = frames[2]!['statusUpdate'] as Task;
    const task = await get('rest', id);
    expectCredential(task);
    expect(update).toEqual({
      taskId: id,
      contextId: task['contextId'],
      status: { ...task['status'], timestamp: expect.any(String) },
      metadata: { openwop: { interrupt: task['metadata'].openwop.interrupt } },
    });
  });
});
