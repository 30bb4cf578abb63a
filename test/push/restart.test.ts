// Delivery survives a restart (interop.md §"A2A push delivery"; the outbox is in the store): a push
// failing when the host stops is delivered by the next host on the same database, and the task's
// later status changes, made after the restart, are pushed too.
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { rpc, sdkClient, startPushHost, startTask, until, type PushHost } from './helpers.ts';

let receiver: PushReceiver | undefined;
let second: PushHost | undefined;

afterAll(async () => {
  await second?.close();
  await receiver?.close();
});

describe('push delivery across a restart', () => {
  it('delivers what was pending or retrying when the host stopped', async () => {
    receiver = await startReceiver();
    receiver.statuses = [503];
    const first = await startPushHost(receiver, { maxAttempts: 50 });
    const client = await sdkClient(first);
    const task = await startTask(client, 'conformance-delay', { delayMs: 800 });
    const created = await rpc(first, first.key, 'CreateTaskPushNotificationConfig', {
      taskId: task.id,
      url: `${receiver.origin}/hook/restart`,
    });
    const configId = (created.json['result'] as Record<string, string>)['id']!;
    await until(() => receiver!.received.length >= 2, 15_000);
    await first.stop();

    const failedBefore = receiver.received.length;
    receiver.statuses = [200];
    second = await startPushHost(receiver, { dir: first.dir, maxAttempts: 50 });
    await until(
      () =>
        receiver!.received.some((p) => p.body.includes('TASK_STATE_COMPLETED')) &&
        receiver!.received.some((p) => p.body.includes('artifactUpdate')),
      15_000,
    );
    expect(receiver.received.length).toBeGreaterThan(failedBefore);
    const db = openSqliteStores(second.store.slice('sqlite:'.length));
    try {
      await until(async () =>
        (await db.push.listPushOutbox(configId)).every((o) => o.state === 'delivered'),
      );
      const outbox = await db.push.listPushOutbox(configId);
      expect(outbox.at(-1)!.final).toBe(true);
      // The push that kept failing before the stop was tried again after it, and went out.
      const attempts = await db.push.listPushAttempts(outbox[0]!.outboxId);
      expect(attempts.at(-1)).toMatchObject({ outcome: 'delivered', status: 200 });
      expect(attempts.filter((a) => a.status === 503).length).toBeGreaterThanOrEqual(1);
    } finally {
      await db.close();
    }
  });
});
