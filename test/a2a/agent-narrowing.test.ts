// Task operations reached through an agent's routing value R (interop.md §"Per-agent cards": R is a
// `tenant` value under §"The operation mappings" Isolation) see only that agent's tasks: a task of
// another agent of the same tenant answers byte for byte as a task that never existed, over
// JSON-RPC (`tenant` in params) and HTTP+JSON (the `/{tenant}` path prefix), and is not changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentManifest } from '../../runtime/config.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { rpc } from '../push/helpers.ts';

const AGENTS: AgentManifest[] = [
  {
    agentId: 'helper',
    persona: 'Helper',
    label: 'Helper',
    workflowIds: ['echo', 'conformance-delay'],
    tenants: ['acme'],
  },
  {
    agentId: 'writer',
    persona: 'Writer',
    label: 'Writer',
    workflowIds: ['conversation-loop', 'conformance-cancellable'],
    tenants: ['acme'],
  },
];

const UNKNOWN = 'acme/AAAAAAAAAAAAAAAAAAAAAA';

let h: RunningHost;
let helper: string;
let writer: string;
/** A working task of the writer agent, and a completed one of the helper. */
let writersTask: string;
let helpersTask: string;
let n = 0;

async function routing(agentId: string): Promise<string> {
  const res = await h.call('acme', '/agents');
  const { agents } = (await res.json()) as { agents: { agentId: string; a2aTenant: string }[] };
  return agents.find((a) => a.agentId === agentId)!.a2aTenant;
}

async function start(tenant: string, skill: string, data: Record<string, unknown>) {
  n += 1;
  const r = await rpc(h, h.key, 'SendMessage', {
    tenant,
    message: {
      messageId: `narrow-${n}-${Date.now()}`,
      role: 'ROLE_USER',
      parts: [{ data }],
      metadata: { openwop: { skill } },
    },
    configuration: { returnImmediately: true },
  });
  expect(r.json['error']).toBeUndefined();
  return (r.json['result'] as { task: { id: string } }).task.id;
}

async function state(taskId: string): Promise<string> {
  const r = await rpc(h, h.key, 'GetTask', { id: taskId });
  return (r.json['result'] as { status: { state: string } }).status.state;
}

beforeAll(async () => {
  h = await startHost({ config: (c) => (c.agents = structuredClone(AGENTS)) });
  helper = await routing('helper');
  writer = await routing('writer');
  writersTask = await start(writer, 'conformance-cancellable', { delayMs: 60000 });
  helpersTask = await start(helper, 'echo', { text: 'mine' });
});

afterAll(async () => {
  await rpc(h, h.key, 'CancelTask', { id: writersTask });
  await h.close();
});

describe('JSON-RPC through an agent’s R', () => {
  const OPS: [string, (id: string) => Record<string, unknown>][] = [
    ['GetTask', (id) => ({ id })],
    ['CancelTask', (id) => ({ id })],
    ['SubscribeToTask', (id) => ({ id })],
    [
      'SendMessage',
      (id) => ({
        message: {
          messageId: 'narrow-follow-up',
          role: 'ROLE_USER',
          parts: [{ text: 'x' }],
          taskId: id,
        },
      }),
    ],
    ['CreateTaskPushNotificationConfig', (id) => ({ taskId: id, url: 'https://example.com/hook' })],
    ['GetTaskPushNotificationConfig', (id) => ({ taskId: id, id: 'pnc-x' })],
    ['ListTaskPushNotificationConfigs', (id) => ({ taskId: id })],
    ['DeleteTaskPushNotificationConfig', (id) => ({ taskId: id, id: 'pnc-x' })],
  ];

  it.each(OPS)('%s on another agent’s task answers as an unknown task', async (method, params) => {
    const foreign = await rpc(h, h.key, method, { tenant: helper, ...params(writersTask) }, 9);
    const unknown = await rpc(h, h.key, method, { tenant: helper, ...params(UNKNOWN) }, 9);
    expect(foreign.status).toBe(unknown.status);
    expect(foreign.text).toBe(unknown.text);
    expect(foreign.json['error']).toMatchObject({ code: -32001 });
    // Nothing happened to it.
    expect(await state(writersTask)).toBe('TASK_STATE_WORKING');
  });

  it('the owning agent’s R, and no R at all, see the task', async () => {
    for (const tenant of [writer, undefined]) {
      const r = await rpc(h, h.key, 'GetTask', { id: writersTask, ...(tenant && { tenant }) });
      expect(r.json['result']).toMatchObject({ id: writersTask });
    }
    const mine = await rpc(h, h.key, 'GetTask', { tenant: helper, id: helpersTask });
    expect(mine.json['result']).toMatchObject({ id: helpersTask });
  });

  it('ListTasks through an R lists only that agent’s tasks', async () => {
    const ids = async (tenant?: string) => {
      const r = await rpc(h, h.key, 'ListTasks', { ...(tenant && { tenant }) });
      const result = r.json['result'] as { tasks: { id: string }[]; totalSize: number };
      expect(result.totalSize).toBe(result.tasks.length);
      return result.tasks.map((t) => t.id);
    };
    expect(await ids(helper)).toEqual([helpersTask]);
    expect(await ids(writer)).toEqual([writersTask]);
    expect((await ids()).sort()).toEqual([helpersTask, writersTask].sort());
  });
});

describe('HTTP+JSON through an agent’s R (the /{tenant} prefix)', () => {
  const rest = (path: string, init: RequestInit = {}) =>
    h.call('acme', `/a2a/rest/${encodeURIComponent(helper)}${path}`, init);
  const both = async (call: (id: string) => Promise<Response>) => {
    const [a, b] = [await call(writersTask), await call(UNKNOWN)];
    return [
      { status: a.status, body: await a.text() },
      { status: b.status, body: await b.text() },
    ];
  };

  it('GetTask, CancelTask and a follow-up answer as for an unknown task', async () => {
    const calls: ((id: string) => Promise<Response>)[] = [
      (id) => rest(`/tasks/${encodeURIComponent(id)}`),
      (id) => rest(`/tasks/${encodeURIComponent(id)}:cancel`, { method: 'POST', body: '{}' }),
      (id) =>
        rest('/message:send', {
          method: 'POST',
          body: JSON.stringify({
            message: {
              messageId: 'narrow-rest',
              role: 'ROLE_USER',
              parts: [{ text: 'x' }],
              taskId: id,
            },
          }),
        }),
      (id) => rest(`/tasks/${encodeURIComponent(id)}/pushNotificationConfigs`),
    ];
    for (const call of calls) {
      const [foreign, unknown] = await both(call);
      expect(foreign).toEqual(unknown);
      expect(foreign!.status).toBe(404);
      expect(JSON.parse(foreign!.body)).toMatchObject({ error: { status: 'NOT_FOUND' } });
    }
    expect(await state(writersTask)).toBe('TASK_STATE_WORKING');
  });

  it('lists only the agent’s tasks', async () => {
    const res = await rest('/tasks');
    const body = (await res.json()) as { tasks: { id: string }[] };
    expect(body.tasks.map((t) => t.id)).toEqual([helpersTask]);
  });
});
