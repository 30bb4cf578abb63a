// A ListTasks costs its page, whatever its filters or token (interop.md §Isolation; README
// §Reliability). A tenant with thousands of runs asks for a context none of them is in, a context
// of three, a state no index alone decides (INPUT_REQUIRED against AUTH_REQUIRED), an agent
// routing value naming no agent, and sends forged, altered, foreign and stale page tokens: the
// core is asked for at most a page of runs each time, and a token this host did not mint for
// that caller and those filters is -32602 before anything is read. A tenant's listings also run
// a few at a time, so its burst never holds another tenant's listing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import type { RunRecord } from '../../runtime/ports/store/run-store.ts';
import { expectA2aError, rpcClient } from '../helpers/a2a-rpc.ts';
import { runsReadBy } from '../helpers/core-reads.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { until } from '../push/helpers.ts';
import { interruptRecord, runRecord } from '../store/subjects.ts';

/** Completed A2A tasks in contexts of three, and tasks waiting on a clarification. */
const COMPLETED = 1_800;
const WAITING = 300;
const opaque = () => randomBytes(16).toString('base64url');

function seededRun(i: number, status: RunRecord['status']): RunRecord {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  return runRecord('acme', {
    runId: `acme/${opaque()}`,
    status,
    inputs: { text: `r${i}` },
    ...(status === 'completed' && { outputs: { text: `r${i}` }, completedAt: at }),
    transport: 'a2a',
    createdAt: at,
  });
}

const note = (contextId: string, i: number) => ({
  binding: 'a2a' as const,
  contextId,
  append: { messageId: `seed-${i}`, role: 'ROLE_USER', parts: [{ text: `r${i}` }] },
});

let h: RunningHost;
/** The three tasks of context `ctx-7`, newest first, and a run without an A2A record. */
const ctx7: string[] = [];
let bare: string;

async function seed(file: string): Promise<void> {
  const s = openSqliteStores(file);
  try {
    const inserts: Promise<unknown>[] = [];
    for (let i = 0; i < COMPLETED; i++) {
      const run = seededRun(i, 'completed');
      if (i % 600 === 7) ctx7.unshift(run.runId);
      inserts.push(s.runs.insertRun(run, { note: note(`ctx-${i % 600}`, i) }));
    }
    for (let i = 0; i < WAITING; i++) {
      const run = seededRun(COMPLETED + i, 'waiting-input');
      const ask = interruptRecord(run.runId, { kind: 'clarification', createdAt: run.createdAt });
      inserts.push(
        s.runs.insertRun(run, {
          note: note(`wait-${i}`, i),
          changes: [{ runId: run.runId, at: run.createdAt, insertInterrupts: [ask] }],
        }),
      );
    }
    const plain = seededRun(COMPLETED + WAITING, 'completed');
    bare = plain.runId;
    inserts.push(s.runs.insertRun({ ...plain, transport: 'rest' }));
    await Promise.all(inserts);
  } finally {
    await s.close();
  }
}

const runsRead = (f: () => Promise<unknown>) => runsReadBy(h.host.context.core, f);

interface Page {
  tasks: { id: string; contextId: string; status: { state: string } }[];
  nextPageToken: string;
  pageSize: number;
  totalSize: number;
}

async function list(params: Record<string, unknown>, key?: string): Promise<Page> {
  const r = await rpcClient(h).rpc('ListTasks', params, key === undefined ? {} : { key });
  expect(r.body.error).toBeUndefined();
  return r.body.result as unknown as Page;
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-list-bounded-'));
  await seed(join(dir, 'host.db'));
  h = await startHost({
    dir,
    config: (c) => {
      c.limits = { listingsPerTenant: 1 };
      c.agents = [
        { agentId: 'echoer', persona: 'E', label: 'E', workflowIds: ['echo'], tenants: ['acme'] },
      ];
    },
  });
}, 60_000);

afterAll(() => h.close());

