// Push delivery with two hosts on one PostgreSQL database (interop.md §"A2A push delivery"): both
// hosts see every run change and both run an outbox worker, yet each push reaches the receiver
// exactly once and each config's pushes arrive in order. Tasks are started on one host and their
// configs registered on the other. Skipped without WOPGEN_TEST_POSTGRES.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Task } from '@a2a-js/sdk';
import { openPostgresStores } from '../../runtime/adapters/store/postgres/index.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { describeIf, POSTGRES } from '../helpers/requires.ts';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { rpc, sdkClient, startPushHost, startTask, until, type PushHost } from '../push/helpers.ts';

const suite = describeIf(POSTGRES);

suite(`push delivery from two hosts on one database`, () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let receiver: PushReceiver;
  let A: PushHost;
  let B: PushHost;
  beforeAll(async () => {
    db = await freshDatabase();
    receiver = await startReceiver();
    [A, B] = await Promise.all([
      startPushHost(receiver, { store: db.url }),
      startPushHost(receiver, { store: db.url }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([A?.close(), B?.close()]);
    await receiver?.close();
    await db?.drop();
  });

  it('delivers each push exactly once, in order, whichever host changed the run', async () => {
    // A failed first attempt of some pushes: retries too must go out once, from either host.
    receiver.statuses = [500, 500, 200];
    const [clientA, clientB] = await Promise.all([sdkClient(A), sdkClient(B)]);
    const tasks: { task: Task; path: string; configId: string }[] = [];
    for (let i = 0; i < 6; i++) {
      // Started on one host, its config registered on the other. The run must still be going
      // when its config is registered (a config registered after the end is owed nothing): on
      // a loaded machine 300 ms was sometimes not enough, so the runs wait 1.5 s.
      const registrar = i % 2 ? A : B;
      const task = await startTask(i % 2 ? clientB : clientA, 'conformance-delay', {
        delayMs: 1500 + 50 * i,
      });
      const path = `/hook/${i}`;
      const created = await rpc(registrar, registrar.key, 'CreateTaskPushNotificationConfig', {
        taskId: task.id,
        url: `${receiver.origin}${path}`,
      });
      expect(created.status).toBe(200);
      const configId = (created.json['result'] as Record<string, string>)['id']!;
      tasks.push({ task, path, configId });
    }

    const store = await openPostgresStores(db.url);
    try {
      // Every outbox row settled as delivered, the last one final.
      await until(async () => {
        for (const t of tasks) {
          const outbox = await store.push.listPushOutbox(t.configId);
          if (!outbox.at(-1)?.final || outbox.some((o) => o.state !== 'delivered')) return false;
        }
        return true;
      }, 20_000);
      // Let any duplicate a second worker might have sent arrive before counting.
      await new Promise((r) => setTimeout(r, 500));
      for (const t of tasks) {
        const outbox = await store.push.listPushOutbox(t.configId);
        const delivered = receiver.received.filter((p) => p.path === t.path);
        // Accepted deliveries (the 500-answered attempts are retried): one per outbox row, in
        // outbox order, byte for byte.
        let attempts = 0;
        for (const o of outbox) attempts += (await store.push.listPushAttempts(o.outboxId)).length;
        expect(delivered).toHaveLength(attempts);
        const accepted = [];
        for (const o of outbox) {
          const tries = await store.push.listPushAttempts(o.outboxId);
          expect(tries.map((a) => a.outcome).at(-1)).toBe('delivered');
          expect(tries.filter((a) => a.outcome === 'delivered')).toHaveLength(1);
          expect(tries).toHaveLength(o.attempts);
          accepted.push(o.body);
        }
        const bodies = [...new Set(delivered.map((p) => p.body))];
        expect(bodies).toEqual(accepted);
        expect(JSON.parse(accepted.at(-1)!)).toMatchObject({
          statusUpdate: { taskId: t.task.id, status: { state: 'TASK_STATE_COMPLETED' } },
        });
      }
      expect(await store.push.listDeadPushes()).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
