import { afterEach, describe, expect, it } from 'vitest';
import { isTerminalRunStatus } from '../../generated/run-status.ts';
import { referencePack } from '../../runtime/core/reference/index.ts';
import { fixture, subject, types, type Fixture } from './helpers.ts';

let f: Fixture | undefined;
afterEach(async () => {
  await f?.cleanup();
  f = undefined;
});
const alice = subject('acme', 'alice');
const terminal = (r: { status: Parameters<typeof isTerminalRunStatus>[0] }) =>
  isTerminalRunStatus(r.status);

describe('reference workflow pack', () => {
  it('ships the conformance fixture ids', () => {
    expect(
      referencePack()
        .list()
        .map((w) => w.id),
    ).toEqual([
      'conformance-approval-approvers',
      'conformance-approval',
      'conformance-cancellable',
      'conformance-clarification-nested',
      'conformance-clarification-sensitive',
      'conformance-clarification',
      'conformance-credential',
      'conformance-delay',
      'conformance-failure',
      'conformance-noop',
      'conversation-loop',
      'echo',
    ]);
  });

  it('echo completes at once with its text', async () => {
    f = await fixture();
    const { run, created } = await f.core.createRun(alice, {
      workflowId: 'echo',
      inputs: { text: 'hi' },
      transport: 'rest',
    });
    expect(created).toBe(true);
    expect(run).toMatchObject({
      status: 'completed',
      outputs: { text: 'hi' },
      workflowId: 'echo',
      eventLogSchemaVersion: 3,
    });
    expect(run.owner).toEqual({ tenant: 'acme', subject: alice });
    const events = await f.core.readEvents(alice, run.runId, -1, 100);
    expect(types(events!)).toEqual(['run.started', 'run.completed']);
    expect(events!.map((e) => e.sequence)).toEqual([0, 1]);
    expect(events![0]!.payload).toEqual({
      workflowId: 'echo',
      inputs: { text: 'hi' },
      transport: 'rest',
      trustBoundary: 'untrusted',
    });
  });

  it('refuses unknown workflows and invalid inputs', async () => {
    f = await fixture();
    await expect(
      f.core.createRun(alice, { workflowId: 'nope', inputs: {}, transport: 'rest' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      f.core.createRun(alice, { workflowId: 'echo', inputs: {}, transport: 'rest' }),
    ).rejects.toMatchObject({
      code: 'validation_error',
      details: { issues: [expect.objectContaining({ message: expect.stringContaining('text') })] },
    });
    expect((await f.core.listRuns(alice)).runs).toHaveLength(0);
  });

  it.each([
    ['conformance-noop', {}, 'completed', ['run.started', 'run.completed']],
    ['conformance-failure', {}, 'failed', ['run.started', 'run.failed']],
    ['conformance-delay', { delayMs: 5000 }, 'running', ['run.started']],
    ['conformance-cancellable', { delayMs: 60_000 }, 'running', ['run.started']],
    [
      'conformance-approval',
      {},
      'waiting-approval',
      ['run.started', 'node.suspended', 'interrupt.requested'],
    ],
    [
      'conformance-approval-approvers',
      {},
      'waiting-approval',
      ['run.started', 'node.suspended', 'interrupt.requested'],
    ],
    [
      'conformance-clarification',
      {},
      'waiting-input',
      ['run.started', 'node.suspended', 'interrupt.requested'],
    ],
    [
      'conformance-clarification-nested',
      {},
      'waiting-input',
      ['run.started', 'node.suspended', 'interrupt.requested'],
    ],
    [
      'conformance-clarification-sensitive',
      {},
      'waiting-input',
      ['run.started', 'node.suspended', 'interrupt.requested'],
    ],
    [
      'conformance-credential',
      {},
      'waiting-input',
      ['run.started', 'node.suspended', 'interrupt.requested'],
    ],
  ])('%s starts in %s', async (workflowId, inputs, status, eventTypes) => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, { workflowId, inputs, transport: 'mcp' });
    expect(run.status).toBe(status);
    expect(types((await f.core.readEvents(alice, run.runId, -1, 100))!)).toEqual(eventTypes);
  });

  it('conformance-failure records its error', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-failure',
      inputs: {},
      transport: 'rest',
    });
    expect(run.error).toEqual({
      code: 'conformance_failure',
      message: 'conformance-failure always fails',
    });
    const [, failed] = (await f.core.readEvents(alice, run.runId, -1, 10))!;
    expect(failed!.payload).toMatchObject({ error: run.error, failedNodeId: 'boom' });
  });

  it('conformance-delay completes after its delay', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-delay',
      inputs: { delayMs: 30 },
      transport: 'rest',
    });
    const done = await f.core.waitFor(alice, run.runId, terminal, { timeoutMs: 5000 });
    expect(done).toMatchObject({ status: 'completed', outputs: { delayMs: 30 } });
    expect(types((await f.core.readEvents(alice, run.runId, -1, 10))!)).toEqual([
      'run.started',
      'node.completed',
      'run.completed',
    ]);
    expect((await f.core.readEvents(alice, run.runId, -1, 10))![1]!.payload).toEqual({
      nodeId: 'sleep',
    });
  });

  it('interrupt events carry kind, schema, approvers, connectUrl and the credential asked for', async () => {
    f = await fixture();
    const cred = (
      await f.core.createRun(alice, {
        workflowId: 'conformance-credential',
        inputs: {},
        transport: 'a2a',
      })
    ).run;
    const [, suspended, requested] = (await f.core.readEvents(alice, cred.runId, -1, 10))!;
    const [open] = (await f.core.openInterrupts(alice, cred.runId))!;
    expect(cred.currentNodeId).toBe('connect');
    expect(suspended!.payload).toEqual({
      nodeId: 'connect',
      interruptId: open!.interruptId,
      kind: 'credential',
    });
    expect(requested!.payload).toEqual({
      interruptId: open!.interruptId,
      nodeId: 'connect',
      kind: 'credential',
      connectUrl: 'https://example.com/connect/conformance',
      provider: 'conformance',
      scopes: ['profile'],
      reason: 'missing',
    });
    // The port's interrupt names the same (upstream CredentialData: never material).
    expect(open).toMatchObject({
      kind: 'credential',
      connectUrl: 'https://example.com/connect/conformance',
      provider: 'conformance',
      scopes: ['profile'],
      reason: 'missing',
    });
    expect(open!.interruptId.startsWith('acme/')).toBe(true);

    const appr = (
      await f.core.createRun(alice, {
        workflowId: 'conformance-approval-approvers',
        inputs: { approvers: ['bob', 'carol'] },
        transport: 'rest',
      })
    ).run;
    const [, , req2] = (await f.core.readEvents(alice, appr.runId, -1, 10))!;
    expect(req2!.payload).toMatchObject({ kind: 'approval', approvers: ['bob', 'carol'] });

    const fixed = (
      await f.core.createRun(alice, {
        workflowId: 'conformance-approval-approvers',
        inputs: {},
        transport: 'rest',
      })
    ).run;
    expect((await f.core.openInterrupts(alice, fixed.runId))![0]!.approvers).toEqual([
      'conformance-approver',
    ]);

    const clar = (
      await f.core.createRun(alice, {
        workflowId: 'conformance-clarification',
        inputs: {},
        transport: 'mcp',
      })
    ).run;
    const [, , req3] = (await f.core.readEvents(alice, clar.runId, -1, 10))!;
    expect(req3!.payload).toMatchObject({
      kind: 'clarification',
      schema: { required: ['answer'] },
    });
  });
});
