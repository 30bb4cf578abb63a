// ListTasks filters (page 1 independent of the tenant's run count): a state or
// status-time filter pages from the store's index, so a page reads only its own tasks; pages
// chain to exactly the filtered list and totalSize counts every match. Filters the store cannot
// decide (a context id, INPUT_REQUIRED against AUTH_REQUIRED) still answer exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcClient } from '../helpers/a2a-rpc.ts';
import { runsReadBy } from '../helpers/core-reads.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
let n = 0;
const made: Record<'completed' | 'input' | 'canceled', string[]> = {
  completed: [],
  input: [],
  canceled: [],
};

async function rpc(method: string, params: unknown) {
  const r = await rpcClient(h).post(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
  expect(r.body.error).toBeUndefined();
  return r.body.result as Record<string, unknown>;
}

async function send(skill: string, parts: unknown[], extra: Record<string, unknown> = {}) {
  n += 1;
  const result = await rpc('SendMessage', {
    message: {
      messageId: `list-${n}-${Date.now()}`,
      role: 'ROLE_USER',
      parts,
      metadata: { openwop: { skill } },
    },
    ...extra,
  });
  return result['task'] as { id: string; contextId: string; status: { state: string } };
}

interface Page {
  tasks: { id: string; status: { state: string; timestamp: string } }[];
  nextPageToken: string;
  totalSize: number;
}

/** Every page of a ListTasks, following nextPageToken. */
async function allPages(params: Record<string, unknown>): Promise<Page[]> {
  const pages: Page[] = [];
  let token = '';
  do {
    const page = (await rpc('ListTasks', {
      ...params,
      ...(token && { pageToken: token }),
    })) as unknown as Page;
    pages.push(page);
    token = page.nextPageToken;
  } while (token);
  return pages;
}

const readsBy = (f: () => Promise<unknown>) => runsReadBy(h.host.context.core, f);

beforeAll(async () => {
  h = await startHost();
  for (let i = 0; i < 5; i++) made.completed.push((await send('echo', [{ text: `e${i}` }])).id);
  for (let i = 0; i < 2; i++)
    made.input.push((await send('conformance-clarification', [{ text: 'q' }])).id);
  const slow = await send('conformance-cancellable', [{ data: { delayMs: 60000 } }], {
    configuration: { returnImmediately: true },
  });
  await rpc('CancelTask', { id: slow.id });
  made.canceled.push(slow.id);
  // Filler the filtered pages must not read: more runs of other states than the page size.
  for (let i = 0; i < 20; i++) await send('conformance-clarification', [{ text: 'f' }]);
});

afterAll(() => h.close());

describe('ListTasks with a state filter', () => {
  it('chains pages to exactly the tasks in that state, newest first, each page counting all', async () => {
    const pages = await allPages({ status: 'TASK_STATE_COMPLETED', pageSize: 2 });
    expect(pages.map((p) => p.tasks.length)).toEqual([2, 2, 1]);
    expect(pages.every((p) => p.totalSize === 5)).toBe(true);
    const ids = pages.flatMap((p) => p.tasks.map((t) => t.id));
    expect(ids).toEqual([...made.completed].reverse());
    expect(
      pages.flatMap((p) => p.tasks).every((t) => t.status.state === 'TASK_STATE_COMPLETED'),
    ).toBe(true);
  });

  it('reads only the page’s own tasks, however many runs the tenant has in other states', async () => {
    const reads = await readsBy(() =>
      rpc('ListTasks', { status: 'TASK_STATE_CANCELED', pageSize: 10 }),
    );
    expect(reads).toBe(1);
    const page = (await rpc('ListTasks', { status: 'TASK_STATE_CANCELED' })) as unknown as Page;
    expect(page.tasks.map((t) => t.id)).toEqual(made.canceled);
    expect(page.totalSize).toBe(1);
  });

  it('counts a state no run can be in as zero without reading anything', async () => {
    let page: Page | undefined;
    const reads = await readsBy(async () => {
      page = (await rpc('ListTasks', { status: 'TASK_STATE_REJECTED' })) as unknown as Page;
    });
    expect(page).toEqual({ tasks: [], nextPageToken: '', pageSize: 50, totalSize: 0 });
    expect(reads).toBe(0);
  });

  it('INPUT_REQUIRED, which the store cannot tell from AUTH_REQUIRED, still answers exactly', async () => {
    const pages = await allPages({ status: 'TASK_STATE_INPUT_REQUIRED', pageSize: 10 });
    const ids = pages.flatMap((p) => p.tasks.map((t) => t.id));
    expect(ids).toHaveLength(22);
    expect(ids.slice(-2)).toEqual([...made.input].reverse());
    expect(pages.every((p) => p.totalSize === 22)).toBe(true);
    const auth = (await rpc('ListTasks', {
      status: 'TASK_STATE_AUTH_REQUIRED',
    })) as unknown as Page;
    expect(auth.totalSize).toBe(0);
  });
});

describe('ListTasks with statusTimestampAfter', () => {
  it('pages from the index: strictly later status changes only, counted exactly', async () => {
    const all = (await rpc('ListTasks', { pageSize: 100 })) as unknown as Page;
    const times = all.tasks.map((t) => t.status.timestamp).sort();
    const cut = times[times.length - 4]!;
    const later = all.tasks.filter((t) => Date.parse(t.status.timestamp) > Date.parse(cut));
    let pages: Page[] = [];
    const reads = await readsBy(async () => {
      pages = await allPages({ statusTimestampAfter: cut, pageSize: 2 });
    });
    const ids = pages.flatMap((p) => p.tasks.map((t) => t.id));
    expect(new Set(ids)).toEqual(new Set(later.map((t) => t.id)));
    expect(pages.every((p) => p.totalSize === later.length)).toBe(true);
    expect(reads).toBe(later.length);
  });
});
