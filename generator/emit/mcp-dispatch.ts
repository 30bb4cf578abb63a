// The MCP dispatcher: the methods rows name as rules (refused with -32601 and the
// map's reason), and per method the `requires` gate, the params check and an exhaustive call of the
// handler member. The transports keep the envelope rules; no binding calls a member by name.
import type { McpMethod, SpecModel } from '../model/ir.ts';
import {
  Code,
  code,
  constant,
  fn,
  nonNull,
  tsLine,
  tsOnly,
  typed,
  types,
} from './code/declarations.ts';
import { doc, entries, inline, lit, sourceComment, sourceOf } from './code/literals.ts';
import { originFile, TsModule } from './code/module.ts';
import { MCP_HANDLERS, MCP_IO, MCP_METHOD } from './code/symbols.ts';
import type { EmittedFile } from './source-file.ts';

export function emitMcpDispatch(model: SpecModel): EmittedFile {
  const mcp = model.mcp;
  const m = new TsModule('mcp/dispatch.ts');
  const [McpHandlers, McpIo, McpMethod] = m.useAll([MCP_HANDLERS, MCP_IO, MCP_METHOD]);
  m.add(
    constant({
      doc: [
        doc(
          'Methods map rows name as rules, not dispatch entries: each is -32601 with its reason.',
        ),
      ],
      name: 'mcpRefusedMethods',
      type: '{ readonly [method: string]: { message: string; source: string } }',
      value: [
        `{`,
        ...entries(
          mcp.refusedMethods.map((r) => ({
            origin: r.origin,
            key: lit(r.method),
            value: inline({ message: lit(r.message), source: lit(sourceOf(r.origin)) }),
          })),
        ),
        `}`,
      ],
    }),
  );
  m.add(
    fn({
      doc: [doc('The -32601 message for a method the table does not serve.')],
      name: 'mcpMethodNotFound',
      params: [['method', 'string']],
      returns: 'string',
      body: [
        `  return Object.hasOwn(mcpRefusedMethods, method)`,
        code`    ? ${nonNull('mcpRefusedMethods[method]')}.message`,
        `    : \`Method not found: \${method}\`;`,
      ],
    }),
  );
  m.add(
    types(
      doc('What the dispatcher asks of the host.'),
      `export interface McpDispatchHooks<Ctx, Io extends ${McpIo}> {`,
      `  ${doc('The refusal of a method the host does not serve at all (asked before its params are read).')}`,
      `  unserved(method: ${McpMethod}): Error | undefined;`,
      `  ${doc("Checked params of each method; throws the host's invalid-params error (-32602).")}`,
      `  params: { readonly [M in ${McpMethod}]: (raw: Record<string, unknown>, ctx: Ctx) => Io[M]['params'] };`,
      `  ${doc('Whether the host advertises a `requires` entry (`mcp.<facet property>`).')}`,
      `  advertises(requirement: string): boolean;`,
      `  ${doc('The error thrown when it does not: the method is not served there.')}`,
      `  refuse(method: ${McpMethod}, requirement: string): Error;`,
      `}`,
    ),
  );
  m.add(
    types(
      `export type McpDispatch<Ctx, Io extends ${McpIo}> = <M extends ${McpMethod}>(`,
      `  method: M,`,
      `  raw: Record<string, unknown>,`,
      `  ctx: Ctx,`,
      `) => Promise<Io[M]['result']>;`,
    ),
  );
  m.add(
    fn({
      doc: [doc('Per method: whether it is served, its `requires`, its params, then its member.')],
      name: 'createMcpDispatch',
      typeParams: `Ctx, Io extends ${McpIo}`,
      params: [
        ['handlers', `${McpHandlers}<Ctx, Io>`],
        ['hooks', 'McpDispatchHooks<Ctx, Io>'],
      ],
      returns: 'McpDispatch<Ctx, Io>',
      body: [
        code`  const gate = (${typed('method', McpMethod)}, ${typed('requires', 'readonly string[]')})${tsOnly(': void')} => {`,
        `    const unserved = hooks.unserved(method);`,
        `    if (unserved) throw unserved;`,
        `    const missing = requires.find((r) => !hooks.advertises(r));`,
        `    if (missing !== undefined) throw hooks.refuse(method, missing);`,
        `  };`,
        tsLine(`  const routes: {`),
        tsLine(
          `    readonly [M in ${McpMethod}]: (raw: Record<string, unknown>, ctx: Ctx) => Promise<Io[M]['result']>;`,
        ),
        new Code(`  } = {`, `  const routes = {`),
        ...mcp.methods.flatMap(route),
        `  };`,
        `  return (method, raw, ctx) => routes[method](raw, ctx);`,
      ],
    }),
  );
  return m.file([originFile(mcp.methods, 'interop-map')]);
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
