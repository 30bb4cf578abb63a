// The MCP dispatcher (issue 9 item 4): the methods rows name as rules (refused with -32601 and the
// map's reason), and per method the `requires` gate, the params check and an exhaustive call of the
// handler member. The transports keep the envelope rules; no binding calls a member by name.
import type { McpMethod, SpecModel } from '../model/ir.ts';
import { lit, sourceComment, type EmittedFile } from './source-file.ts';

export function emitMcpDispatch(model: SpecModel): EmittedFile {
  const m = model.mcp;
  const L: string[] = [
    `import type { McpHandlers, McpIo, McpMethod } from './methods.js';`,
    '',
    `/** Methods map rows name as rules, not dispatch entries: each is -32601 with its reason. */`,
    `export const mcpRefusedMethods: { readonly [method: string]: { message: string; source: string } } = {`,
  ];
  for (const r of m.refusedMethods)
    L.push(
      `  ${sourceComment(r.origin)}`,
      `  ${lit(r.method)}: { message: ${lit(r.message)}, source: ${lit(`${r.origin.file}#${r.origin.pointer}`)} },`,
    );
  L.push(
    `};`,
    '',
    `/** The -32601 message for a method the table does not serve. */`,
    `export function mcpMethodNotFound(method: string): string {`,
    `  return Object.hasOwn(mcpRefusedMethods, method)`,
    `    ? mcpRefusedMethods[method]!.message`,
    `    : \`Method not found: \${method}\`;`,
    `}`,
    '',
    `/** What the dispatcher asks of the host. */`,
    `export interface McpDispatchHooks<Ctx, Io extends McpIo> {`,
    `  /** The refusal of a method the host does not serve at all (asked before its params are read). */`,
    `  unserved(method: McpMethod): Error | undefined;`,
    `  /** Checked params of each method; throws the host's invalid-params error (-32602). */`,
    `  params: { readonly [M in McpMethod]: (raw: Record<string, unknown>, ctx: Ctx) => Io[M]['params'] };`,
    `  /** Whether the host advertises a \`requires\` entry (\`mcp.<facet property>\`). */`,
    `  advertises(requirement: string): boolean;`,
    `  /** The error thrown when it does not: the method is not served there. */`,
    `  refuse(method: McpMethod, requirement: string): Error;`,
    `}`,
    '',
    `export type McpDispatch<Ctx, Io extends McpIo> = <M extends McpMethod>(`,
    `  method: M,`,
    `  raw: Record<string, unknown>,`,
    `  ctx: Ctx,`,
    `) => Promise<Io[M]['result']>;`,
    '',
    `/** Per method: whether it is served, its \`requires\`, its params, then its member. */`,
    `export function createMcpDispatch<Ctx, Io extends McpIo>(`,
    `  handlers: McpHandlers<Ctx, Io>,`,
    `  hooks: McpDispatchHooks<Ctx, Io>,`,
    `): McpDispatch<Ctx, Io> {`,
    `  const gate = (method: McpMethod, requires: readonly string[]): void => {`,
    `    const unserved = hooks.unserved(method);`,
    `    if (unserved) throw unserved;`,
    `    const missing = requires.find((r) => !hooks.advertises(r));`,
    `    if (missing !== undefined) throw hooks.refuse(method, missing);`,
    `  };`,
    `  const routes: {`,
    `    readonly [M in McpMethod]: (raw: Record<string, unknown>, ctx: Ctx) => Promise<Io[M]['result']>;`,
    `  } = {`,
  );
  for (const x of m.methods) L.push(...route(x));
  L.push(`  };`, `  return (method, raw, ctx) => routes[method](raw, ctx);`, `}`);
  return {
    path: 'mcp/dispatch.ts',
    from: [m.methods[0]?.origin.file ?? 'interop-map'],
    body: L.join('\n'),
    parser: 'typescript',
  };
}

function route(x: McpMethod): string[] {
  return [
    `    ${sourceComment(x.origin)}`,
    `    ${lit(x.method)}: (raw, ctx) => {`,
    `      gate(${lit(x.method)}, ${lit(x.requires)});`,
    `      return handlers.${x.member}(hooks.params[${lit(x.method)}](raw, ctx), ctx);`,
    `    },`,
  ];
}
