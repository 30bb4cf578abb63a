// emitMcpMethods: the method table and McpHandlers, the features per profile, the header and
// `_meta` rule rows, and the revision's protocol errors.
import { describe, expect, it } from 'vitest';
import { emitMcpMethods } from '../../../generator/emit/mcp-methods.ts';
import { bundledModel, importLines, runEmitted } from './fixture.ts';

interface Module {
  MCP_REVISION: string;
  MCP_TASKS_EXTENSION: string | null;
  mcpMethodNames: string[];
  mcpMethods: Record<
    string,
    { key: string; requires: string[]; extension: string | null; source: string }
  >;
  isMcpMethod(m: string): boolean;
  requiredMcpFeatures(profile: string): string[];
  mcpHeaderRules: string[];
  mcpMetaRules: string[];
  mcpProtocolErrors: Record<string, { code: number; httpStatus: number }>;
}

describe('emitMcpMethods', () => {
  const model = bundledModel();
  const file = emitMcpMethods(model);
  const mod = runEmitted(file) as unknown as Module;

  it('imports exactly the wire types McpWireIo names, and nothing else', () => {
    const lines = importLines(file);
    expect(lines).toHaveLength(1);
    const named = lines[0]!.match(
      /^import type \{ (.+) \} from '\.\.\/types\/mcp-wire\.js';$/,
    )![1]!;
    const io = file.body.slice(file.body.indexOf('export interface McpWireIo'));
    for (const name of named.split(', ')) expect(io).toMatch(new RegExp(`\\b${name}\\b`));
    expect(io).toContain('  "tools/call": { params: ToolsCallParams; result: ToolsCallResult };');
  });

  it('pins the revision and lists every dispatchable method, not the rule rows', () => {
    expect(mod.MCP_REVISION).toBe('2026-07-28');
    expect(mod.mcpMethodNames).toEqual(model.mcp.methods.map((x) => x.method));
    expect(mod.isMcpMethod('tools/call')).toBe(true);
    expect(mod.isMcpMethod('initialize')).toBe(false);
    expect(mod.mcpMethods['tools/call']).toMatchObject({
      key: model.mcp.methods.find((x) => x.method === 'tools/call')!.member,
      extension: null,
    });
    expect(mod.mcpMethods['tasks/get']!.extension).toBe(mod.MCP_TASKS_EXTENSION);
  });

  it('declares one handler member per method', () => {
    const handlers = file.body.slice(file.body.indexOf('export interface McpHandlers'));
    for (const x of model.mcp.methods)
      expect(handlers).toContain(
        `  ${x.member}(params: Io["${x.method}"]['params'], ctx: Ctx): Promise<Io["${x.method}"]['result']>;`,
      );
  });

  it('carries the feature, rule-row and protocol-error tables', () => {
    for (const f of model.mcp.features)
      for (const p of f.requiredFor) expect(mod.requiredMcpFeatures(p)).toContain(f.id);
    expect(mod.requiredMcpFeatures('no-such-profile')).toEqual([]);
    expect(mod.mcpHeaderRules).toEqual(model.mcp.headers.map((h) => h.element));
    expect(mod.mcpMetaRules).toEqual(model.mcp.meta.map((h) => h.element));
    expect(mod.mcpProtocolErrors['HeaderMismatchError']).toMatchObject({ code: -32020 });
    expect(Object.keys(mod.mcpProtocolErrors)).toEqual(model.mcp.protocolErrors.map((e) => e.name));
  });

  it('has no import and no McpWireIo without a wire schema', () => {
    const m = bundledModel();
    m.mcp.wire = null;
    const f = emitMcpMethods(m);
    expect(importLines(f)).toEqual([]);
    expect(f.body).not.toContain('McpWireIo');
  });
});
