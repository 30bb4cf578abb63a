// The tasks extension with raw requests (interop.md §MCP tasks and cancellation; the map's
// `mcp.tasks` rows): CreateTaskResult, tasks/get as a pure read, tasks/update resolving each
// interrupt once, tasks/cancel, and isolation (a foreign taskId answers exactly like a fabricated one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId } from '../../runtime/ids.ts';
import type { RunningHost } from '../helpers/host.ts';
import { rawMcp, runEvents, startMcpHost, TASKS, until } from './helpers.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startMcpHost();
});
afterAll(async () => {
  await h.stop();
});

const caps = { elicitation: { form: {} }, extensions: { [TASKS]: {} } };
const t = (method: string, params: Record<string, unknown>, tenant: 'acme' | 'other' = 'acme') =>
  rawMcp(h.url, method, params, { capabilities: caps, tenant });

function runIdOf(taskId: string): string {
  return decodeURIComponent(taskId.replace(/~/g, '%'));
}

describe('tasks lifecycle', () => {
  it('a terminal-at-answer call is a plain result even with the extension declared', async () => {
    const r = await t('tools/call', { name: 'echo', arguments: { text: 'x' } });
    expect(r.body.result).toMatchObject({ resultType: 'complete', isError: false });
    expect(r.body.result).not.toHaveProperty('taskId');
  });

  it('create, get ×3 appending nothing, update twice resolving once, complete', async () => {
    const created = await t('tools/call', { name: 'conformance-approval', arguments: {} });
    const task = created.body.result!;
    expect(task).toMatchObject({
      resultType: 'task',
      status: 'input_required',
      ttlMs: expect.any(Number),
      pollIntervalMs: expect.any(Number),
    });
    expect(Object.keys(task).sort()).toEqual(
      [
        'createdAt',
        'lastUpdatedAt',
        'pollIntervalMs',
        'resultType',
        'status',
        'taskId',
        'ttlMs',
      ].sort(),
    );
    expect(task.taskId).toBe(projectId(runIdOf(task.taskId)));
    const runId = runIdOf(task.taskId);
    const before = await runEvents(h, 'acme', runId);

    let got;
    for (let i = 0; i < 3; i++) {
      got = await t('tasks/get', { taskId: task.taskId });
      expect(got.body.result).toMatchObject({
        resultType: 'complete',
        taskId: task.taskId,
        status: 'input_required',
      });
    }
    expect(await runEvents(h, 'acme', runId)).toEqual(before);
    // Keyed as tools/call keys them: by the asking node's id.
    const [key] = Object.keys(got!.body.result!.inputRequests);
    expect(key).toBe('approve');
    expect(got!.body.result!.inputRequests[key!]).toMatchObject({ method: 'elicitation/create' });
    expect(got!.body.result).not.toHaveProperty('requestState');

    const upd = {
      taskId: task.taskId,
      inputResponses: { [key!]: { action: 'accept', content: {} } },
    };
    const [u1, u2] = await Promise.all([t('tasks/update', upd), t('tasks/update', upd)]);
    expect(u1.body.result).toEqual({ resultType: 'complete' });
    expect(u2.body.result).toEqual({ resultType: 'complete' });
    const done = await until(async () => {
      const g = await t('tasks/get', { taskId: task.taskId });
      return g.body.result!.status === 'completed' ? g.body.result! : undefined;
    });
    expect(done.result).toMatchObject({ isError: false, structuredContent: { approved: true } });
    const events = await runEvents(h, 'acme', runId);
    expect(events.filter((e) => e.type === 'interrupt.resolved')).toHaveLength(1);
    // createdAt stays the run's creation; lastUpdatedAt is the run's last change (its completion).
    expect(done.createdAt).toBe(task.createdAt);
    expect(Date.parse(done.lastUpdatedAt)).toBeGreaterThanOrEqual(Date.parse(task.lastUpdatedAt));
    expect(done.lastUpdatedAt).toBe(events.find((e) => e.type === 'run.completed')!.timestamp);
  });

  it('a task that completes later inlines its CallToolResult', async () => {
    const created = await t('tools/call', {
      name: 'conformance-delay',
      arguments: { delayMs: 200 },
    });
    expect(created.body.result?.resultType).toBe('task');
    const done = await until(async () => {
      const g = await t('tasks/get', { taskId: created.body.result!.taskId });
      return g.body.result!.status === 'completed' ? g.body.result! : undefined;
    });
    expect(done.result).toMatchObject({ isError: false });
  });

  it('tasks/cancel acknowledges, cancels, and appends nothing on a terminal run', async () => {
    const created = await t('tools/call', {
      name: 'conformance-cancellable',
      arguments: { delayMs: 60_000 },
    });
    const taskId = created.body.result!.taskId as string;
    expect(created.body.result).toMatchObject({ resultType: 'task', status: 'working' });
    const ack = await t('tasks/cancel', { taskId });
    expect(ack.body.result).toEqual({ resultType: 'complete' });
    const g = await t('tasks/get', { taskId });
    expect(g.body.result).toMatchObject({ status: 'cancelled' });
    const runId = runIdOf(taskId);
    const before = await runEvents(h, 'acme', runId);
    expect(before.filter((e) => e.type === 'run.cancelled')).toHaveLength(1);
    const again = await t('tasks/cancel', { taskId });
    expect(again.body.result).toEqual({ resultType: 'complete' });
    expect(await runEvents(h, 'acme', runId)).toEqual(before);
  });
});

describe('isolation', () => {
  it("another tenant's taskId is answered exactly like a fabricated one", async () => {
    const created = await t('tools/call', { name: 'conformance-approval', arguments: {} });
    const taskId = created.body.result!.taskId as string;
    const fabricated = projectId(`acme/${'A'.repeat(22)}`);
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const foreign = await t(method, { taskId, inputResponses: {} }, 'other');
      const unknown = await t(method, { taskId: fabricated, inputResponses: {} }, 'other');
      const garbage = await t(method, { taskId: 'not-a-task', inputResponses: {} }, 'other');
      expect(foreign.status).toBe(200);
      expect(foreign.body.error).toEqual({ code: -32602, message: 'Task not found' });
      expect(unknown.body.error).toEqual(foreign.body.error);
      expect(garbage.body.error).toEqual(foreign.body.error);
    }
    // The owner still sees it untouched.
    const mine = await t('tasks/get', { taskId });
    expect(mine.body.result).toMatchObject({ status: 'input_required' });
  });
});
