// The reference engine's log, client-request and all nodes: what they append to the run's log,
// what they store, and when the run moves on (runtime/core/reference/engine/engine.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { isTerminalRunStatus } from '../../generated/run-status.ts';
import { parseDefinition } from '../../runtime/core/reference/engine/definition.ts';
import { createRegistry } from '../../runtime/core/reference/workflows/index.ts';
import { createRunCore } from '../../runtime/core/reference/index.ts';
import { isCoreError } from '../../runtime/ports/errors.ts';
import { faultyStore, writesLogLine } from '../helpers/faulty-store.ts';
import { DECIDED, fixture, subject, types, type Fixture } from './helpers.ts';

const alice = subject('acme', 'alice');
const terminal = (r: { status: Parameters<typeof isTerminalRunStatus>[0] }) =>
  isTerminalRunStatus(r.status);

const defs = [
  {
    id: 'logs',
    description: 'Logs twice and completes.',
    inputSchema: { type: 'object' },
    nodes: [
      { id: 'hello', kind: 'log', level: 'info', message: 'hello {{inputs.who}}' },
      { id: 'careful', kind: 'log', level: 'warn', message: 'careful' },
      { id: 'done', kind: 'complete', output: { text: 'ok' } },
    ],
  },
  {
    id: 'asks-all',
    description: 'Asks a person, a model and the roots at once.',
    inputSchema: { type: 'object' },
    nodes: [
      {
        id: 'ask',
        kind: 'all',
        nodes: [
          {
            id: 'name',
            kind: 'input',
            schema: { type: 'object', properties: { name: { type: 'string' } } },
          },
          {
            id: 'greeting',
            kind: 'client-request',
            method: 'sampling/createMessage',
            params: { messages: [], maxTokens: 5, note: '{{inputs.note}}' },
          },
          { id: 'roots', kind: 'client-request', method: 'roots/list' },
        ],
      },
      {
        id: 'done',
        kind: 'complete',
        output: { name: '{{vars.name.name}}', said: '{{vars.greeting.content.text}}' },
      },
    ],
  },
].map((d) => parseDefinition(d, d.id));

let f: Fixture | undefined;
afterEach(async () => {
  await f?.cleanup();
  f = undefined;
});

