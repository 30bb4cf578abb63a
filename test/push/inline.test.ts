// SendMessage's inline push config (`configuration.taskPushNotificationConfig`, A2A 1.0): registered
// for the task the message starts, exactly as CreateTaskPushNotificationConfig registers one — same
// egress guard, same refusals, same delivery to a real HTTPS receiver (interop.md §"A2A push delivery").
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { rpc, startPushHost, until, type PushHost } from './helpers.ts';

const SENTINEL_TOKEN = 'sentinel-inline-token-4c1d9e';

let receiver: PushReceiver;
let h: PushHost;
let n = 0;

beforeAll(async () => {
  receiver = await startReceiver();
  h = await startPushHost(receiver);
});

afterAll(async () => {
  await h.close();
  await receiver.close();
});

afterEach(() => {
  receiver.received.length = 0;
});

type Body = Record<string, Record<string, unknown>>;

function send(push: unknown, skill = 'conformance-delay', inputs: unknown = { delayMs: 300 }) {
  n += 1;
  return rpc(h, h.key, 'SendMessage', {
    message: {
      messageId: `inline-${n}-${Date.now()}`,
      role: 'ROLE_USER',
      parts: [{ data: inputs }],
      metadata: { openwop: { skill } },
    },
    configuration: { returnImmediately: true, taskPushNotificationConfig: push },
  });
}

const tasks = async () =>
  ((await rpc(h, h.key, 'ListTasks', {})).json['result'] as { tasks: unknown[] }).tasks.length;

describe('configuration.taskPushNotificationConfig on SendMessage', () => {
  it('registers a config for the new task and delivers its pushes', async () => {
    const url = `${receiver.origin}/hook/inline`;
    const r = await send({ url, token: SENTINEL_TOKEN });
    expect(r.json['error']).toBeUndefined();
    const task = (r.json['result'] as { task: { id: string; contextId: string } }).task;

    const listed = await rpc(h, h.key, 'ListTaskPushNotificationConfigs', { taskId: task.id });
    expect(listed.json['result']).toEqual({
      configs: [
        {
          id: expect.stringMatching(/^pnc-[A-Za-z0-9_-]{22}$/),
          taskId: task.id,
          url,
          authentication: { scheme: 'Bearer' },
        },
      ],
    });

    await until(() =>
      receiver.received.some(
        (p) =>
          (JSON.parse(p.body) as Body)['statusUpdate']?.['status'] !== undefined &&
          JSON.stringify(JSON.parse(p.body)).includes('TASK_STATE_COMPLETED'),
      ),
    );
    for (const p of receiver.received) {
      expect(p.path).toBe('/hook/inline');
      expect(p.headers['content-type']).toBe('application/a2a+json');
      expect(p.headers['authorization']).toBe(`Bearer ${SENTINEL_TOKEN}`);
      expect(p.headers['openwop-signature']).toBeUndefined();
    }
    const final = JSON.parse(receiver.received.at(-1)!.body) as Body;
    expect(final).toEqual({
      statusUpdate: {
        taskId: task.id,
        contextId: task.contextId,
        status: expect.objectContaining({ state: 'TASK_STATE_COMPLETED' }),
      },
    });
    expect(r.text).not.toContain(SENTINEL_TOKEN);
    expect(listed.text).not.toContain(SENTINEL_TOKEN);
    expect(h.logLines.join('')).not.toContain(SENTINEL_TOKEN);
  });

  it.each([
    ['https://10.0.0.1/h', 'the push host resolves to a refused address (private)'],
    ['https://169.254.169.254/h', 'the push host resolves to a refused address (metadata)'],
    ['https://[::ffff:192.168.0.1]/h', 'the push host resolves to a refused address (private)'],
    ['http://example.com/h', undefined],
  ])('refuses %s as Create does, and starts no task', async (url, message) => {
    const plain = await send(undefined);
    const taskId = (plain.json['result'] as { task: { id: string } }).task.id;
    const before = await tasks();
    const inline = await send({ url });
    const create = await rpc(h, h.key, 'CreateTaskPushNotificationConfig', { taskId, url });
    expect(inline.status).toBe(200);
    expect(inline.json['error']).toMatchObject({ code: -32602, ...(message && { message }) });
    // The same refusal as the Create row on an existing task, byte for byte.
    expect(inline.text).toBe(create.text);
    expect(await tasks()).toBe(before);
  });

  it('a malformed config is -32602 and starts no task', async () => {
    const before = await tasks();
    const r = await send({ token: 'x' });
    expect(r.json['error']).toMatchObject({ code: -32602, message: 'url is required' });
    const s = await send('https://example.com/h');
    expect(s.json['error']).toMatchObject({
      code: -32602,
      message: 'configuration.taskPushNotificationConfig must be an object',
    });
    expect(await tasks()).toBe(before);
  });

  it('on a message that answers a waiting task, registers for that task from then on', async () => {
    const started = await rpc(h, h.key, 'SendMessage', {
      message: {
        messageId: `inline-q-${Date.now()}`,
        role: 'ROLE_USER',
        parts: [{ text: 'start' }],
        metadata: { openwop: { skill: 'conformance-clarification' } },
      },
    });
    const task = (started.json['result'] as { task: { id: string; status: { state: string } } })
      .task;
    expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const url = `${receiver.origin}/hook/answer`;
    const answered = await rpc(h, h.key, 'SendMessage', {
      message: {
        messageId: `inline-a-${Date.now()}`,
        role: 'ROLE_USER',
        taskId: task.id,
        parts: [{ text: '42' }],
      },
      configuration: { taskPushNotificationConfig: { url } },
    });
    expect(answered.json['error']).toBeUndefined();
    const listed = await rpc(h, h.key, 'ListTaskPushNotificationConfigs', { taskId: task.id });
    expect(listed.json['result']).toEqual({
      configs: [{ id: expect.stringMatching(/^pnc-/), taskId: task.id, url }],
    });
    await until(() => receiver.received.some((p) => p.body.includes('TASK_STATE_COMPLETED')));
    // Only what followed the answer: nothing of the wait before it.
    expect(receiver.received.some((p) => p.body.includes('TASK_STATE_INPUT_REQUIRED'))).toBe(false);
    expect(receiver.received.every((p) => p.headers['authorization'] === undefined)).toBe(true);
  });

  it('a replayed message (same messageId) registers no second config', async () => {
    const message = {
      messageId: `inline-replay-${Date.now()}`,
      role: 'ROLE_USER',
      parts: [{ data: { delayMs: 50 } }],
      metadata: { openwop: { skill: 'conformance-delay' } },
    };
    const configuration = {
      returnImmediately: true,
      taskPushNotificationConfig: { url: `${receiver.origin}/hook/replay` },
    };
    const a = await rpc(h, h.key, 'SendMessage', { message, configuration });
    const b = await rpc(h, h.key, 'SendMessage', { message, configuration });
    const id = (a.json['result'] as { task: { id: string } }).task.id;
    expect((b.json['result'] as { task: { id: string } }).task.id).toBe(id);
    const listed = await rpc(h, h.key, 'ListTaskPushNotificationConfigs', { taskId: id });
    expect((listed.json['result'] as { configs: unknown[] }).configs).toHaveLength(1);
  });
});
