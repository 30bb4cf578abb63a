// The push-config rows' isolation and refusals (interop.md §"A2A push delivery"): a read or delete
// on a task the caller cannot read, or naming a configId that is not that task's, answers exactly as
// an unknown id (compared byte for byte, the JSON-RPC id apart); delete is idempotent; a URL the
// egress guard refuses is InvalidParams at registration; with push off the rows are -32003.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@a2a-js/sdk/client';
import { startHost } from '../helpers/host.ts';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { rpc, sdkClient, startPushHost, startTask, type PushHost } from './helpers.ts';

let receiver: PushReceiver;
let h: PushHost;
let client: Client;

beforeAll(async () => {
  receiver = await startReceiver();
  h = await startPushHost(receiver);
  client = await sdkClient(h);
});

afterAll(async () => {
  await h.close();
  await receiver.close();
});

/** The answer with its JSON-RPC id removed (what non-disclosure compares). */
function withoutId(text: string): string {
  const { id: _id, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify(rest);
}

describe('push config isolation', () => {
  it('answers foreign tasks and foreign configIds exactly as unknown ids', async () => {
    const a = await startTask(client, 'conformance-delay', { delayMs: 5000 });
    const b = await startTask(client, 'conformance-delay', { delayMs: 5000 });
    const url = `${receiver.origin}/hook/iso`;
    const created = await rpc(h, h.key, 'CreateTaskPushNotificationConfig', { taskId: a.id, url });
    const configId = (created.json['result'] as Record<string, string>)['id']!;
    expect(configId).not.toContain('acme');
    const unknownTask = 'acme/AAAAAAAAAAAAAAAAAAAAAAAA';

    // Get: the other tenant on a's config, a's config under b, an unknown config, an unknown task.
    const answers = await Promise.all([
      rpc(h, h.otherKey, 'GetTaskPushNotificationConfig', { taskId: a.id, id: configId }, 11),
      rpc(h, h.key, 'GetTaskPushNotificationConfig', { taskId: b.id, id: configId }, 12),
      rpc(h, h.key, 'GetTaskPushNotificationConfig', { taskId: a.id, id: 'pnc-nope' }, 13),
      rpc(h, h.key, 'GetTaskPushNotificationConfig', { taskId: unknownTask, id: configId }, 14),
      rpc(h, h.otherKey, 'ListTaskPushNotificationConfigs', { taskId: a.id }, 15),
      rpc(h, h.key, 'ListTaskPushNotificationConfigs', { taskId: unknownTask }, 16),
      rpc(h, h.otherKey, 'DeleteTaskPushNotificationConfig', { taskId: a.id, id: configId }, 17),
      rpc(h, h.otherKey, 'CreateTaskPushNotificationConfig', { taskId: a.id, url }, 18),
    ]);
    const expected = withoutId(answers[3]!.text);
    expect(JSON.parse(expected)).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32001,
        message: 'task not found',
        data: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'TASK_NOT_FOUND',
            domain: 'a2a-protocol.org',
          },
        ],
      },
    });
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(withoutId(answer.text)).toBe(expected);
    }
    // The foreign delete changed nothing; b's config list is still empty.
    const stillThere = await rpc(h, h.key, 'GetTaskPushNotificationConfig', {
      taskId: a.id,
      id: configId,
    });
    expect(stillThere.json['result']).toEqual({ id: configId, taskId: a.id, url });
    const listB = await rpc(h, h.key, 'ListTaskPushNotificationConfigs', { taskId: b.id });
    expect(listB.json['result']).toEqual({ configs: [] });

    // Delete is idempotent: a second delete and a delete of a foreign configId answer the same.
    const del1 = await rpc(
      h,
      h.key,
      'DeleteTaskPushNotificationConfig',
      { taskId: a.id, id: configId },
      21,
    );
    const del2 = await rpc(
      h,
      h.key,
      'DeleteTaskPushNotificationConfig',
      { taskId: a.id, id: configId },
      22,
    );
    const del3 = await rpc(
      h,
      h.key,
      'DeleteTaskPushNotificationConfig',
      { taskId: b.id, id: 'pnc-x' },
      23,
    );
    expect(del1.json['result']).toEqual({});
    expect(withoutId(del2.text)).toBe(withoutId(del1.text));
    expect(withoutId(del3.text)).toBe(withoutId(del1.text));
    await client.cancelTask({ tenant: '', id: a.id, metadata: undefined });
    await client.cancelTask({ tenant: '', id: b.id, metadata: undefined });
  });
});

