// Push delivery end to end (interop.md §"A2A push delivery"): configs registered with the official
// A2A client, pushes received by a real HTTPS receiver on a local test certificate (admitted only by
// the development loopback setting), retries, dead letters, the egress guard at delivery time, a
// restart mid-retry, and the sentinel token/credentials kept out of every response, row and log.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@a2a-js/sdk/client';
import { openSqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { rpc, sdkClient, startPushHost, startTask, until, type PushHost } from './helpers.ts';

const SENTINEL_TOKEN = 'sentinel-token-7f3a9c1e5b';
const SENTINEL_CREDS = 'sentinel-creds-2d8e4a6b0c';

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

afterEach(() => {
  receiver.received.length = 0;
  receiver.statuses = [200];
});

type Body = Record<string, Record<string, unknown>>;

describe('push configs with @a2a-js/sdk', () => {
  it('card says pushNotifications; discovery names the development setting', async () => {
    const card = await client.getAgentCard();
    expect(card.capabilities?.pushNotifications).toBe(true);
    const doc = (await (await fetch(`${h.url}/.well-known/openwop`)).json()) as Body;
    expect(doc['a2a']!['pushNotifications']).toBe(true);
    expect(doc['extensions']).toEqual({
      'wopgen.push-egress': { privateReceivers: true, httpReceivers: false },
    });
  });

  it('creates, reads, lists and deletes a config; delivers each status change', async () => {
    const task = await startTask(client, 'conformance-delay', { delayMs: 400 });
    const url = `${receiver.origin}/hook/a`;
    const created = await client.createTaskPushNotificationConfig({
      tenant: '',
      id: '',
      taskId: task.id,
      url,
      token: SENTINEL_TOKEN,
      authentication: undefined,
    });
    expect(created.id).toMatch(/^pnc-[A-Za-z0-9_-]{22}$/);
    expect(created).toMatchObject({ taskId: task.id, url, token: '' });
    expect(created.authentication).toEqual({ scheme: 'Bearer', credentials: '' });

    const got = await client.getTaskPushNotificationConfig({
      tenant: '',
      taskId: task.id,
      id: created.id,
    });
    expect(got).toEqual(created);
    const listed = await client.listTaskPushNotificationConfig({
      tenant: '',
      taskId: task.id,
      pageSize: 0,
      pageToken: '',
    });
    expect(listed.configs).toEqual([created]);

    const pushes = await waitForFinal();
    for (const p of pushes) {
      expect(p.method).toBe('POST');
      expect(p.path).toBe('/hook/a');
      expect(p.headers['content-type']).toBe('application/a2a+json');
      expect(p.headers['authorization']).toBe(`Bearer ${SENTINEL_TOKEN}`);
      expect(p.headers['openwop-signature']).toBeUndefined();
    }
    const bodies = pushes.map((p) => JSON.parse(p.body) as Body);
    const [artifact, final] = bodies.slice(-2);
    expect(artifact).toEqual({
      artifactUpdate: {
        taskId: task.id,
        contextId: task.contextId,
        artifact: { artifactId: 'output', name: 'output', parts: [{ data: { delayMs: 400 } }] },
        lastChunk: true,
      },
    });
    expect(Object.keys(final!)).toEqual(['statusUpdate']);
    expect(final!['statusUpdate']).toMatchObject({
      taskId: task.id,
      contextId: task.contextId,
      status: { state: 'TASK_STATE_COMPLETED' },
    });
    for (const earlier of bodies.slice(0, -2)) {
      expect(earlier['statusUpdate']!['status']).toMatchObject({ state: 'TASK_STATE_WORKING' });
    }

    await client.deleteTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: created.id });
    const after = await client.listTaskPushNotificationConfig({
      tenant: '',
      taskId: task.id,
      pageSize: 0,
      pageToken: '',
    });
    expect(after.configs).toEqual([]);
  });

  it('sends `Authorization: <scheme> <credentials>` from authentication', async () => {
    const task = await startTask(client, 'conformance-delay', { delayMs: 600 });
    const created = await rpc(h, h.key, 'CreateTaskPushNotificationConfig', {
      taskId: task.id,
      url: `${receiver.origin}/hook/basic`,
      authentication: { scheme: 'Basic', credentials: SENTINEL_CREDS },
    });
    expect(created.json['result']).toEqual({
      id: expect.stringMatching(/^pnc-/),
      taskId: task.id,
      url: `${receiver.origin}/hook/basic`,
      authentication: { scheme: 'Basic' },
    });
    const pushes = await waitForFinal();
    expect(pushes.every((p) => p.headers['authorization'] === `Basic ${SENTINEL_CREDS}`)).toBe(
      true,
    );
  });
});

/** Every push up to the final status update. */
async function waitForFinal() {
  await until(() =>
    receiver.received.some((p) => {
      const b = JSON.parse(p.body) as Body;
      const state = b['statusUpdate']?.['status'] as Record<string, unknown> | undefined;
      return state?.['state'] === 'TASK_STATE_COMPLETED';
    }),
  );
  return [...receiver.received];
}

