// emitMcpDispatch: rule rows refused as -32601 with the map's reason, and a dispatcher that gates,
// checks params and calls each method's member, run as emitted.
import { describe, expect, it } from 'vitest';
import { emitMcpDispatch } from '../../../generator/emit/mcp-dispatch.ts';
import { bundledModel, importLines, runEmitted } from './fixture.ts';

interface Module {
  mcpRefusedMethods: Record<string, { message: string; source: string }>;
  mcpMethodNotFound(method: string): string;
  createMcpDispatch(
    handlers: object,
    hooks: object,
  ): (method: string, raw: object, ctx: unknown) => Promise<unknown>;
}

describe('emitMcpDispatch', () => {
  const model = bundledModel();
  const file = emitMcpDispatch(model);
  const mod = runEmitted(file) as unknown as Module;

  it('imports the handler, io and method types of mcp/methods', () => {
    expect(file.path).toBe('mcp/dispatch.ts');
    expect(importLines(file)).toEqual([
      "import type { McpHandlers, McpIo, McpMethod } from './methods.js';",
    ]);
  });

  it('refuses the rows that are rules with their reason; others get the generic message', () => {
    expect(mod.mcpRefusedMethods).toEqual({
      initialize: {
        message: 'initialize is not a method of MCP 2026-07-28',
        source: 'spec/interop-map.json#/mcp/methods/6',
      },
      'notifications/tasks': {
        message: 'notifications/tasks is a notification the server sends, not a request',
        source: 'spec/interop-map.json#/mcp/tasks/methods/3',
      },
    });
    expect(mod.mcpMethodNotFound('initialize')).toBe(
      'initialize is not a method of MCP 2026-07-28',
    );
    expect(mod.mcpMethodNotFound('nope/x')).toBe('Method not found: nope/x');
  });

  it('calls the member of each method with the checked params, after the gate', async () => {
    const calls: string[] = [];
    const handlers = Object.fromEntries(
      model.mcp.methods.map((x) => [x.member, async (p: unknown) => ({ member: x.member, p })]),
    );
    const hooks = {
      unserved: (m: string) => (m === 'tasks/cancel' ? new Error('unserved') : undefined),
      params: Object.fromEntries(
        model.mcp.methods.map((x) => [x.method, (raw: object) => ({ checked: raw })]),
      ),
      advertises: (r: string) => (calls.push(r), r !== 'mcp.never'),
      refuse: (m: string, r: string) => new Error(`${m} needs ${r}`),
    };
    const dispatch = mod.createMcpDispatch(handlers, hooks);
    const call = model.mcp.methods.find((x) => x.method === 'tools/call')!;
    expect(await dispatch('tools/call', { a: 1 }, {})).toEqual({
      member: call.member,
      p: { checked: { a: 1 } },
    });
    expect(calls).toEqual(call.requires);
    // The gate runs before the member is called, and before the params are read.
    expect(() => dispatch('tasks/cancel', {}, {})).toThrow('unserved');
  });

  it('refuses a method whose `requires` the host does not advertise', async () => {
    const m = bundledModel();
    m.mcp.methods.find((x) => x.method === 'tools/list')!.requires = ['mcp.never'];
    const dispatch = (runEmitted(emitMcpDispatch(m)) as unknown as Module).createMcpDispatch(
      Object.fromEntries(m.mcp.methods.map((x) => [x.member, async () => 'called'])),
      {
        unserved: () => undefined,
        params: Object.fromEntries(m.mcp.methods.map((x) => [x.method, (r: object) => r])),
        advertises: (r: string) => r !== 'mcp.never',
        refuse: (method: string, r: string) => new Error(`${method} needs ${r}`),
      },
    );
    expect(() => dispatch('tools/list', {}, {})).toThrow('tools/list needs mcp.never');
  });
});
