// emitA2aDispatch: case selection from the map's `when` statuses, the `requires` refusals and an
// exhaustive dispatcher that calls each case's handler member, run as emitted.
import { describe, expect, it } from 'vitest';
import { emitA2aDispatch } from '../../../generator/emit/a2a-dispatch.ts';
import { bundledModel, importLines, runEmitted } from './fixture.ts';

type Dispatch = (method: string, raw: unknown, ctx: unknown) => Promise<unknown>;
interface Module {
  a2aCaseMethods: string[];
  selectA2aCase(method: string, status: string | null): string | null;
  a2aRefusalFor(method: string, requirement: string): { error: string; message: string };
  createA2aDispatch(handlers: object, hooks: object): Dispatch;
}

/**
 * Handlers that answer with their own member name (and the target they were handed, if any), and
 * hooks naming a task in a fixed status (none when null).
 */
function harness(model = bundledModel(), status: string | null = null, advertised = true) {
  const answer = (member: string, target?: unknown) =>
    target === undefined ? member : `${member} for ${String(target)}`;
  const handlers = Object.fromEntries(
    model.a2a.operations.map((o) => [
      o.member,
      o.streaming
        ? async function* (_p: unknown, _c: unknown, target?: unknown) {
            yield answer(o.member, target);
          }
        : async (_p: unknown, _c: unknown, target?: unknown) => answer(o.member, target),
    ]),
  );
  const methods = [...new Set(model.a2a.operations.map((o) => o.method))];
  const hooks = {
    params: Object.fromEntries(methods.map((m) => [m, (raw: unknown) => raw])),
    task: Object.fromEntries(
      methods.map((m) => [
        m,
        async () => (status === null ? null : { status, target: `the ${status} task` }),
      ]),
    ),
    advertises: () => advertised,
    refuse: (r: { error: string; message: string }) => Object.assign(new Error(r.message), r),
  };
  const mod = runEmitted(emitA2aDispatch(model)) as unknown as Module;
  return { mod, dispatch: mod.createA2aDispatch(handlers, hooks) };
}

describe('emitA2aDispatch', () => {
  it('imports only types, from the run-status, errors and operations modules', () => {
    const file = emitA2aDispatch(bundledModel());
    expect(file.path).toBe('a2a/dispatch.ts');
    expect(importLines(file)).toEqual([
      "import type { RunStatus } from '../run-status.js';",
      "import type { A2aErrorName } from './errors.js';",
      "import type { A2aHandlers, A2aIo, A2aMethod } from './operations.js';",
    ]);
    expect(file.body).toContain('export type A2aCase = "sendMessage.start" | ');
  });

  it('selects the SendMessage case from the run status of the named task', () => {
    const { mod } = harness();
    expect(mod.a2aCaseMethods).toEqual(['SendMessage', 'SendStreamingMessage']);
    expect(mod.selectA2aCase('SendMessage', null)).toBe('sendMessage.start');
    expect(mod.selectA2aCase('SendMessage', 'waiting-input')).toBe('sendMessage.resume');
    expect(mod.selectA2aCase('SendMessage', 'running')).toBe('sendMessage.refuseActive');
    expect(mod.selectA2aCase('SendMessage', 'completed')).toBe('sendMessage.refuseTerminal');
    expect(mod.selectA2aCase('SendStreamingMessage', 'cancelled')).toBe(
      'sendStreamingMessage.refuseTerminal',
    );
  });

  it('dispatches each case to its own member, unary as a result and streaming as events', async () => {
    const resumed = harness(bundledModel(), 'waiting-approval').dispatch;
    // A case selected by the named task's status is handed that task; the start case none.
    expect(await resumed('SendMessage', {}, {})).toEqual({
      streaming: false,
      result: 'sendMessageResume for the waiting-approval task',
    });
    const fresh = harness().dispatch;
    expect(await fresh('GetTask', {}, {})).toEqual({ streaming: false, result: 'getTask' });
    const answer = (await fresh('SendStreamingMessage', {}, {})) as {
      streaming: true;
      events: AsyncIterable<string>;
    };
    expect(answer.streaming).toBe(true);
    const events: string[] = [];
    for await (const e of answer.events) events.push(e);
    expect(events).toEqual(['sendStreamingMessageStart']);
  });

  it('refuses a row whose `requires` is not advertised, before calling any member', async () => {
    const model = bundledModel();
    const gated = model.a2a.operations.find((o) => o.requires.length > 0)!;
    const { dispatch, mod } = harness(model, null, false);
    await expect(dispatch(gated.method, {}, {})).rejects.toMatchObject(
      mod.a2aRefusalFor(gated.method, gated.requires[0]!),
    );
    expect(mod.a2aRefusalFor('X', 'a2a.unknown')).toEqual({
      error: 'UnsupportedOperationError',
      message: 'X needs a2a.unknown, which this host does not advertise',
    });
  });

  it('refuses a request no case serves (a `when` gap) instead of routing it to a neighbour', async () => {
    const model = bundledModel();
    // Drop the resume case: a task waiting for input is then served by no row.
    model.a2a.operations = model.a2a.operations.filter((o) => o.caseId !== 'sendMessage.resume');
    const file = emitA2aDispatch(model);
    expect(file.body).toContain('case null:');
    const { dispatch, mod } = harness(model, 'waiting-input');
    expect(mod.selectA2aCase('SendMessage', 'waiting-input')).toBeNull();
    await expect(dispatch('SendMessage', {}, {})).rejects.toMatchObject({
      error: 'UnsupportedOperationError',
      message: 'no SendMessage case serves this request',
    });
  });
});