describe('engine nodes', () => {
  it('a log node appends log.appended with its rendered line and moves on', async () => {
    f = await fixture(createRegistry(defs));
    const { run } = await f.core.createRun(alice, {
      workflowId: 'logs',
      inputs: { who: 'ann' },
      transport: 'rest',
    });
    await f.core.waitFor(alice, run.runId, terminal, { timeoutMs: 5000 });
    const events = (await f.core.readEvents(alice, run.runId, -1, 10))!;
    expect(types(events)).toEqual(['run.started', 'log.appended', 'log.appended', 'run.completed']);
    expect(events.slice(1, 3).map((e) => e.payload)).toEqual([
      { level: 'info', message: 'hello ann', nodeId: 'hello' },
      { level: 'warn', message: 'careful', nodeId: 'careful' },
    ]);
  });

  it('an all node opens one interrupt per child and moves on only after the last answer', async () => {
    f = await fixture(createRegistry(defs));
    const { run } = await f.core.createRun(alice, {
      workflowId: 'asks-all',
      inputs: { note: 'n1' },
      transport: 'rest',
    });
    const waiting = await f.core.waitFor(alice, run.runId, (r) => r.status === 'waiting-input', {
      timeoutMs: 5000,
    });
    expect(waiting).toMatchObject({ status: 'waiting-input', currentNodeId: 'ask' });
    const open = (await f.core.openInterrupts(alice, run.runId))!;
    expect(open.map((i) => [i.nodeId, i.kind])).toEqual([
      ['name', 'input'],
      ['greeting', 'custom'],
      ['roots', 'custom'],
    ]);
    // The port says it in its own words; the run log keeps the client request's method.
    expect(open[1]!.clientAsk).toEqual({
      kind: 'sampling',
      params: { messages: [], maxTokens: 5, note: 'n1' },
    });
    expect(open[2]!.clientAsk).toEqual({ kind: 'roots', params: {} });
    const requested = (await f.core.readEvents(alice, run.runId, -1, 20))!.flatMap((e) =>
      e.type === 'interrupt.requested' ? [e.payload.clientRequest ?? null] : [],
    );
    expect(requested).toEqual([
      null,
      { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5, note: 'n1' } },
      { method: 'roots/list', params: {} },
    ]);

    // A client result that is not a CreateMessageResult is refused and changes nothing.
    const bad = await f.core
      .resolveInterrupt(alice, run.runId, open[1]!.interruptId, {
        action: 'accept',
        value: { text: 'hi' },
      })
      .catch((e: unknown) => e);
    expect(isCoreError(bad, 'validation_error')).toBe(true);

    await f.core.resolveInterrupt(alice, run.runId, open[0]!.interruptId, {
      action: 'accept',
      value: { name: 'Ann' },
    });
    await f.core.resolveInterrupt(alice, run.runId, open[1]!.interruptId, {
      action: 'accept',
      value: { role: 'assistant', content: { type: 'text', text: 'hey' }, model: 'm' },
    });
    expect((await f.core.getRun(alice, run.runId))!.status).toBe('waiting-input');
    expect((await f.core.openInterrupts(alice, run.runId))!.map((i) => i.nodeId)).toEqual([
      'roots',
    ]);
    await f.core.resolveInterrupt(alice, run.runId, open[2]!.interruptId, {
      action: 'accept',
      value: { roots: [{ uri: 'file:///r' }] },
    });
    const done = await f.core.waitFor(alice, run.runId, terminal, { timeoutMs: 5000 });
    expect(done).toMatchObject({ status: 'completed', outputs: { name: 'Ann', said: 'hey' } });
  });

  it('declining one child of an all node fails the run and closes the others', async () => {
    f = await fixture(createRegistry(defs));
    const { run } = await f.core.createRun(alice, {
      workflowId: 'asks-all',
      inputs: {},
      transport: 'rest',
    });
    await f.core.waitFor(alice, run.runId, (r) => r.status === 'waiting-input', {
      timeoutMs: 5000,
    });
    const open = (await f.core.openInterrupts(alice, run.runId))!;
    const after = await f.core.resolveInterrupt(alice, run.runId, open[2]!.interruptId, {
      action: 'decline',
    });
    expect(after).toMatchObject({ status: 'failed', error: { code: 'interrupt_declined' } });
    expect(await f.core.openInterrupts(alice, run.runId)).toEqual([]);
  });

  it('refuses a definition whose child ids repeat a node id', () => {
    expect(() =>
      parseDefinition(
        {
          id: 'dup',
          description: 'x',
          inputSchema: { type: 'object' },
          nodes: [
            {
              id: 'a',
              kind: 'all',
              nodes: [{ id: 'a', kind: 'client-request', method: 'roots/list' }],
            },
          ],
        },
        'dup.json',
      ),
    ).toThrow('dup.json: duplicate node id a');
  });

  it('a step the host cannot carry out fails the run with internal_error, not a stuck run', async () => {
    // A store that refuses exactly one kind of write: the log line of the `logs` workflow.
    const fault = faultyStore(writesLogLine);
    const reported: unknown[] = [];
    const core = await createRunCore({
      runs: fault.runs,
      feed: fault.feed,
      workflows: createRegistry(defs),
      onError: (err) => reported.push(err),
    });
    try {
      const { run } = await core.createRun(alice, {
        workflowId: 'logs',
        inputs: {},
        transport: 'rest',
      });
      expect(run).toMatchObject({
        status: 'failed',
        error: { code: 'internal_error', message: 'the host could not carry out step hello' },
      });
      const events = (await core.readEvents(alice, run.runId, -1, 10))!;
      expect(types(events)).toEqual(['run.started', 'run.failed']);
      expect(events[1]!.payload).toMatchObject({ failedNodeId: 'hello' });
      // The cause reaches the host's log, not the run.
      expect(reported.map((e) => (e as Error).message)).toEqual(['disk I/O error']);
      expect(JSON.stringify(events)).not.toContain('disk I/O');
    } finally {
      await core.close();
      await fault.remove();
    }
  });

  it('the exchange’s records still reach the log when the insert falls back to a commit per step', async () => {
    // The folded insert is refused (its log line), so the run is inserted alone and stepped one
    // commit at a time (first-turn.ts insertUnfolded); CreateRunRequest.events follow its steps.
    const fault = faultyStore(writesLogLine);
    const core = await createRunCore({
      runs: fault.runs,
      feed: fault.feed,
      workflows: createRegistry(defs),
      onError: () => undefined,
    });
    try {
      const out = await core.createRun(alice, {
        workflowId: 'logs',
        inputs: {},
        transport: 'rest',
        events: [{ type: 'negotiation.decided', payload: DECIDED }],
      });
      expect(out.created).toBe(true);
      expect(out.view).toBeUndefined();
      expect(out.run.status).toBe('failed');
      const events = (await core.readEvents(alice, out.run.runId, -1, 10))!;
      expect(types(events)).toEqual(['run.started', 'run.failed', 'negotiation.decided']);
      expect(events[2]!.payload).toStrictEqual(DECIDED);
      expect(await core.getRun(alice, out.run.runId)).toStrictEqual(out.run);
    } finally {
      await core.close();
      await fault.remove();
    }
  });
});
