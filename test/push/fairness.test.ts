// One tenant's receiver that never answers holds only its own places in the outbox (README
// §Reliability; adapters/push/outbox.ts). Tenant acme registers pushes to a hung receiver, at one
// URL and at two more; while those deliveries are still open (no deadline reached, nothing settled),
// tenant other's pushes to a receiver that answers go out, and acme holds no more places than its
// receiver's share and its tenant's share.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@a2a-js/sdk/client';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { sdkClient, startPushHost, startTask, until, type PushHost } from './helpers.ts';

let hung: PushReceiver;
let good: PushReceiver;
let h: PushHost;
let acme: Client;
let other: Client;

beforeAll(async () => {
  hung = await startReceiver();
  hung.statuses = [0];
  good = await startReceiver();
  h = await startPushHost(hung, {
    config: (c) => {
      // Both receivers use the test certificate; no deadline ends a hung delivery in this test.
      c.a2a.push.timeoutMs = 600_000;
      c.a2a.push.concurrency = { slots: 8, perTenant: 2, perReceiver: 1 };
      // The second receiver's port joins the first's on the operator's allowlist.
      c.a2a.push.allowedPorts = [...c.a2a.push.allowedPorts, good.port];
    },
  });
  acme = await sdkClient(h);
  other = await sdkClient(h, h.otherKey);
});

afterAll(async () => {
  // The hung receiver first: closing it ends the open deliveries, so the host can stop.
  await hung.close();
  await h.close();
  await good.close();
});

async function pushTo(client: Client, url: string): Promise<string> {
  const task = await startTask(client, 'conformance-delay', { delayMs: 200 });
  await client.createTaskPushNotificationConfig({
    tenant: '',
    id: '',
    taskId: task.id,
    url,
    token: 'tok',
    authentication: undefined,
  });
  return task.id;
}

const hungPending = async () =>
  (await h.host.push!.deadLetters()).length === 0 && h.host.push!.inFlight('acme') > 0;

describe('a hung receiver holds only its own places', () => {
  it('another tenant’s pushes go out while the hung ones are still open', async () => {
    for (let i = 0; i < 3; i++) await pushTo(acme, `${hung.origin}/hook`);
    await hung.waitFor(1);
    const task = await pushTo(other, `${good.origin}/hook`);
    const pushes = await good.waitFor(2, 15_000);
    expect(pushes.every((p) => p.body.includes(task))).toBe(true);
    // Still open: acme's three tasks share one receiver, which holds one place.
    expect(await hungPending()).toBe(true);
    expect(hung.received).toHaveLength(1);
    expect(h.host.push!.inFlight('acme')).toBe(1);
  });

  it('a tenant’s hung receivers hold at most its share; the others still go out', async () => {
    await pushTo(acme, `${hung.origin}/a`);
    await pushTo(acme, `${hung.origin}/b`);
    // One more place for acme (its share is 2), so one of the two new receivers gets a request.
    await hung.waitFor(2);
    const before = good.received.length;
    const task = await pushTo(other, `${good.origin}/again`);
    await until(() => good.received.filter((p) => p.body.includes(task)).length >= 2, 15_000);
    expect(good.received.length).toBeGreaterThanOrEqual(before + 2);
    expect(await hungPending()).toBe(true);
    expect(h.host.push!.inFlight('acme')).toBe(2);
    expect(hung.received).toHaveLength(2);
  });
});
