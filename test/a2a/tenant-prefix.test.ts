// The HTTP+JSON binding's optional `/{tenant}` path segment (A2A 1.0: a request's `tenant`, carried
// as the first path segment) and the JSON-RPC `tenant` param, with isolation (interop.md §"The
// operation mappings": `tenant` never selects a tenant, workspace or principal). The caller's own
// tenant names nothing new: the request is served as without it. Any other value (another tenant's
// name, an R never minted) answers a task operation exactly as for an unknown task, lists nothing,
// and refuses to start a task.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_NOT_FOUND_STATUS } from '../helpers/a2a-rpc.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { rpc } from '../push/helpers.ts';

let h: RunningHost;
let task: string;

const UNKNOWN = 'acme/AAAAAAAAAAAAAAAAAAAAAA';
const rest = (path: string, init: RequestInit = {}, as: 'acme' | 'other' = 'acme') =>
  h.call(as, `/a2a/rest${path}`, init);
const seg = (id: string) => encodeURIComponent(id);
const send = (text: string) => ({
  method: 'POST',
  body: JSON.stringify({
    message: {
      messageId: `prefix-${text}-${Date.now()}`,
      role: 'ROLE_USER',
      parts: [{ text }],
      metadata: { openwop: { skill: 'echo' } },
    },
  }),
});

async function answer(r: Response) {
  return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
}

beforeAll(async () => {
  h = await startHost();
  const r = await rest('/message:send', send('prefixed'));
  task = ((await r.json()) as { task: { id: string } }).task.id;
});

afterAll(async () => {
  await h.close();
});

describe('the caller’s own tenant as the /{tenant} segment', () => {
  it('serves every operation as without it', async () => {
    const plain = await answer(await rest(`/tasks/${seg(task)}`));
    const own = await answer(await rest(`/acme/tasks/${seg(task)}`));
    expect(own).toEqual(plain);
    expect(own.status).toBe(200);

    const started = await rest('/acme/message:send', send('own'));
    expect(started.status).toBe(200);
    const { task: t } = (await started.json()) as {
      task: { id: string; status: { state: string } };
    };
    expect(t.status.state).toBe('TASK_STATE_COMPLETED');
    expect(t.id.startsWith('acme/')).toBe(true);

    const listed = (await (await rest('/acme/tasks')).json()) as { tasks: { id: string }[] };
    expect(listed.tasks.map((x) => x.id)).toContain(task);
  });

  it('the same over JSON-RPC `tenant`', async () => {
    const r = await rpc(h, h.key, 'GetTask', { tenant: 'acme', id: task });
    expect(r.json['result']).toMatchObject({ id: task });
  });
});

describe('any other /{tenant} segment', () => {
  it('answers a task operation exactly as an unknown task', async () => {
    for (const prefix of ['/other', '/ag-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const foreign = await answer(await rest(`${prefix}/tasks/${seg(task)}`));
      const unknown = await answer(await rest(`/tasks/${seg(UNKNOWN)}`));
      expect(foreign).toEqual(unknown);
      expect(foreign.status).toBe(404);
      expect(JSON.parse(foreign.body)).toEqual(TASK_NOT_FOUND_STATUS);
      const cancel = await answer(
        await rest(`${prefix}/tasks/${seg(task)}:cancel`, { method: 'POST', body: '{}' }),
      );
      const cancelUnknown = await answer(
        await rest(`/tasks/${seg(UNKNOWN)}:cancel`, { method: 'POST', body: '{}' }),
      );
      expect(cancel).toEqual(cancelUnknown);
    }
  });

  it('another tenant naming the caller’s tenant gets nothing of it', async () => {
    const foreign = await answer(await rest(`/acme/tasks/${seg(task)}`, {}, 'other'));
    const unknown = await answer(
      await rest(`/tasks/${seg('other/AAAAAAAAAAAAAAAAAAAAAA')}`, {}, 'other'),
    );
    expect(foreign).toEqual(unknown);
    const listed = (await (await rest('/acme/tasks', {}, 'other')).json()) as {
      tasks: unknown[];
    };
    expect(listed.tasks).toEqual([]);
  });

  it('lists nothing and starts nothing', async () => {
    const listed = (await (await rest('/other/tasks')).json()) as {
      tasks: unknown[];
      totalSize: number;
    };
    expect(listed).toMatchObject({ tasks: [], totalSize: 0 });
    const started = await rest('/other/message:send', send('nope'));
    expect(started.status).toBe(400);
    expect(await started.json()).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', message: 'tenant does not name an agent of this host' },
    });
  });
});