describe('retries and dead letters', () => {
  it('retries a failed attempt and records each attempt', async () => {
    receiver.statuses = [500, 200];
    const task = await startTask(client, 'conformance-delay', { delayMs: 600 });
    const created = await rpc(h, h.key, 'CreateTaskPushNotificationConfig', {
      taskId: task.id,
      url: `${receiver.origin}/hook/retry`,
    });
    const configId = (created.json['result'] as Body)['id'] as unknown as string;
    await waitForFinal();
    const store = h.host.context.push!;
    expect(store).toBeDefined();
    const db = openSqliteStores(h.store.slice('sqlite:'.length));
    try {
      // The receiver holds the final push before the deliverer records its answer: wait for
      // the outbox to settle rather than read it at the moment the last body arrived.
      await until(async () =>
        (await db.push.listPushOutbox(configId)).every((o) => o.state === 'delivered'),
      );
      const outbox = await db.push.listPushOutbox(configId);
      const attempts = await db.push.listPushAttempts(outbox[0]!.outboxId);
      expect(attempts.map((a) => [a.outcome, a.status])).toEqual([
        ['failed', 500],
        ['delivered', 200],
      ]);
      // No config without a token or credentials sends an Authorization header.
      expect(receiver.received.every((p) => p.headers['authorization'] === undefined)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('never follows a 307: the attempts fail and end as a dead letter', async () => {
    receiver.statuses = [307];
    const task = await startTask(client, 'conformance-delay', { delayMs: 600 });
    await rpc(h, h.key, 'CreateTaskPushNotificationConfig', {
      taskId: task.id,
      url: `${receiver.origin}/hook/redirect`,
    });
    await until(async () =>
      (await h.host.push!.deadLetters()).some((d) => d.body.includes(task.id)),
    );
    expect(receiver.received.length).toBeGreaterThanOrEqual(3);
    expect(receiver.received.every((p) => p.path === '/hook/redirect')).toBe(true);
    const dead = (await h.host.push!.deadLetters()).filter((d) => d.body.includes(task.id));
    expect(dead[0]!.attempts).toBe(3);
  });

  it('checks the URL again at delivery: a receiver no longer admitted gets nothing', async () => {
    const task = await startTask(client, 'conformance-delay', { delayMs: 600 });
    await rpc(h, h.key, 'CreateTaskPushNotificationConfig', {
      taskId: task.id,
      url: `${receiver.origin}/hook/late`,
    });
    const allowed = h.host.context.config.a2a.push.allowedCidrs;
    h.host.context.config.a2a.push.allowedCidrs = [];
    try {
      await until(async () =>
        (await h.host.push!.deadLetters()).some((d) => d.body.includes(task.id)),
      );
    } finally {
      h.host.context.config.a2a.push.allowedCidrs = allowed;
    }
    expect(receiver.received.filter((p) => p.path === '/hook/late')).toEqual([]);
  });
});

describe('the sentinel secrets', () => {
  it('appear in no response, event, row outside the secret store, or log line', async () => {
    const task = await startTask(client, 'conformance-delay', { delayMs: 1000 });
    const responses: string[] = [];
    const c1 = await rpc(h, h.key, 'CreateTaskPushNotificationConfig', {
      taskId: task.id,
      url: `${receiver.origin}/hook/s1`,
      token: SENTINEL_TOKEN,
    });
    const c2 = await rpc(h, h.key, 'CreateTaskPushNotificationConfig', {
      taskId: task.id,
      url: `${receiver.origin}/hook/s2`,
      authentication: { scheme: 'Basic', credentials: SENTINEL_CREDS },
    });
    responses.push(c1.text, c2.text);
    const id1 = (c1.json['result'] as Record<string, string>)['id'];
    responses.push(
      (await rpc(h, h.key, 'GetTaskPushNotificationConfig', { taskId: task.id, id: id1 })).text,
    );
    responses.push(
      (await rpc(h, h.key, 'ListTaskPushNotificationConfigs', { taskId: task.id })).text,
    );

    // While the task runs the secrets exist, in the secret store only, and sealed there
    // (adapters/store/push-secrets.ts): the rows hold neither in clear.
    const db = openSqliteStores(h.store.slice('sqlite:'.length));
    try {
      const dump = (skip: string[]) => {
        const tables = db.db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
          .all() as { name: string }[];
        return tables
          .filter((t) => !skip.includes(t.name))
          .map((t) => JSON.stringify(db.db.prepare(`SELECT * FROM "${t.name}"`).all()))
          .join('\n');
      };
      const secrets = db.db.prepare('SELECT value FROM push_secrets').all() as { value: string }[];
      expect(secrets.length).toBe(2);
      for (const { value } of secrets) expect(value).toMatch(/^sealed:v1:[A-Za-z0-9_-]+$/);

      await until(
        () =>
          receiver.received.filter((p) => p.path === '/hook/s1' || p.path === '/hook/s2').length >=
          4,
      );
      // After the task's final push the secrets are discarded.
      await until(
        () =>
          (db.db.prepare('SELECT COUNT(*) AS n FROM push_secrets').get() as { n: number }).n === 0,
      );

      const events = await (
        await h.call('acme', `/runs/${encodeURIComponent(task.id)}/events/poll`)
      ).text();
      responses.push(events);
      responses.push((await rpc(h, h.key, 'GetTask', { id: task.id })).text);
      for (const text of [...responses, dump([]), h.logLines.join('\n')]) {
        expect(text).not.toContain(SENTINEL_TOKEN);
        expect(text).not.toContain(SENTINEL_CREDS);
      }
      expect(h.logLines.some((l) => l.includes('push delivered'))).toBe(true);
    } finally {
      await db.close();
    }
  });
});
