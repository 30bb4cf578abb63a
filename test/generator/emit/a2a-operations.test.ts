// emitA2aOperations: the method list, one table entry and one handler member per map row, and the
// wire params/results per method imported from the A2A wire types.
import { describe, expect, it } from 'vitest';
import { emitA2aOperations } from '../../../generator/emit/a2a-operations.ts';
import { bundledModel, importLines, runEmitted } from './fixture.ts';

interface Module {
  a2aMethods: string[];
  a2aOperations: {
    key: string;
    case: string;
    method: string;
    requires: string[];
    streaming: boolean;
    source: string;
  }[];
  isA2aMethod(m: string): boolean;
  a2aOperationsFor(m: string): { key: string }[];
}

describe('emitA2aOperations', () => {
  const model = bundledModel();
  const file = emitA2aOperations(model);
  const mod = runEmitted(file) as unknown as Module;

  it('imports RunStatus and exactly the wire types its Io interface names', () => {
    const [runStatus, wire, ...rest] = importLines(file);
    expect(runStatus).toBe("import type { RunStatus } from '../run-status.js';");
    expect(rest).toEqual([]);
    const named = wire!.match(/^import type \{ (.+) \} from '\.\.\/types\/a2a-wire\.js';$/)![1]!;
    const io = file.body.slice(file.body.indexOf('export interface A2aWireIo'));
    for (const name of named.split(', ')) expect(io).toMatch(new RegExp(`\\b${name}\\b`));
    expect(named.split(', ')).toEqual([...named.split(', ')].sort());
  });

  it('lists the methods sorted, and one entry per row in map order', () => {
    const methods = [...new Set(model.a2a.operations.map((o) => o.method))].sort();
    expect(mod.a2aMethods).toEqual(methods);
    expect(mod.isA2aMethod('SendMessage')).toBe(true);
    expect(mod.isA2aMethod('message/send')).toBe(false);
    expect(mod.a2aOperations.map((o) => o.key)).toEqual(model.a2a.operations.map((o) => o.member));
    expect(mod.a2aOperationsFor('SendMessage').map((o) => o.key)).toEqual([
      'sendMessageStart',
      'sendMessageResume',
      'sendMessageRefuseActive',
      'sendMessageRefuseTerminal',
    ]);
    expect(mod.a2aOperations.find((o) => o.key === 'sendStreamingMessageStart')).toMatchObject({
      case: 'sendStreamingMessage.start',
      method: 'SendStreamingMessage',
      requires: ['a2a.streaming'],
      streaming: true,
      source: 'spec/interop-map.json#/a2a/operations/4',
    });
  });

  it('declares one handler member per row: streaming rows return an AsyncIterable', () => {
    const handlers = file.body.slice(file.body.indexOf('export interface A2aHandlers'));
    expect(handlers).toMatch(
      /^export interface A2aHandlers<Ctx, Io extends A2aIo, Target = unknown> \{/,
    );
    for (const o of model.a2a.operations) {
      const ret = o.streaming
        ? `AsyncIterable<Io["${o.method}"]['event']>`
        : `Promise<Io["${o.method}"]['result']>`;
      // A case selected by the named task's status is handed that task as its third argument.
      const target = o.caseStatuses === null ? '' : ', target: Target';
      expect(handlers).toContain(
        `  ${o.member}(params: Io["${o.method}"]['params'], ctx: Ctx${target}): ${ret};`,
      );
    }
    expect(handlers).toContain(
      `  sendMessageResume(params: Io["SendMessage"]['params'], ctx: Ctx, target: Target): Promise<Io["SendMessage"]['result']>;`,
    );
  });

  it('types each member for a runtime: method, streaming, target, params and answer', () => {
    const types = file.body.slice(file.body.indexOf('export interface A2aOperationTypes'));
    expect(types).toMatch(/^export interface A2aOperationTypes<Io extends A2aIo = A2aWireIo> \{/);
    expect(types).toContain(
      `  sendMessageResume: { method: "SendMessage"; streaming: false; target: true; params: Io["SendMessage"]['params']; answer: Io["SendMessage"]['result'] };`,
    );
    expect(types).toContain(
      `  subscribeToTask: { method: "SubscribeToTask"; streaming: true; target: false; params: Io["SubscribeToTask"]['params']; answer: Io["SubscribeToTask"]['event'] };`,
    );
  });

  it('types a streaming method as events only, and a method without wire types as unknown', () => {
    const m = bundledModel();
    m.a2a.wire!.types['GetTask'] = { params: null, result: null, event: null };
    const body = emitA2aOperations(m).body;
    expect(body).toContain('  GetTask: { params: unknown; result: unknown };');
    expect(body).toMatch(/  SendStreamingMessage: \{ params: \w+; result: never; event: \w+ \};/);
  });

  it('imports no wire types when the model has no wire schema', () => {
    const m = bundledModel();
    m.a2a.wire = null;
    const f = emitA2aOperations(m);
    expect(importLines(f)).toEqual(["import type { RunStatus } from '../run-status.js';"]);
    expect(f.body).not.toContain('A2aWireIo');
  });
});
