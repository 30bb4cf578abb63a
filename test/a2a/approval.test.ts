// Approval gates answered over A2A in the spec's vocabulary (interrupt.md §Approval): accept,
// reject, refine (with refineFeedback), edit-accept (with editedArtifactData) and ask, enforced
// against the gate's `actions`; `timeout` is never taken from a client. A spec-following client
// sends `{action: "accept"}` in a DataPart and in `metadata.openwop.interrupt`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subject } from '../../runtime/ports/auth.ts';
import { expectA2aError, rpcClient, taskOf, type WireTask } from '../helpers/a2a-rpc.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
let acme: Subject;
let c: ReturnType<typeof rpcClient>;

beforeAll(async () => {
  h = await startHost();
  acme = (await h.host.keys.verifyKey(h.key))!;
  c = rpcClient(h);
});

afterAll(async () => {
  await h.close();
});

const ALL = ['accept', 'reject', 'refine', 'edit-accept', 'ask'];

async function openGate(skill = 'conformance-approval', data: Record<string, unknown> = {}) {
  const parts = [{ data }];
  const r = await c.rpc('SendMessage', {
    message: c.message(parts, { metadata: { openwop: { skill } } }),
  });
  const task = taskOf(r);
  expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
  return task;
}

/** Answers the gate of `task` with `answer` in the DataPart and in metadata, as the suite does. */
function answer(task: WireTask, answer: Record<string, unknown>, parts?: unknown[]) {
  return c.rpc('SendMessage', {
    message: c.message(parts ?? [{ data: answer }], {
      taskId: task.id,
      metadata: { openwop: { interrupt: answer } },
    }),
  });
}

async function resolved(runId: string) {
  const events = (await h.host.context.core.readEvents(acme, runId, -1, 1000))!;
  return events.filter((e) => e.type === 'interrupt.resolved').map((e) => e.payload);
}

