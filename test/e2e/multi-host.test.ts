/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// Two hosts, one PostgreSQL database: whatever one host started, the other
// reads, streams, cancels and resolves; an MCP retry and an A2A answer may land on either host; a
// messageId sent to both at once starts one run. Each host has its own pools, change feed and
// leases, as two `wopgen serve` processes would. Skipped without WOPGEN_TEST_POSTGRES.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseDefinition } from '../../runtime/core/reference/engine/definition.ts';
import { createRegistry, loadWorkflowDir } from '../../runtime/core/reference/workflows/index.ts';
import { rotateStateKey } from '../../runtime/bindings/mcp/state-keys.ts';
import { projectId } from '../../runtime/ids.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { describeIf, POSTGRES } from '../helpers/requires.ts';
import { rawMcp } from '../mcp/helpers.ts';

/** Twenty log lines, one question, twenty more: a long log to stream while another host drives it. */
const chatty = parseDefinition(
  {
    id: 'test-chatty',
    description: 'Logs, asks, logs, completes.',
    inputSchema: { type: 'object' },
    nodes: [
      ...Array.from({ length: 20 }, (_, i) => ({
        id: `a${i}`,
        kind: 'log',
        level: 'info',
        message: `a${i}`,
      })),
      {
        id: 'ask',
        kind: 'input',
        interruptKind: 'clarification',
        prompt: 'Go on?',
        schema: { type: 'object' },
      },
      ...Array.from({ length: 20 }, (_, i) => ({
        id: `b${i}`,
        kind: 'log',
        level: 'info',
        message: `b${i}`,
      })),
      { id: 'done', kind: 'complete', output: { ok: true } },
    ],
  },
  'test',
);

const post = (h: RunningHost, path: string, body: unknown) =>
  h.call('acme', path, { method: 'POST', body: JSON.stringify(body) });

async function a2a(h: RunningHost, method: string, params: unknown): Promise<any> {
  const r = await post(h, '/a2a/jsonrpc', { jsonrpc: '2.0', id: 1, method, params });
  return (await r.json()) as any;
}

/** The SSE frames of a run's event stream, read to its end. */
async function sseFrames(h: RunningHost, runId: string): Promise<Record<string, string>[]> {
  const r = await h.call('acme', `/runs/${projectId(runId)}/events`, {
    headers: { accept: 'text/event-stream' },
  });
  expect(r.headers.get('content-type')).toBe('text/event-stream');
  return (await r.text())
    .trim()
    .split('\n\n')
    .map((f) =>
      Object.fromEntries(
        f.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
      ),
    );
}

const suite = describeIf(POSTGRES);

