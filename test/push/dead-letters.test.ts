// The operator's dead-letter listing (interop.md §"A2A push delivery": a push that exhausted its
// retries ends as a dead letter the operator can list; A2A clients never see it): `GET
// /push/dead-letters` is authenticated, shows only the caller's tenant's dead letters, with the
// last attempt's outcome and never the config's token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { rpc, sdkClient, startPushHost, startTask, until, type PushHost } from './helpers.ts';

const SENTINEL = 'sentinel-dead-letter-token-4c2e';

let receiver: PushReceiver;
let h: PushHost;
let taskId: string;
let configId: string;

beforeAll(async () => {
  receiver = await startReceiver();
  receiver.statuses = [503];
  h = await startPushHost(receiver, { maxAttempts: 2 });
  const task = await startTask(await sdkClient(h), 'conformance-delay', { delayMs: 200 });
  taskId = task.id;
  const created = await rpc(h, h.key, 'CreateTaskPushNotificationConfig', {
    taskId,
    url: `${receiver.origin}/hook/dead`,
    token: SENTINEL,
  });
  configId = (created.json['result'] as { id: string }).id;
  await until(async () =>
    (await h.host.push!.deadLetters()).some((d) => d.body.includes(TASK_STATE_DONE)),
  );
});

const TASK_STATE_DONE = 'TASK_STATE_COMPLETED';

afterAll(async () => {
  await h.close();
  await receiver.close();
});

async function list(tenant: 'acme' | 'other') {
  const res = await h.call(tenant, '/push/dead-letters');
  return {
    status: res.status,
    text: await res.text(),
    version: res.headers.get('openwop-version'),
  };
}

describe('GET /push/dead-letters', () => {
  it('lists the tenant’s dead letters with the last attempt, oldest first, and no secret', async () => {
    const { status, text, version } = await list('acme');
    expect(status).toBe(200);
    expect(version).toBe('2.0');
    expect(text).not.toContain(SENTINEL);
    const { deadLetters } = JSON.parse(text) as { deadLetters: Record<string, unknown>[] };
    expect(deadLetters.length).toBeGreaterThanOrEqual(2);
    for (const d of deadLetters) {
      expect(d).toEqual({
        outboxId: expect.any(Number),
        configId,
        taskId,
        url: `${receiver.origin}/hook/dead`,
        sequence: expect.any(Number),
        attempts: 2,
        createdAt: expect.any(String),
        body: expect.any(Object),
        lastAttempt: { at: expect.any(String), status: 503, error: 'the receiver answered 503' },
      });
    }
    const sequences = deadLetters.map((d) => d['sequence'] as number);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    const last = deadLetters.at(-1)!['body'] as { statusUpdate: { status: { state: string } } };
    expect(last.statusUpdate.status.state).toBe(TASK_STATE_DONE);
  });

  it('shows another tenant none of them', async () => {
    const { status, text } = await list('other');
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({ deadLetters: [] });
  });

  it('answers 401 with the OpenWOP envelope without credentials', async () => {
    const res = await fetch(`${h.url}/push/dead-letters`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toMatchObject({ error: 'unauthenticated' });
  });
});
