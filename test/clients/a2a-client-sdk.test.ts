// The generated A2A client (generated/a2a/client.ts) against the official SDK's server, on both
// bindings: every method of the map, the remote's errors typed by the registry, and an answer the
// client refuses before its caller sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  A2aClient,
  A2aRemoteError,
  fetchAgentCard,
  isA2aError,
  selectInterface,
} from '../../generated/a2a/client.ts';
import type { StreamResponse, UserMessage } from '../../generated/types/a2a-wire.ts';
import { startSdkAgent, type SdkAgent } from '../helpers/sdk-a2a-agent.ts';

let agent: SdkAgent;
beforeAll(async () => {
  agent = await startSdkAgent();
});
afterAll(() => agent.close());

const message = (text: string, extra: Partial<UserMessage> = {}): UserMessage => ({
  messageId: `msg-${Math.random().toString(36).slice(2)}`,
  role: 'ROLE_USER',
  parts: [{ text }],
  ...extra,
});

async function clientFor(binding: 'JSONRPC' | 'HTTP+JSON'): Promise<A2aClient> {
  const card = await fetchAgentCard(agent.cardUrl);
  const { interface: chosen, negotiation } = selectInterface(card, agent.cardUrl, [binding]);
  expect(negotiation).toEqual({
    protocol: 'a2a',
    outcome: 'accepted',
    version: '1.0',
    requested: '1.0',
    reason: 'ok',
    peer: agent.base,
  });
  return new A2aClient({ interface: chosen! });
}

describe.each(['JSONRPC', 'HTTP+JSON'] as const)(
  'A2A client on %s against the SDK server',
  (binding) => {
    it('SendMessage completes, GetTask reads it, ListTasks lists it', async () => {
      const client = await clientFor(binding);
      expect(client.binding).toBe(binding);
      const sent = await client.sendMessage({ message: message('hi') });
      const task = 'task' in sent ? sent.task : undefined;
      expect(task?.status.state).toBe('TASK_STATE_COMPLETED');
      expect(task?.artifacts?.[0]?.parts).toEqual([{ text: 'echo: hi' }]);
      const read = await client.getTask({ id: task!.id });
      expect(read.id).toBe(task!.id);
      expect(read.status.state).toBe('TASK_STATE_COMPLETED');
      const listed = await client.listTasks({ contextId: task!.contextId });
      expect(listed.tasks.map((t) => t.id)).toEqual([task!.id]);
    });

    it('SendStreamingMessage streams to the terminal state; INPUT_REQUIRED then a follow-up', async () => {
      const client = await clientFor(binding);
      const events: StreamResponse[] = [];
      for await (const e of client.sendStreamingMessage({ message: message('ask') }))
        events.push(e);
      const first = events[0] as { task: { id: string; contextId: string } };
      expect(first.task.id).toEqual(expect.any(String));
      const last = events.at(-1) as { statusUpdate: { status: { state: string } } };
      expect(last.statusUpdate.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
      const answered = await client.sendMessage({
        message: message('Ada', { taskId: first.task.id, contextId: first.task.contextId }),
      });
      expect('task' in answered && answered.task.status.state).toBe('TASK_STATE_COMPLETED');
      expect('task' in answered && answered.task.status.message?.parts).toEqual([
        { text: 'hello Ada' },
      ]);
    });

    it('CancelTask cancels a working task; SubscribeToTask on a terminal one is refused typed', async () => {
      const client = await clientFor(binding);
      const sent = await client.sendMessage({
        message: message('slow'),
        configuration: { returnImmediately: true },
      });
      const id = 'task' in sent ? sent.task.id : '';
      const cancelled = await client.cancelTask({ id });
      expect(cancelled.status.state).toBe('TASK_STATE_CANCELED');
      const done = await client.sendMessage({ message: message('hi') });
      const again = client.cancelTask({ id: 'task' in done ? done.task.id : '' });
      await expect(again).rejects.toMatchObject({
        name: 'TaskNotCancelableError',
        reason: 'TASK_NOT_CANCELABLE',
        code: -32002,
        binding,
      });
      const subscribe = async () => {
        for await (const _ of client.subscribeToTask({ id })) void _;
      };
      await expect(subscribe()).rejects.toBeInstanceOf(A2aRemoteError);
      await expect(subscribe()).rejects.toMatchObject({ name: 'UnsupportedOperationError' });
    });

    it('an unknown task is TaskNotFoundError, by ErrorInfo reason and code', async () => {
      const client = await clientFor(binding);
      const err = await client.getTask({ id: 'no-such-task' }).catch((e: unknown) => e);
      expect(isA2aError(err, 'TaskNotFoundError')).toBe(true);
      expect(err).toMatchObject({
        name: 'TaskNotFoundError',
        reason: 'TASK_NOT_FOUND',
        code: -32001,
        httpStatus: binding === 'JSONRPC' ? 200 : 404,
      });
    });

    it('push configs: create, get, list, delete', async () => {
      const client = await clientFor(binding);
      const sent = await client.sendMessage({ message: message('hi') });
      const taskId = 'task' in sent ? sent.task.id : '';
      const created = await client.createTaskPushNotificationConfig({
        taskId,
        url: 'https://hooks.example/a2a',
        token: 'tok',
      });
      expect(created).toMatchObject({ taskId, url: 'https://hooks.example/a2a' });
      const id = String(created['id']);
      expect(await client.getTaskPushNotificationConfig({ taskId, id })).toMatchObject({
        id,
        taskId,
      });
      const listed = await client.listTaskPushNotificationConfigs({ taskId });
      expect((listed['configs'] as { id: string }[]).map((c) => c.id)).toEqual([id]);
      await client.deleteTaskPushNotificationConfig({ taskId, id });
      const after = await client.listTaskPushNotificationConfigs({ taskId });
      expect(after['configs'] ?? []).toEqual([]);
    });

    it('GetExtendedAgentCard answers the card', async () => {
      const client = await clientFor(binding);
      const card = await client.getExtendedAgentCard({});
      expect(card.name).toBe('sdk-agent');
    });
  },
);

describe('A2A client answers', () => {
  it('an answer that is not the method result is InvalidAgentResponseError', async () => {
    const client = new A2aClient({
      interface: { url: 'http://peer.invalid/a2a', protocolBinding: 'JSONRPC' },
      fetch: async () =>
        new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { task: { id: 7 } } }), {
          headers: { 'content-type': 'application/json' },
        }),
    });
    await expect(client.getTask({ id: 'x' })).rejects.toMatchObject({
      name: 'InvalidAgentResponseError',
      code: -32006,
    });
  });

  it('an answer past the size bound is refused too-large', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { pad: 'x'.repeat(2048) } });
    const client = new A2aClient({
      interface: { url: 'http://peer.invalid/a2a', protocolBinding: 'JSONRPC' },
      limits: { maxBytes: 1024 },
      fetch: async () => new Response(big),
    });
    await expect(client.getTask({ id: 'x' })).rejects.toMatchObject({ fault: 'too-large' });
  });

  it('a card with no interface at the pinned version is refused unsupported', () => {
    const card = {
      supportedInterfaces: [
        { url: 'http://peer.invalid/a2a', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
      ],
    };
    expect(selectInterface(card, 'http://peer.invalid/card')).toEqual({
      interface: undefined,
      negotiation: {
        protocol: 'a2a',
        outcome: 'refused',
        requested: '1.0',
        reason: 'unsupported',
        peer: 'http://peer.invalid',
      },
    });
  });
});
