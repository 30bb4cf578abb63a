// Trace context on outbound pushes (interop.md §"Trace context", §"A2A push delivery"): each push of
// a run that recorded a W3C trace context carries it as `traceparent` (and `tracestate` when one
// was recorded) to the real HTTPS receiver; a run that recorded none sends neither header.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { rpc, startPushHost, until, type PushHost } from './helpers.ts';

const TP = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

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

/** A conformance-delay task started with `openwop` message metadata, and a config to `path`. */
async function tracedTask(openwop: Record<string, unknown>, path: string): Promise<string> {
  n += 1;
  const sent = await rpc(h, h.key, 'SendMessage', {
    message: {
      messageId: `push-trace-${n}-${Date.now()}`,
      role: 'ROLE_USER',
      parts: [{ data: { delayMs: 300 } }],
      metadata: { openwop: { skill: 'conformance-delay', ...openwop } },
    },
    configuration: { returnImmediately: true },
  });
  const taskId = (sent.json['result'] as { task: { id: string } }).task.id;
  const created = await rpc(h, h.key, 'CreateTaskPushNotificationConfig', {
    taskId,
    url: `${receiver.origin}${path}`,
    token: 'trace-token',
  });
  expect(created.json['error']).toBeUndefined();
  return taskId;
}

async function pushesTo(path: string) {
  await until(() =>
    receiver.received.some((p) => p.path === path && p.body.includes('TASK_STATE_COMPLETED')),
  );
  return receiver.received.filter((p) => p.path === path);
}

describe('push trace context', () => {
  it('every push carries the run’s traceparent and tracestate', async () => {
    await tracedTask({ traceparent: TP, tracestate: 'congo=t61rcWkgMzE' }, '/hook/traced');
    const pushes = await pushesTo('/hook/traced');
    expect(pushes.length).toBeGreaterThanOrEqual(2);
    for (const p of pushes) {
      expect(p.headers['traceparent']).toBe(TP);
      expect(p.headers['tracestate']).toBe('congo=t61rcWkgMzE');
    }
  });

  it('a traceparent recorded alone travels alone', async () => {
    await tracedTask({ traceparent: TP }, '/hook/parent-only');
    for (const p of await pushesTo('/hook/parent-only')) {
      expect(p.headers['traceparent']).toBe(TP);
      expect(p.headers['tracestate']).toBeUndefined();
    }
  });

  it('a run that recorded no trace (a malformed one was ignored) sends neither header', async () => {
    await tracedTask({ traceparent: 'not-a-trace', tracestate: 'a=b' }, '/hook/untraced');
    for (const p of await pushesTo('/hook/untraced')) {
      expect(p.headers['traceparent']).toBeUndefined();
      expect(p.headers['tracestate']).toBeUndefined();
    }
  });
});