describe('registration', () => {
  it.each([
    ['http://example.com/h', 'the push URL must use https'],
    ['https://10.0.0.1/h', 'the push host resolves to a refused address (private)'],
    ['https://169.254.169.254/h', 'the push host resolves to a refused address (metadata)'],
    ['https://[::ffff:192.168.0.1]/h', 'the push host resolves to a refused address (private)'],
    ['https://[fd00::1]/h', 'the push host resolves to a refused address (ula)'],
    ['https://[fe80::1]/h', 'the push host resolves to a refused address (link-local)'],
    ['https://metadata.google.internal/h', 'the push host is refused (metadata)'],
  ])('refuses %s with InvalidParams', async (url, message) => {
    const task = await startTask(client, 'conformance-delay', { delayMs: 2000 });
    const r = await rpc(h, h.key, 'CreateTaskPushNotificationConfig', { taskId: task.id, url });
    expect(r.json['error']).toMatchObject({ code: -32602, message });
    const list = await rpc(h, h.key, 'ListTaskPushNotificationConfigs', { taskId: task.id });
    expect(list.json['result']).toEqual({ configs: [] });
  });

  it('refuses loopback and localhost unless the operator lists them', async () => {
    // The receiver's port is allowed: what is refused is the address.
    const plain = await startHost({ config: (c) => (c.a2a.push.allowedPorts = [receiver.port]) });
    try {
      const c = await sdkClient(plain);
      const task = await startTask(c, 'conformance-delay', { delayMs: 2000 });
      for (const [url, message] of [
        [`${receiver.origin}/h`, 'the push host is refused (loopback)'],
        [
          `https://127.0.0.1:${receiver.port}/h`,
          'the push host resolves to a refused address (loopback)',
        ],
        [
          `https://[::1]:${receiver.port}/h`,
          'the push host resolves to a refused address (loopback)',
        ],
      ] as const) {
        const r = await rpc(plain, plain.key, 'CreateTaskPushNotificationConfig', {
          taskId: task.id,
          url,
        });
        expect(r.json['error']).toMatchObject({ code: -32602, message });
      }
      const doc = (await (await fetch(`${plain.url}/.well-known/openwop`)).json()) as Record<
        string,
        unknown
      >;
      expect(doc['extensions']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('checks the config fields', async () => {
    const task = await startTask(client, 'conformance-delay', { delayMs: 2000 });
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'url is required'],
      [{ url: 5 }, 'url must be a string'],
      [{ url: `${receiver.origin}/h`, token: 1 }, 'token must be a string'],
      [
        { url: `${receiver.origin}/h`, authentication: 'Bearer' },
        'authentication must be an object',
      ],
      [
        { url: `${receiver.origin}/h`, authentication: { scheme: 'Bad Scheme' } },
        'authentication.scheme must be an HTTP authentication scheme',
      ],
    ];
    for (const [extra, message] of cases) {
      const r = await rpc(h, h.key, 'CreateTaskPushNotificationConfig', {
        taskId: task.id,
        ...extra,
      });
      expect(r.json['error']).toMatchObject({ code: -32602, message });
    }
    const get = await rpc(h, h.key, 'GetTaskPushNotificationConfig', { taskId: task.id });
    expect(get.json['error']).toMatchObject({
      code: -32602,
      message: 'id (the config id) is required',
    });
  });
});

describe('push switched off', () => {
  it('answers every config row with PushNotificationNotSupported and the card says so', async () => {
    const off = await startHost({ config: (c) => (c.a2a.pushNotifications = false) });
    try {
      const r = await rpc(off, off.key, 'ListTaskPushNotificationConfigs', { taskId: 'acme/x' });
      expect(r.json['error']).toMatchObject({ code: -32003 });
      const c = await sdkClient(off);
      expect((await c.getAgentCard()).capabilities?.pushNotifications).toBe(false);
      // Delete is the one config call the client does not gate on the card: the host answers it.
      await expect(
        c.deleteTaskPushNotificationConfig({ tenant: '', taskId: 'acme/x', id: 'y' }),
      ).rejects.toMatchObject({ name: 'PushNotificationNotSupportedError', envelopeCode: -32003 });
    } finally {
      await off.close();
    }
  });
});
