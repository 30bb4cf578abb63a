// The generated A2A client against wopgen's own host, on both bindings: every method of the map,
// a clarification answered through a follow-up, and the host's refusals typed by the registry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2aClient, fetchAgentCard, selectInterface } from '../../generated/a2a/client.ts';
import type { StreamResponse, UserMessage } from '../../generated/types/a2a-wire.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost({
    config: (c) => {
      c.a2a.push.allowedCidrs = ['127.0.0.0/8'];
      c.a2a.push.allowedPorts = [9];
    },
  });
});
afterAll(() => h.close());

const message = (
  skill: string | undefined,
  parts: UserMessage['parts'],
  extra: Partial<UserMessage> = {},
): UserMessage => ({
  messageId: `msg-${Math.random().toString(36).slice(2)}`,
  role: 'ROLE_USER',
  parts,
  ...(skill ? { metadata: { openwop: { skill } } } : {}),
  ...extra,
});

async function clientFor(binding: 'JSONRPC' | 'HTTP+JSON'): Promise<A2aClient> {
  const cardUrl = `${h.url}/.well-known/agent-card.json`;
  const card = await fetchAgentCard(cardUrl);
  const { interface: chosen, negotiation } = selectInterface(card, cardUrl, [binding]);
  expect(negotiation.outcome).toBe('accepted');
  return new A2aClient({ interface: chosen!, headers: { authorization: `Bearer ${h.key}` } });
}

describe.each(['JSONRPC', 'HTTP+JSON'] as const)('A2A client on %s against the host', (binding) => {
  it('SendMessage, GetTask, ListTasks', async () => {
    const client = await clientFor(binding);
    const sent = await client.sendMessage({ message: message('echo', [{ text: 'hi' }]) });
    const task = 'task' in sent ? sent.task : undefined;
    expect(task?.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task?.id).toMatch(/^acme\//);
    expect((await client.getTask({ id: task!.id })).status.state).toBe('TASK_STATE_COMPLETED');
    const listed = await client.listTasks({ contextId: task!.contextId });
    expect(listed.tasks.map((t) => t.id)).toEqual([task!.id]);
  });

  it('SendStreamingMessage ends at INPUT_REQUIRED; the answer completes the task', async () => {
    const client = await clientFor(binding);
    const events: StreamResponse[] = [];
    for await (const e of client.sendStreamingMessage({
      message: message('conformance-clarification', [{ text: 'go' }]),
    }))
      events.push(e);
    const states = events.map((e) =>
      'task' in e ? e.task.status.state : 'statusUpdate' in e ? e.statusUpdate.status.state : null,
    );
    expect(states.at(-1)).toBe('TASK_STATE_INPUT_REQUIRED');
    const first = events[0] as { task: { id: string } };
    const done = await client.sendMessage({
      message: message(undefined, [{ data: { answer: '42' } }], { taskId: first.task.id }),
    });
    expect('task' in done && done.task.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('CancelTask, then TaskNotCancelableError; SubscribeToTask follows a working task', async () => {
    const client = await clientFor(binding);
    const sent = await client.sendMessage({
      message: message('conformance-cancellable', [{ data: { delayMs: 60000 } }]),
      configuration: { returnImmediately: true },
    });
    const id = 'task' in sent ? sent.task.id : '';
    const seen: StreamResponse[] = [];
    const following = (async () => {
      for await (const e of client.subscribeToTask({ id })) seen.push(e);
    })();
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 10));
    expect((await client.cancelTask({ id })).status.state).toBe('TASK_STATE_CANCELED');
    await following;
    expect(seen.length).toBeGreaterThan(0);
    await expect(client.cancelTask({ id })).rejects.toMatchObject({
      name: 'TaskNotCancelableError',
      reason: 'TASK_NOT_CANCELABLE',
      code: -32002,
      httpStatus: binding === 'JSONRPC' ? 200 : 400,
    });
  });

  it('an unknown task is TaskNotFoundError', async () => {
    const client = await clientFor(binding);
    await expect(client.getTask({ id: 'acme/r-0000000000000000000000' })).rejects.toMatchObject({
      name: 'TaskNotFoundError',
      reason: 'TASK_NOT_FOUND',
      code: -32001,
      httpStatus: binding === 'JSONRPC' ? 200 : 404,
    });
  });

  it('push configs: create, get, list, delete', async () => {
    const client = await clientFor(binding);
    const sent = await client.sendMessage({
      message: message('conformance-cancellable', [{ data: { delayMs: 60000 } }]),
      configuration: { returnImmediately: true },
    });
    const taskId = 'task' in sent ? sent.task.id : '';
    const created = await client.createTaskPushNotificationConfig({
      taskId,
      url: 'https://127.0.0.1:9/hook',
      token: 'tok',
    });
    const id = String(created['id']);
    expect(created).toMatchObject({ taskId, url: 'https://127.0.0.1:9/hook' });
    expect(await client.getTaskPushNotificationConfig({ taskId, id })).toMatchObject({
      id,
      taskId,
    });
    const listed = await client.listTaskPushNotificationConfigs({ taskId });
    expect((listed['configs'] as { id: string }[]).map((c) => c.id)).toEqual([id]);
    await client.deleteTaskPushNotificationConfig({ taskId, id });
    expect((await client.listTaskPushNotificationConfigs({ taskId }))['configs'] ?? []).toEqual([]);
    await client.cancelTask({ id: taskId });
  });

  it('GetExtendedAgentCard answers the card', async () => {
    const client = await clientFor(binding);
    const card = await client.getExtendedAgentCard({});
    expect(card.supportedInterfaces.map((i) => i.protocolBinding)).toContain(binding);
  });

  it('a missing credential is refused before dispatch, typed', async () => {
    const cardUrl = `${h.url}/.well-known/agent-card.json`;
    const chosen = selectInterface(await fetchAgentCard(cardUrl), cardUrl, [binding]).interface!;
    const anonymous = new A2aClient({ interface: chosen });
    const err = await anonymous
      .getTask({ id: 'acme/r-0000000000000000000000' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ binding, httpStatus: 401 });
  });
});
