// MCP method table and the `McpHandlers` contract (interop-map `mcp.methods`, `mcp.tasks.methods`),
// the features each profile requires, the header and `_meta` rule rows, and the protocol errors of
// the pinned revision. A method missing from the table is "method not found" (STYLE.md §10).
import type { SpecModel } from '../model/ir.ts';
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
    doc('The MCP revision this table serves.'),
    `export const MCP_REVISION = ${lit(mcp.revision)};`,
    doc('The tasks extension identifier, or null when the map pins none.'),
    `export const MCP_TASKS_EXTENSION: string | null = ${lit(mcp.tasksExtension)};`,
  );
  m.add(
    `export type ${McpMethod} = ${unionOf(methods)};`,
    `export const mcpMethodNames: readonly ${McpMethod}[] = ${lit(methods)};`,
  );
  m.add(
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
  );
  m.add(`export type McpMethodKey = ${unionOf(mcp.methods.map((x) => x.member))};`);
  m.add(
    `export const mcpMethods: { readonly [M in ${McpMethod}]: McpMethodEntry } = {`,
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
    `};`,
  );
  m.add(
    `export function isMcpMethod(method: string): method is ${McpMethod} {`,
    `  return Object.hasOwn(mcpMethods, method);`,
    `}`,
  );
  m.add(`export type ${McpIo} = { [M in ${McpMethod}]: { params: unknown; result: unknown } };`);
  wireIo(m, mcp);
  m.add(
    doc('The MCP contract a host implements: one member per method of the map.'),
    `export interface ${McpHandlers}<Ctx, Io extends ${McpIo}> {`,
    ...mcp.methods.flatMap((x) => [
      `  ${sourceComment(x.origin)}`,
      `  ${x.member}(params: Io[${lit(x.method)}]['params'], ctx: Ctx): Promise<Io[${lit(x.method)}]['result']>;`,
    ]),
    `}`,
  );
  m.add(
    doc('Per handler member, what a runtime types it by: its method, params and result.'),
    `export interface McpMethodTypes<Io extends ${McpIo} = ${mcp.wire ? 'McpWireIo' : McpIo}> {`,
    ...mcp.methods.flatMap((x) => [
      `  ${sourceComment(x.origin)}`,
      `  ${x.member}: { method: ${lit(x.method)}; params: Io[${lit(x.method)}]['params']; answer: Io[${lit(x.method)}]['result'] };`,
    ]),
    `}`,
  );
  m.add(
    `export interface McpFeature { id: string; requiredFor: readonly string[]; source: string }`,
    `export const mcpFeatures: readonly McpFeature[] = [`,
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
    `];`,
  );
  m.add(
    doc('Features a facet advertising `profile` must list (interop.md §The operation mappings).'),
    `export function requiredMcpFeatures(profile: string): string[] {`,
    `  return mcpFeatures.filter((f) => f.requiredFor.includes(profile)).map((f) => f.id);`,
    `}`,
  );
  m.add(
    doc('Header rule rows, in map order; the runtime enforces them before version selection.'),
    `export const mcpHeaderRules: readonly string[] = ${lit(mcp.headers.map((h) => h.element))};`,
    doc('`_meta` rule rows, in map order.'),
    `export const mcpMetaRules: readonly string[] = ${lit(mcp.meta.map((h) => h.element))};`,
  );
  m.add(
    `export const MCP_META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';`,
    `export const MCP_META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';`,
  );
  m.add(
    `export type McpProtocolErrorName = ${unionOf(mcp.protocolErrors.map((e) => e.name))};`,
    doc(
      `Protocol errors of MCP ${mcp.revision} (not restated by the map; wopgen's per-revision registry).`,
    ),
    `export const mcpProtocolErrors: { readonly [N in McpProtocolErrorName]: { code: number; httpStatus: number; source: string } } = {`,
    ...entries(
      mcp.protocolErrors.map((e) => ({
        key: e.name,
        value: inline({ code: e.code, httpStatus: e.httpStatus, source: lit(e.source) }),
      })),
    ),
    `};`,
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
    doc(`MCP ${mcp.revision} params and results per method, from ${wire.origin.file}.`),
    `export interface McpWireIo extends ${m.use(MCP_IO)} {`,
    ...mcp.methods.map((x) => {
      const t = wire.types[x.method];
      return `  ${lit(x.method)}: { params: ${name(t?.params)}; result: ${name(t?.result)} };`;
    }),
    `}`,
  );
}