describe('approval answers over A2A', () => {
  it('names the gate’s actions in the status message and the interrupt metadata', async () => {
    const task = await openGate();
    const parts = task.status.message!.parts;
    expect(parts[0]).toEqual({
      text: `approval required: answer with metadata.openwop.interrupt.action ${ALL.join('|')}`,
    });
    expect(task.metadata!.openwop!.interrupt!['actions']).toEqual(ALL);
    expect((parts[1]!['data'] as Record<string, unknown>)['actions']).toEqual(ALL);
  });

  it('accept (DataPart and metadata) completes the task', async () => {
    const task = await openGate();
    const done = taskOf(await answer(task, { action: 'accept' }));
    expect(done.status.state).toBe('TASK_STATE_COMPLETED');
    expect(await resolved(task.id)).toEqual([
      expect.objectContaining({ action: 'accept', decision: 'granted' }),
    ]);
  });

  it('accept in metadata alone, or in a DataPart alone, completes the task', async () => {
    const a = await openGate();
    const viaMeta = await answer(a, { action: 'accept' }, [{ text: 'looks good' }]);
    expect(taskOf(viaMeta).status.state).toBe('TASK_STATE_COMPLETED');
    const b = await openGate();
    const viaData = await c.rpc('SendMessage', {
      message: c.message([{ data: { action: 'accept' } }], { taskId: b.id }),
    });
    expect(taskOf(viaData).status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('reject fails the task with approval_rejected', async () => {
    const task = await openGate();
    const failed = taskOf(await answer(task, { action: 'reject', feedback: 'no' }));
    expect(failed.status.state).toBe('TASK_STATE_FAILED');
    expect(failed.status.message!.parts).toEqual([{ text: 'approval approve was rejected' }]);
    expect(await resolved(task.id)).toEqual([
      expect.objectContaining({ action: 'reject', decision: 'rejected' }),
    ]);
  });

  it('refine with refineFeedback asks again with a fresh interrupt', async () => {
    const task = await openGate();
    const first = task.metadata!.openwop!.interrupt!['interruptId'];
    const refineFeedback = { scope: 'section', sectionPath: '$.title', text: 'shorter' };
    const again = taskOf(await answer(task, { action: 'refine', refineFeedback }));
    expect(again.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const second = again.metadata!.openwop!.interrupt!['interruptId'];
    expect(second).not.toBe(first);
    expect(await resolved(task.id)).toEqual([
      expect.objectContaining({ interruptId: first, action: 'refine', refineFeedback }),
    ]);
    // The new gate is answered like the first.
    expect(taskOf(await answer(again, { action: 'accept' })).status.state).toBe(
      'TASK_STATE_COMPLETED',
    );
  });

  it('refine without refineFeedback, or with a malformed one, is -32602 and changes nothing', async () => {
    const task = await openGate();
    const before = await resolved(task.id);
    for (const bad of [
      { action: 'refine' },
      { action: 'refine', refineFeedback: { scope: 'everything' } },
      { action: 'refine', refineFeedback: { scope: 'whole', extra: 1 } },
    ]) {
      const err = expectA2aError(await answer(task, bad), -32602, 'INVALID_PARAMS');
      expect(err.message).toContain('refine requires refineFeedback');
    }
    expect(await resolved(task.id)).toEqual(before);
  });

  it('edit-accept with editedArtifactData grants the gate and records the edit', async () => {
    const task = await openGate();
    const editedArtifactData = { title: 'edited' };
    const done = taskOf(await answer(task, { action: 'edit-accept', editedArtifactData }));
    expect(done.status.state).toBe('TASK_STATE_COMPLETED');
    expect(await resolved(task.id)).toEqual([
      expect.objectContaining({ action: 'edit-accept', decision: 'granted', editedArtifactData }),
    ]);
    const without = await openGate();
    const err = expectA2aError(
      await answer(without, { action: 'edit-accept' }),
      -32602,
      'INVALID_PARAMS',
    );
    expect(err.message).toContain('edit-accept requires editedArtifactData');
  });

  it('ask leaves the gate open and keeps the question in the history', async () => {
    const task = await openGate();
    const first = task.metadata!.openwop!.interrupt!['interruptId'];
    const r = await c.rpc('SendMessage', {
      message: c.message([{ text: 'what does this change?' }], {
        taskId: task.id,
        metadata: { openwop: { interrupt: { action: 'ask' } } },
      }),
    });
    const after = taskOf(r);
    expect(after.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(after.metadata!.openwop!.interrupt!['interruptId']).toBe(first);
    expect(after.history!.at(-1)!['parts']).toEqual([{ text: 'what does this change?' }]);
    expect(await resolved(task.id)).toEqual([]);
    const events = (await h.host.context.core.readEvents(acme, task.id, -1, 1000))!;
    expect(events.find((e) => e.type === 'log.appended')).toMatchObject({
      type: 'log.appended',
      payload: { level: 'info', message: 'what does this change?', nodeId: 'approve' },
    });
  });

  it('an action the gate does not allow is -32602 naming the allowed ones', async () => {
    const task = await openGate('conformance-approval-approvers', {
      approvers: [acme.subjectId],
    });
    expect(task.status.message!.parts[0]).toEqual({
      text: 'approval required: answer with metadata.openwop.interrupt.action accept|reject',
    });
    const err = expectA2aError(
      await answer(task, { action: 'refine', refineFeedback: { scope: 'whole' } }),
      -32602,
      'INVALID_PARAMS',
    );
    expect(err.message).toBe(
      'metadata.openwop.interrupt: action refine is not allowed by this gate; this approval accepts action accept|reject',
    );
    expect(await resolved(task.id)).toEqual([]);
    expect(taskOf(await answer(task, { action: 'accept' })).status.state).toBe(
      'TASK_STATE_COMPLETED',
    );
  });

  it('timeout from a client is refused -32602 and the gate stays open', async () => {
    const task = await openGate();
    const err = expectA2aError(await answer(task, { action: 'timeout' }), -32602, 'INVALID_PARAMS');
    expect(err.message).toContain('timeout is recorded by the host, never sent as an answer');
    const get = taskOf(await c.rpc('GetTask', { id: task.id }));
    expect(get.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(await resolved(task.id)).toEqual([]);
  });
});

describe('approval answers over REST', () => {
  async function restGate() {
    const r = await h.call('acme', '/runs', {
      method: 'POST',
      body: JSON.stringify({ workflowId: 'conformance-approval', inputs: {} }),
    });
    return (await r.json()) as { runId: string; currentNodeId: string };
  }
  const resolve = (run: { runId: string; currentNodeId: string }, resumeValue: unknown) =>
    h.call('acme', `/runs/${encodeURIComponent(run.runId)}/interrupts/${run.currentNodeId}`, {
      method: 'POST',
      body: JSON.stringify({ resumeValue }),
    });

  it('accept, edit-accept and reject apply; timeout and unknown actions are 400', async () => {
    for (const [resumeValue, status] of [
      [{ action: 'timeout' }, 'waiting-approval'],
      [{ action: 'approved' }, 'waiting-approval'],
      [{ action: 'refine' }, 'waiting-approval'],
    ] as const) {
      const run = await restGate();
      const r = await resolve(run, resumeValue);
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: string }).error).toBe('validation_error');
      const snap = (await (
        await h.call('acme', `/runs/${encodeURIComponent(run.runId)}`)
      ).json()) as { status: string };
      expect(snap.status).toBe(status);
    }
    for (const [resumeValue, status] of [
      [{ action: 'accept' }, 'completed'],
      [{ action: 'edit-accept', editedArtifactData: [1, 2] }, 'completed'],
      [{ action: 'reject' }, 'failed'],
    ] as const) {
      const r = await resolve(await restGate(), resumeValue);
      expect(r.status).toBe(200);
      expect(((await r.json()) as { status: string }).status).toBe(status);
    }
  });
});
