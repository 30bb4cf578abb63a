/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC frames are untyped wire data */
// subscriptions/listen with notifications/tasks (the map's `mcp.tasks.methods` row
// "notifications/tasks | subscriptions/listen taskIds"; SEP-2575, ext-tasks 2026-07-28): the ack
// comes first and lists only readable tasks (a foreign and a fabricated taskId are left out alike),
// one notification per status change carrying the tasks/get payload, the stream ends with the
// SubscriptionsListenResult once every listed task is terminal, and nothing of another tenant's task.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId } from '../../runtime/ids.ts';
import { serveStdio } from '../../runtime/bindings/mcp/stdio.ts';
import type { RunningHost } from '../helpers/host.ts';
import { KEYS, rawMcp, REVISION, startMcpHost, TASKS } from './helpers.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startMcpHost();
});
afterAll(async () => {
  await h.stop();
});

const SUB = 'io.modelcontextprotocol/subscriptionId';
const caps = { elicitation: { form: {} }, extensions: { [TASKS]: {} } };
const meta = (capabilities: Record<string, unknown> = caps) => ({
  'io.modelcontextprotocol/protocolVersion': REVISION,
  'io.modelcontextprotocol/clientInfo': { name: 'listen-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': capabilities,
});
const t = (method: string, params: Record<string, unknown>, tenant: 'acme' | 'other' = 'acme') =>
  rawMcp(h.url, method, params, { capabilities: caps, tenant });

/** Frames of an SSE body, one at a time. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: any[] = [];
  let done = false;
  let pending: ReturnType<typeof reader.read> | undefined;
  return {
    async next(ms = 5000): Promise<any | undefined> {
      const end = Date.now() + ms;
      for (;;) {
        if (queue.length > 0) return queue.shift();
        if (done) return undefined;
        const left = end - Date.now();
        if (left <= 0) throw new Error('no SSE frame in time');
        // A read still pending from a timed-out call is awaited again, never dropped.
        pending ??= reader.read();
        const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), left));
        const r = await Promise.race([pending, timer]);
        if (r === 'timeout') continue;
        pending = undefined;
        if (r.done) done = true;
        else buffer += decoder.decode(r.value, { stream: true });
        let i;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trimStart())
            .join('\n');
          if (data) queue.push(JSON.parse(data));
        }
      }
    },
    cancel: () => reader.cancel(),
  };
}

async function listen(
  taskIds: string[] | undefined,
  opts: {
    tenant?: 'acme' | 'other';
    id?: number | string;
    capabilities?: object;
    filter?: Record<string, unknown>;
  } = {},
) {
  const res = await fetch(`${h.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': REVISION,
      'mcp-method': 'subscriptions/listen',
      authorization: `Bearer ${KEYS[opts.tenant ?? 'acme']}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: opts.id ?? 'listen-1',
      method: 'subscriptions/listen',
      params: {
        notifications: { ...opts.filter, ...(taskIds && { taskIds }) },
        _meta: meta((opts.capabilities as Record<string, unknown>) ?? caps),
      },
    }),
  });
  return res;
}

async function approvalTask(tenant: 'acme' | 'other' = 'acme'): Promise<string> {
  const created = await t('tools/call', { name: 'conformance-approval', arguments: {} }, tenant);
  expect(created.body.result).toMatchObject({ resultType: 'task', status: 'input_required' });
  return created.body.result!.taskId as string;
}

async function approve(taskId: string, tenant: 'acme' | 'other' = 'acme'): Promise<void> {
  const got = await t('tasks/get', { taskId }, tenant);
  const [key] = Object.keys(got.body.result!.inputRequests);
  const u = await t(
    'tasks/update',
    { taskId, inputResponses: { [key!]: { action: 'accept', content: {} } } },
    tenant,
  );
  expect(u.body.result).toEqual({ resultType: 'complete' });
}

describe('subscriptions/listen over streamable HTTP', () => {
  it('acks first with only readable tasks, notifies each status change, ends after terminal', async () => {
    const mine = await approvalTask('acme');
    const foreign = await approvalTask('other');
    const fabricated = projectId(`acme/${'A'.repeat(22)}`);

    const res = await listen([mine, foreign, fabricated, 'not-a-task'], { id: 'sub-7' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const sse = sseReader(res.body!);
    const ack = await sse.next();
    expect(ack).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { taskIds: [mine] }, _meta: { [SUB]: 'sub-7' } },
    });

    // Another tenant's task moving is never notified on this stream.
    await approve(foreign, 'other');
    await approve(mine, 'acme');

    const notes: any[] = [];
    let final: any;
    for (;;) {
      const f = await sse.next();
      expect(f).toBeDefined();
      if (f.method === undefined) {
        final = f;
        break;
      }
      notes.push(f);
    }
    expect(await sse.next()).toBeUndefined(); // the stream ended
    expect(final).toEqual({
      jsonrpc: '2.0',
      id: 'sub-7',
      result: { resultType: 'complete', _meta: { [SUB]: 'sub-7' } },
    });
    expect(notes.length).toBeGreaterThanOrEqual(1);
    let previous = 'input_required';
    for (const n of notes) {
      expect(n.method).toBe('notifications/tasks');
      expect(n.params._meta).toEqual({ [SUB]: 'sub-7' });
      expect(n.params.taskId).toBe(mine);
      expect(n.params.status).not.toBe(previous);
      expect(n.params).not.toHaveProperty('resultType');
      previous = n.params.status;
    }
    const last = notes.at(-1).params;
    expect(last).toMatchObject({ status: 'completed', result: { isError: false } });
    // What tasks/get says now, but for resultType.
    const got = await t('tasks/get', { taskId: mine });
    const { resultType: _rt, ...detailed } = got.body.result!;
    const { _meta: _m, ...payload } = last;
    expect(payload).toEqual(detailed);
    expect(JSON.stringify(notes)).not.toContain(foreign);
  });

  it("another tenant's taskId and a fabricated one are left out identically", async () => {
    const foreign = await approvalTask('other');
    const fabricated = projectId(`other/${'B'.repeat(22)}`);
    const answers = [];
    for (const id of [foreign, fabricated]) {
      const res = await listen([id], { id: 1 });
      const sse = sseReader(res.body!);
      answers.push([res.status, await sse.next(), await sse.next(), await sse.next()]);
    }
    expect(answers[0]).toEqual([
      200,
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { notifications: { taskIds: [] }, _meta: { [SUB]: 1 } },
      },
      { jsonrpc: '2.0', id: 1, result: { resultType: 'complete', _meta: { [SUB]: 1 } } },
      undefined,
    ]);
    expect(answers[1]).toEqual(answers[0]);
  });

  it('the taskIds filter needs the tasks extension declared (-32021)', async () => {
    const res = await listen([], { capabilities: {} });
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.error.code).toBe(-32021);
    expect(body.error.data).toEqual({ requiredCapabilities: { extensions: { [TASKS]: {} } } });
  });

  it('a core listen needs no extension: acked without the list-changed types it never sends', async () => {
    const res = await listen(undefined, {
      capabilities: {},
      id: 'core-1',
      filter: { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['x:/a'] },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const sse = sseReader(res.body!);
    expect(await sse.next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: {}, _meta: { [SUB]: 'core-1' } },
    });
    // Nothing to say and nothing to wait for: the stream stays open and silent until the client leaves.
    await expect(sse.next(300)).rejects.toThrow('no SSE frame in time');
    await sse.cancel();
  });

  it('a client that disconnects ends the stream and leaves the task alone', async () => {
    const mine = await approvalTask('acme');
    const res = await listen([mine]);
    const sse = sseReader(res.body!);
    expect((await sse.next()).method).toBe('notifications/subscriptions/acknowledged');
    await sse.cancel();
    await new Promise((r) => setTimeout(r, 100));
    const g = await t('tasks/get', { taskId: mine });
    expect(g.body.result).toMatchObject({ status: 'input_required' });
  });
});

describe('subscriptions/listen over stdio', () => {
  it('writes the same frames on stdout; notifications/cancelled naming it ends it', async () => {
    const mine = await approvalTask('acme');
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: any[] = [];
    let buf = '';
    output.on('data', (chunk: Buffer) => {
      buf += chunk.toString('utf8');
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        lines.push(JSON.parse(buf.slice(0, i)));
        buf = buf.slice(i + 1);
      }
    });
    const subject = await h.host.keys.verifyKey(KEYS.acme);
    const served = serveStdio(h.host.context, h.host.mcp.dispatcher, {
      input,
      output,
      subject: subject!,
    });
    const send = (msg: object) => input.write(JSON.stringify(msg) + '\n');
    const waitFor = async (pred: (l: any) => boolean) => {
      const end = Date.now() + 5000;
      while (!lines.some(pred)) {
        if (Date.now() > end) throw new Error('frame not seen in time');
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    send({
      jsonrpc: '2.0',
      id: 42,
      method: 'subscriptions/listen',
      params: { notifications: { taskIds: [mine] }, _meta: meta() },
    });
    await waitFor((l) => l.method === 'notifications/subscriptions/acknowledged');
    expect(lines[0]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { taskIds: [mine] }, _meta: { [SUB]: 42 } },
    });
    await approve(mine);
    await waitFor((l) => l.method === 'notifications/tasks' && l.params.status === 'completed');
    await waitFor((l) => l.id === 42);
    expect(lines.at(-1)).toEqual({
      jsonrpc: '2.0',
      id: 42,
      result: { resultType: 'complete', _meta: { [SUB]: 42 } },
    });

    // A second listen, cancelled by the client: no answer, and the task is untouched.
    const other = await approvalTask('acme');
    send({
      jsonrpc: '2.0',
      id: 43,
      method: 'subscriptions/listen',
      params: { notifications: { taskIds: [other] }, _meta: meta() },
    });
    await waitFor((l) => l.params?._meta?.[SUB] === 43);
    send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 43 } });
    await new Promise((r) => setTimeout(r, 100));
    input.end();
    await served;
    expect(lines.filter((l) => l.id === 43)).toEqual([]);
    expect(lines.some((l) => l.method === 'notifications/cancelled')).toBe(false);
    const g = await t('tasks/get', { taskId: other });
    expect(g.body.result).toMatchObject({ status: 'input_required' });
  });
});
