// SIGKILL at the push claim (runtime/util/kill-point.ts `push-claim`): the host claims a
// push under its lease and dies before sending it. After a restart on the same store the lease runs
// out, the push is claimed again and delivered: every outbox row reaches the receiver exactly once,
// in order, the one the kill interrupted included.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { removeDir } from '../helpers/host.ts';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { killFixtures, spawnFixture, type FixtureHost } from './fixtures/spawn-fixture.ts';

const KEY = 'push-claim-key-0123456789';

let dir: string | undefined;
let receiver: PushReceiver | undefined;
afterEach(async () => {
  killFixtures();
  await receiver?.close();
  receiver = undefined;
  if (dir) removeDir(dir);
  dir = undefined;
});

function pushHost(killAt?: string): FixtureHost {
  return spawnFixture('push-host.ts', {
    PUSH_HOST_DIR: dir!,
    PUSH_HOST_CA: receiver!.ca,
    PUSH_HOST_RECEIVER_PORT: String(receiver!.port),
    PUSH_HOST_KEY: KEY,
    ...(killAt && { WOPGEN_TEST_KILL_AT: killAt }),
  });
}

async function rpc(url: string, method: string, params: unknown) {
  const res = await fetch(`${url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/json',
      'a2a-version': '1.0',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()) as { result?: Record<string, unknown>; error?: unknown };
}

describe('SIGKILL at the push claim', () => {
  it('the claimed push is delivered once after the restart, the rest in order', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-push-claim-'));
    receiver = await startReceiver();
    // The second claim: the first (the config's current state) is delivered while the client
    // is still being answered; the second comes with the task's next status update.
    const a = pushHost('push-claim:2');
    const url = await a.url;
    // A task that waits, then completes: a config registered on it gets its current state now,
    // and its status updates as it goes.
    const sent = await rpc(url, 'SendMessage', {
      message: {
        messageId: 'push-claim-1',
        role: 'ROLE_USER',
        parts: [{ data: { delayMs: 300 } }],
        metadata: { openwop: { skill: 'conformance-delay' } },
      },
      configuration: { returnImmediately: true },
    });
    const taskId = (sent.result!['task'] as { id: string }).id;
    const created = await rpc(url, 'CreateTaskPushNotificationConfig', {
      taskId,
      url: `${receiver.origin}/hook`,
    });
    expect(created.error).toBeUndefined();
    expect(await a.exited).toBe('SIGKILL');
    expect(receiver.received).toHaveLength(1);

    const b = pushHost();
    await b.url;
    const db = join(dir, 'host.db');
    const outbox = () => {
      const d = new Database(db, { readonly: true });
      try {
        return d.prepare('SELECT state, body FROM push_outbox ORDER BY outbox_id').all() as {
          state: string;
          body: string;
        }[];
      } finally {
        d.close();
      }
    };
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const rows = outbox();
      const task = await rpc(await b.url, 'GetTask', { id: taskId });
      const state = (task.result?.['status'] as { state?: string } | undefined)?.state;
      if (state === 'TASK_STATE_COMPLETED' && rows.every((r) => r.state === 'delivered')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const rows = outbox();
    expect(rows.map((r) => r.state)).toEqual(rows.map(() => 'delivered'));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // Exactly once each, in outbox order, byte for byte.
    expect(receiver.received.map((p) => p.body)).toEqual(rows.map((r) => r.body));
  }, 60_000);
});
