// A task holds at most `pushConfigsPerTask` push configs (README §Reliability; `wopgen serve
// --push-configs-per-task`): each config is one POST per task update, so without a cap one
// message could make the host send thousands. One config over the cap is refused in each
// binding's shape (JSON-RPC -32004 and HTTP+JSON 400 FAILED_PRECONDITION, both
// UnsupportedOperationError, push-configs.ts says why), with nothing stored; a config carried by
// a message that continues a task is refused before the message changes the task; deleting one
// makes room again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@a2a-js/sdk/client';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { rpc, sdkClient, startPushHost, startTask, type PushHost } from './helpers.ts';

const MESSAGE = 'the task holds its limit of 2 push configs; delete one to add another';
const INFO = {
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason: 'UNSUPPORTED_OPERATION',
  domain: 'a2a-protocol.org',
  metadata: { limit: '2' },
};

let receiver: PushReceiver;
let h: PushHost;
let client: Client;

beforeAll(async () => {
  receiver = await startReceiver();
  h = await startPushHost(receiver, { config: (c) => (c.limits = { pushConfigsPerTask: 2 }) });
  client = await sdkClient(h);
});

afterAll(async () => {
  await h.close();
  await receiver.close();
});

const create = (taskId: string, path: string) =>
  rpc(h, h.key, 'CreateTaskPushNotificationConfig', { taskId, url: `${receiver.origin}${path}` });

const configs = async (taskId: string) => {
  const r = await rpc(h, h.key, 'ListTaskPushNotificationConfigs', { taskId });
  return (r.json['result'] as { configs: { id: string; url: string }[] }).configs;
};

describe('push configs per task', () => {
  it('refuses the config over the cap on JSON-RPC and HTTP+JSON, storing nothing', async () => {
    const task = await startTask(client, 'conformance-delay', { delayMs: 30_000 });
    for (const path of ['/one', '/two'])
      expect((await create(task.id, path)).json['error']).toBeUndefined();

    const refused = await create(task.id, '/three');
    expect(refused.status).toBe(200);
    expect(refused.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32004, message: MESSAGE, data: [INFO] },
    });

    const res = await h.call(
      'acme',
      `/a2a/rest/tasks/${encodeURIComponent(task.id)}/pushNotificationConfigs`,
      {
        method: 'POST',
        body: JSON.stringify({ url: `${receiver.origin}/four` }),
      },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 400, status: 'FAILED_PRECONDITION', message: MESSAGE, details: [INFO] },
    });
    expect((await configs(task.id)).map((c) => c.url)).toEqual([
      `${receiver.origin}/one`,
      `${receiver.origin}/two`,
    ]);

    // Deleting one makes room for one more.
    const [first] = await configs(task.id);
    await rpc(h, h.key, 'DeleteTaskPushNotificationConfig', { taskId: task.id, id: first!.id });
    expect((await create(task.id, '/five')).json['error']).toBeUndefined();
    expect((await create(task.id, '/six')).json['error']).toMatchObject({ code: -32004 });
    await rpc(h, h.key, 'CancelTask', { id: task.id });
  });

  it('refuses a message’s config over the cap before the message answers the task', async () => {
    const task = await startTask(client, 'conformance-clarification', { text: 'q' });
    await create(task.id, '/one');
    await create(task.id, '/two');
    const r = await rpc(h, h.key, 'SendMessage', {
      message: {
        messageId: `cap-${Date.now()}`,
        role: 'ROLE_USER',
        taskId: task.id,
        parts: [{ text: 'the answer' }],
      },
      configuration: { taskPushNotificationConfig: { url: `${receiver.origin}/three` } },
    });
    expect(r.json['error']).toEqual({ code: -32004, message: MESSAGE, data: [INFO] });
    const got = await rpc(h, h.key, 'GetTask', { id: task.id });
    const state = (got.json['result'] as { status: { state: string } }).status.state;
    expect(state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(await configs(task.id)).toHaveLength(2);
  });
});