describe('a filtered ListTasks reads a page, not the tenant', () => {
  it('a context no task is in: nothing read, an empty answer', async () => {
    let page: Page | undefined;
    const reads = await runsRead(async () => {
      page = await list({ contextId: 'nope' });
    });
    expect(page).toEqual({ tasks: [], nextPageToken: '', pageSize: 50, totalSize: 0 });
    expect(reads).toBe(0);
  });

  it('a context of three: exactly its tasks, newest first, read alone', async () => {
    let pages: Page[] = [];
    const reads = await runsRead(async () => {
      const first = await list({ contextId: 'ctx-7', pageSize: 2 });
      const second = await list({
        contextId: 'ctx-7',
        pageSize: 2,
        pageToken: first.nextPageToken,
      });
      pages = [first, second];
    });
    expect(pages.map((p) => p.tasks.map((t) => t.id))).toEqual([ctx7.slice(0, 2), ctx7.slice(2)]);
    expect(pages.map((p) => [p.totalSize, p.nextPageToken === ''])).toEqual([
      [3, false],
      [3, true],
    ]);
    expect(reads).toBe(3);
  });

  it('a run without an A2A record is its own context', async () => {
    const page = await list({ contextId: bare });
    expect(page.tasks.map((t) => [t.id, t.contextId])).toEqual([[bare, bare]]);
    expect([page.totalSize, page.nextPageToken]).toEqual([1, '']);
  });

  it('AUTH_REQUIRED among waiting tasks none of which waits on a credential: no run read', async () => {
    let page: Page | undefined;
    const reads = await runsRead(async () => {
      page = await list({ status: 'TASK_STATE_AUTH_REQUIRED', pageSize: 10 });
    });
    expect(page?.tasks).toEqual([]);
    expect(page?.totalSize).toBe(0);
    expect(reads).toBe(0);
  });

  it('INPUT_REQUIRED: a full page of waiting tasks, counted without reading them', async () => {
    let page: Page | undefined;
    const reads = await runsRead(async () => {
      page = await list({ status: 'TASK_STATE_INPUT_REQUIRED', pageSize: 10 });
    });
    expect(page?.tasks).toHaveLength(10);
    expect(page?.tasks.every((t) => t.status.state === 'TASK_STATE_INPUT_REQUIRED')).toBe(true);
    expect(page?.totalSize).toBe(WAITING);
    expect(reads).toBe(10);
  });

  it('a status time later than every run: nothing read', async () => {
    let page: Page | undefined;
    const reads = await runsRead(async () => {
      page = await list({ statusTimestampAfter: '2030-01-01T00:00:00Z', pageSize: 10 });
    });
    expect(page?.tasks).toEqual([]);
    expect(page?.totalSize).toBe(0);
    expect(reads).toBe(0);
  });

  it('through an agent: its page; through a tenant naming no agent: nothing read', async () => {
    const res = await h.call('acme', '/agents');
    const { agents } = (await res.json()) as { agents: { a2aTenant: string }[] };
    let reads = await runsRead(async () => {
      const page = await list({ tenant: agents[0]!.a2aTenant, pageSize: 5 });
      expect(page.tasks).toHaveLength(5);
      expect(page.totalSize).toBe(COMPLETED + WAITING + 1);
    });
    expect(reads).toBe(5);
    reads = await runsRead(async () => {
      const page = await list({ tenant: 'ag-not-an-agent-of-this-host' });
      expect(page).toEqual({ tasks: [], nextPageToken: '', pageSize: 50, totalSize: 0 });
    });
    expect(reads).toBe(0);
  });
});

describe('a page token this host did not mint for the request is refused before any read', () => {
  const refused = async (params: Record<string, unknown>, key?: string) => {
    let r: Awaited<ReturnType<ReturnType<typeof rpcClient>['rpc']>> | undefined;
    const reads = await runsRead(async () => {
      r = await rpcClient(h).rpc('ListTasks', params, key === undefined ? {} : { key });
    });
    expect(expectA2aError(r!, -32602, 'INVALID_PARAMS').message).toBe('invalid pageToken');
    expect(reads).toBe(0);
  };

  it('forged: a token naming a task to continue after, or a bare core cursor', async () => {
    const after = Buffer.from(JSON.stringify({ after: ctx7[0] })).toString('base64url');
    await refused({ contextId: 'nope', pageToken: after });
    await refused({ pageToken: after });
    const cursor = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', ctx7[0]]));
    await refused({ pageToken: cursor.toString('base64url') });
  });

  it('altered, stale (another filter), or another tenant’s', async () => {
    const token = (await list({ contextId: 'ctx-7', pageSize: 1 })).nextPageToken;
    expect(token).not.toBe('');
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify(['2030-01-01T00:00:00.000Z', 'acme/x', 0]));
    await refused({ contextId: 'ctx-7', pageToken: `${forged.toString('base64url')}.${mac}` });
    await refused({ contextId: 'ctx-7', pageToken: `${payload}.${mac!.slice(1)}A` });
    await refused({ contextId: 'ctx-8', pageToken: token });
    await refused({ pageToken: token });
    await refused({ contextId: 'ctx-7', pageToken: token }, h.otherKey);
    // The same request with it continues.
    expect((await list({ contextId: 'ctx-7', pageSize: 1, pageToken: token })).tasks).toHaveLength(
      1,
    );
  });

  it('on HTTP+JSON too, as google.rpc.Status', async () => {
    const res = await h.call('acme', '/a2a/rest/tasks?contextId=nope&pageToken=eyJhZnRlciI6IngifQ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: 'invalid pageToken',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'INVALID_PARAMS',
            domain: 'a2a-protocol.org',
          },
        ],
      },
    });
  });
});

describe('a tenant’s listings run a few at a time', () => {
  it('with one place per tenant, a held listing queues its tenant’s next ones, not another’s', async () => {
    const core = h.host.context.core;
    const listRunViews = core.listRunViews!;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    core.listRunViews = async (subject, ...rest) => {
      if (subject.tenant === 'acme') await held;
      return listRunViews.apply(core, [subject, ...rest]);
    };
    try {
      const gate = h.host.context.listings;
      const burst = Array.from({ length: 6 }, () => list({ contextId: 'nope' }));
      await until(() => gate.waiting('acme') === 5);
      expect(gate.running('acme')).toBe(1);
      // Another tenant's listing is answered while acme's are held and queued.
      expect((await list({}, h.otherKey)).tasks).toEqual([]);
      expect([gate.running('acme'), gate.waiting('acme')]).toEqual([1, 5]);
      release();
      expect((await Promise.all(burst)).map((p) => p.totalSize)).toEqual([0, 0, 0, 0, 0, 0]);
      expect([gate.running('acme'), gate.waiting('acme')]).toEqual([0, 0]);
    } finally {
      core.listRunViews = listRunViews;
      release();
    }
  });
});
