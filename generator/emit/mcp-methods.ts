// MCP method table and the `McpHandlers` contract (interop-map `mcp.methods`, `mcp.tasks.methods`),
// the features each profile requires, the header and `_meta` rule rows, and the protocol errors of
// the pinned revision. A method missing from the table is "method not found" (STYLE.md §10).
import type { SpecModel } from '../model/ir.ts';
import { constant, fn, types } from './code/declarations.ts';
import { doc, entries, inline, lit, sourceComment, sourceOf, unionOf } from './code/literals.ts';
import { originFile, TsModule } from './code/module.ts';
import { MCP_HANDLERS, MCP_IO, MCP_METHOD, wireType } from './code/symbols.ts';
import type { EmittedFile } from './source-file.ts';

export function emitMcpMethods(model: SpecModel): EmittedFile {
  const mcp = model.mcp;
  const methods = mcp.methods.map((x) => x.method);
  const m = new TsModule(MCP_METHOD.module);
  const [McpMethod, McpIo, McpHandlers] = m.useAll([MCP_METHOD, MCP_IO, MCP_HANDLERS]);
  m.add(
    constant({
      doc: [doc('The MCP revision this table serves.')],
      name: 'MCP_REVISION',
      value: [lit(mcp.revision)],
    }),
    constant({
      doc: [doc('The tasks extension identifier, or null when the map pins none.')],
      name: 'MCP_TASKS_EXTENSION',
      type: 'string | null',
      value: [lit(mcp.tasksExtension)],
    }),
  );
  m.add(
    types(`export type ${McpMethod} = ${unionOf(methods)};`),
    constant({ name: 'mcpMethodNames', type: `readonly ${McpMethod}[]`, value: [lit(methods)] }),
  );
  m.add(
    types(
      `export interface McpMethodEntry {`,
      `  key: McpMethodKey;`,
      `  method: ${McpMethod};`,
      `  v2Operation: string | null;`,
      `  requires: readonly string[];`,
      `  ${doc('Extension the request must declare in clientCapabilities.extensions, else -32021.')}`,
      `  extension: string | null;`,
      `  ${doc('Parameters that only a request declaring the tasks extension may use (else -32021).')}`,
      `  extensionParams: readonly string[];`,
      `  source: string;`,
      `}`,
    ),
  );
  m.add(types(`export type McpMethodKey = ${unionOf(mcp.methods.map((x) => x.member))};`));
  m.add(
    constant({
      name: 'mcpMethods',
      type: `{ readonly [M in ${McpMethod}]: McpMethodEntry }`,
      value: [
        `{`,
        ...entries(
          mcp.methods.map((x) => ({
            origin: x.origin,
            key: lit(x.method),
            value: inline({
              key: lit(x.member),
              method: lit(x.method),
              v2Operation: lit(x.v2Operation),
              requires: lit(x.requires),
              extension: lit(x.extension),
              extensionParams: lit(x.extensionParams),
              source: lit(sourceOf(x.origin)),
            }),
          })),
        ),
        `}`,
      ],
    }),
  );
  m.add(
    fn({
      name: 'isMcpMethod',
      params: [['method', 'string']],
      returns: `method is ${McpMethod}`,
      body: [`  return Object.hasOwn(mcpMethods, method);`],
    }),
  );
  m.add(
    types(`export type ${McpIo} = { [M in ${McpMethod}]: { params: unknown; result: unknown } };`),
  );
  wireIo(m, mcp);
  m.add(
    types(
      doc('The MCP contract a host implements: one member per method of the map.'),
      `export interface ${McpHandlers}<Ctx, Io extends ${McpIo}> {`,
      ...mcp.methods.flatMap((x) => [
        `  ${sourceComment(x.origin)}`,
        `  ${x.member}(params: Io[${lit(x.method)}]['params'], ctx: Ctx): Promise<Io[${lit(x.method)}]['result']>;`,
      ]),
      `}`,
    ),
  );
  m.add(
    types(
      doc('Per handler member, what a runtime types it by: its method, params and result.'),
      `export interface McpMethodTypes<Io extends ${McpIo} = ${mcp.wire ? 'McpWireIo' : McpIo}> {`,
      ...mcp.methods.flatMap((x) => [
        `  ${sourceComment(x.origin)}`,
        `  ${x.member}: { method: ${lit(x.method)}; params: Io[${lit(x.method)}]['params']; answer: Io[${lit(x.method)}]['result'] };`,
      ]),
      `}`,
    ),
  );
  m.add(
    types(
      `export interface McpFeature { id: string; requiredFor: readonly string[]; source: string }`,
    ),
    constant({
      name: 'mcpFeatures',
      type: 'readonly McpFeature[]',
      value: [
        `[`,
        ...entries(
          mcp.features.map((f) => ({
            origin: f.origin,
            value: inline({
              id: lit(f.id),
              requiredFor: lit(f.requiredFor),
              source: lit(sourceOf(f.origin)),
            }),
          })),
        ),
        `]`,
      ],
    }),
  );
  m.add(
    fn({
      doc: [
        doc(
          'Features a facet advertising `profile` must list (interop.md §The operation mappings).',
        ),
      ],
      name: 'requiredMcpFeatures',
      params: [['profile', 'string']],
      returns: 'string[]',
      body: [
        `  return mcpFeatures.filter((f) => f.requiredFor.includes(profile)).map((f) => f.id);`,
      ],
    }),
  );
  m.add(
    constant({
      doc: [
        doc('Header rule rows, in map order; the runtime enforces them before version selection.'),
      ],
      name: 'mcpHeaderRules',
      type: 'readonly string[]',
      value: [lit(mcp.headers.map((h) => h.element))],
    }),
    constant({
      doc: [doc('`_meta` rule rows, in map order.')],
      name: 'mcpMetaRules',
      type: 'readonly string[]',
      value: [lit(mcp.meta.map((h) => h.element))],
    }),
  );
  m.add(
    constant({
      name: 'MCP_META_PROTOCOL_VERSION',
      value: [`'io.modelcontextprotocol/protocolVersion'`],
    }),
    constant({
      name: 'MCP_META_CLIENT_CAPABILITIES',
      value: [`'io.modelcontextprotocol/clientCapabilities'`],
    }),
  );
  m.add(
    types(`export type McpProtocolErrorName = ${unionOf(mcp.protocolErrors.map((e) => e.name))};`),
    constant({
      doc: [
        doc(
          `Protocol errors of MCP ${mcp.revision} (not restated by the map; wopgen's per-revision registry).`,
        ),
      ],
      name: 'mcpProtocolErrors',
      type: '{ readonly [N in McpProtocolErrorName]: { code: number; httpStatus: number; source: string } }',
      value: [
        `{`,
        ...entries(
          mcp.protocolErrors.map((e) => ({
            key: e.name,
            value: inline({ code: e.code, httpStatus: e.httpStatus, source: lit(e.source) }),
          })),
        ),
        `}`,
      ],
    }),
  );
  return m.file([originFile(mcp.methods, 'interop-map')]);
}

/** Params and results per method from the revision's wire schema (`unknown` where it has none). */
function wireIo(m: TsModule, mcp: SpecModel['mcp']): void {
  const wire = mcp.wire;
  if (!wire) return;
  const name = (n: string | null | undefined): string =>
    n ? m.use(wireType('mcp', n)) : 'unknown';
  m.add(
    types(
      doc(`MCP ${mcp.revision} params and results per method, from ${wire.origin.file}.`),
      `export interface McpWireIo extends ${m.use(MCP_IO)} {`,
      ...mcp.methods.map((x) => {
        const t = wire.types[x.method];
        return `  ${lit(x.method)}: { params: ${name(t?.params)}; result: ${name(t?.result)} };`;
      }),
      `}`,
    ),
  );
}