suite(`two hosts on one PostgreSQL database`, () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let A: RunningHost;
  let B: RunningHost;
  beforeAll(async () => {
    db = await freshDatabase();
    const workflows = createRegistry([...loadWorkflowDir(), chatty]);
    // Started together: both apply migrations at once (one waits on the advisory lock).
    [A, B] = await Promise.all([
      startHost({ store: db.url, workflows }),
      startHost({ store: db.url, workflows }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([A?.close(), B?.close()]);
    await db?.drop();
  });

  it('a run started on A is read and listed through B, and cancelled through B', async () => {
    const created = await post(A, '/runs', {
      workflowId: 'conformance-delay',
      inputs: { delayMs: 60_000 },
    });
    expect(created.status).toBe(201);
    const run = (await created.json()) as { runId: string; status: string };
    expect(run.status).toBe('running');
    const read = await B.call('acme', `/runs/${projectId(run.runId)}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(run);
    const listed = (await (await B.call('acme', '/runs?workflowId=conformance-delay')).json()) as {
      runs: { runId: string }[];
    };
    expect(listed.runs.map((r) => r.runId)).toContain(run.runId);

    const cancelled = await post(B, `/runs/${projectId(run.runId)}:cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { status: string }).status).toBe('cancelled');
    const onA = (await (await A.call('acme', `/runs/${projectId(run.runId)}`)).json()) as {
      status: string;
    };
    expect(onA.status).toBe('cancelled');
    expect((await sseFrames(A, run.runId)).map((f) => [f['id'], f['event']])).toEqual([
      ['0', 'run.started'],
      ['1', 'run.cancelled'],
    ]);
  });

  it('an interrupt opened on A is resolved through B, which completes the run', async () => {
    const run = (await (
      await post(A, '/runs', { workflowId: 'conformance-approval', inputs: {} })
    ).json()) as { runId: string; status: string; currentNodeId: string };
    expect(run.status).toBe('waiting-approval');
    const r = await post(B, `/runs/${projectId(run.runId)}/interrupts/${run.currentNodeId}`, {
      resumeValue: { action: 'accept' },
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { status: string }).status).toBe('completed');
    const again = await post(A, `/runs/${projectId(run.runId)}/interrupts/${run.currentNodeId}`, {
      resumeValue: { action: 'accept' },
    });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: string }).error).toBe('interrupt_not_found');
  });

  it('an SSE client on B receives every event of a run driven through A, in order, once', async () => {
    const run = (await (
      await post(A, '/runs', { workflowId: 'test-chatty', inputs: {} })
    ).json()) as {
      runId: string;
      status: string;
    };
    expect(run.status).toBe('waiting-input');
    const streamed = sseFrames(B, run.runId);
    // Let B replay what is there and start following before A moves the run on.
    await new Promise((r) => setTimeout(r, 300));
    const answered = await post(A, `/runs/${projectId(run.runId)}/interrupts/ask`, {
      resumeValue: { go: true },
    });
    expect(((await answered.json()) as { status: string }).status).toBe('completed');
    const frames = await streamed;
    const ids = frames.map((f) => Number(f['id']));
    expect(ids).toEqual(ids.map((_, i) => i));
    const events = frames.map((f) => f['event']);
    expect(events.filter((e) => e === 'log.appended')).toHaveLength(40);
    expect(events[0]).toBe('run.started');
    expect(events.at(-1)).toBe('run.completed');
    const messages = frames
      .filter((f) => f['event'] === 'log.appended')
      .map((f) => (JSON.parse(f['data']!) as { payload: { message: string } }).payload.message);
    expect(messages).toEqual([
      ...Array.from({ length: 20 }, (_, i) => `a${i}`),
      ...Array.from({ length: 20 }, (_, i) => `b${i}`),
    ]);
    // The same log as A reads it.
    expect(await sseFrames(A, run.runId)).toEqual(frames);
  });

  it('the same messageId sent to both hosts at once starts exactly one run', async () => {
    for (let i = 0; i < 5; i++) {
      const message = {
        messageId: `both-${i}-${Date.now()}`,
        role: 'ROLE_USER',
        parts: [{ text: 'once' }],
        metadata: { openwop: { skill: 'echo' } },
      };
      const [a, b] = await Promise.all([
        a2a(A, 'SendMessage', { message }),
        a2a(B, 'SendMessage', { message }),
      ]);
      expect(a.error).toBeUndefined();
      expect(b.error).toBeUndefined();
      expect(b.result.task.id).toBe(a.result.task.id);
      const list = await a2a(B, 'ListTasks', { contextId: a.result.task.contextId });
      expect(list.result.totalSize).toBe(1);
    }
  });

  it('an A2A answer to a task that asked on A lands on B and completes it', async () => {
    const asked = await a2a(A, 'SendMessage', {
      message: {
        messageId: `ask-${Date.now()}`,
        role: 'ROLE_USER',
        parts: [{ text: 'start' }],
        metadata: { openwop: { skill: 'conformance-clarification' } },
      },
    });
    expect(asked.result.task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const answered = await a2a(B, 'SendMessage', {
      message: {
        messageId: `answer-${Date.now()}`,
        role: 'ROLE_USER',
        parts: [{ text: '42' }],
        taskId: asked.result.task.id,
      },
    });
    expect(answered.error).toBeUndefined();
    expect(answered.result.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(answered.result.task.contextId).toBe(asked.result.task.contextId);
    const got = await a2a(A, 'GetTask', { id: asked.result.task.id });
    expect(got.result.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('an MCP input_required from A is completed by a retry sent to B; replayed to A it is refused', async () => {
    const call = { name: 'conformance-approval', arguments: {} };
    const first = await rawMcp(A.url, 'tools/call', call);
    expect(first.body.result).toMatchObject({ resultType: 'input_required' });
    const [key] = Object.keys(first.body.result!.inputRequests as object);
    const retry = {
      ...call,
      requestState: first.body.result!.requestState as string,
      inputResponses: { [key!]: { action: 'accept', content: {} } },
    };
    const done = await rawMcp(B.url, 'tools/call', retry);
    expect(done.body.result).toMatchObject({ resultType: 'complete', isError: false });
    const replay = await rawMcp(A.url, 'tools/call', retry);
    expect(replay.body.error).toEqual({
      code: -32602,
      message: 'invalid requestState',
      data: { reason: 'request_state_invalid' },
    });
  });

  it('rotating the shared requestState key keeps rounds in flight; two rotations retire a key', async () => {
    const call = { name: 'conformance-approval', arguments: {} };
    const firstRound = async (h: RunningHost) => {
      const r = await rawMcp(h.url, 'tools/call', call);
      expect(r.body.result).toMatchObject({ resultType: 'input_required' });
      const [key] = Object.keys(r.body.result!.inputRequests as object);
      return {
        ...call,
        requestState: r.body.result!.requestState as string,
        inputResponses: { [key!]: { action: 'accept', content: {} } },
      };
    };
    const invalid = {
      code: -32602,
      message: 'invalid requestState',
      data: { reason: 'request_state_invalid' },
    };
    const old = await firstRound(A);
    const inFlight = await firstRound(A);
    await rotateStateKey(A.host.context.state.kv);
    const done = await rawMcp(B.url, 'tools/call', inFlight);
    expect(done.body.result).toMatchObject({ resultType: 'complete', isError: false });

    await rotateStateKey(A.host.context.state.kv);
    // A host that reads the ring now knows only the last two keys.
    const C = await startHost({ store: db.url });
    try {
      expect((await rawMcp(C.url, 'tools/call', old)).body.error).toEqual(invalid);
      // A round minted with the newest key verifies on B, whose cached ring predates it.
      const fresh = await firstRound(C);
      const onB = await rawMcp(B.url, 'tools/call', fresh);
      expect(onB.body.result).toMatchObject({ resultType: 'complete', isError: false });
    } finally {
      await C.close();
    }
  });
});
