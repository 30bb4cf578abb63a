// MCP method table and the `McpHandlers` contract (interop-map `mcp.methods`, `mcp.tasks.methods`),
// the features each profile requires, the header and `_meta` rule rows, and the protocol errors of
// the pinned revision. A method missing from the table is "method not found" (STYLE.md §10).
import type { SpecModel } from '../model/ir.ts';
import { lit, sourceComment, unionOf, type EmittedFile } from './source-file.ts';

export function emitMcpMethods(model: SpecModel): EmittedFile {
  const m = model.mcp;
  const methods = m.methods.map((x) => x.method);
  const L: string[] = [];
  if (m.wire) {
    const names = new Set(
      Object.values(m.wire.types).flatMap((t) => [t.params, t.result].filter((n) => n !== null)),
    );
    L.push(`import type { ${[...names].sort().join(', ')} } from '../types/mcp-wire.js';`, '');
  }
  L.push(
    `/** The MCP revision this table serves. */`,
    `export const MCP_REVISION = ${lit(m.revision)};`,
  );
  L.push(
    `/** The tasks extension identifier, or null when the map pins none. */`,
    `export const MCP_TASKS_EXTENSION: string | null = ${lit(m.tasksExtension)};`,
    '',
  );
  L.push(
    `export type McpMethod = ${unionOf(methods)};`,
    `export const mcpMethodNames: readonly McpMethod[] = ${lit(methods)};`,
    '',
  );
  L.push(
    `export interface McpMethodEntry {`,
    `  key: McpMethodKey;`,
    `  method: McpMethod;`,
    `  v2Operation: string | null;`,
    `  requires: readonly string[];`,
    `  /** Extension the request must declare in clientCapabilities.extensions, else -32021. */`,
    `  extension: string | null;`,
    `  /** Parameters that only a request declaring the tasks extension may use (else -32021). */`,
    `  extensionParams: readonly string[];`,
    `  source: string;`,
    `}`,
    '',
    `export type McpMethodKey = ${unionOf(m.methods.map((x) => x.member))};`,
    '',
    `export const mcpMethods: { readonly [M in McpMethod]: McpMethodEntry } = {`,
  );
  for (const x of m.methods) {
    L.push(
      `  ${sourceComment(x.origin)}`,
      `  ${lit(x.method)}: { key: ${lit(x.member)}, method: ${lit(x.method)}, v2Operation: ${lit(x.v2Operation)}, requires: ${lit(x.requires)}, extension: ${lit(x.extension)}, extensionParams: ${lit(x.extensionParams)}, source: ${lit(`${x.origin.file}#${x.origin.pointer}`)} },`,
    );
  }
  L.push(
    `};`,
    '',
    `export function isMcpMethod(method: string): method is McpMethod {`,
    `  return Object.hasOwn(mcpMethods, method);`,
    `}`,
    '',
    `export type McpIo = { [M in McpMethod]: { params: unknown; result: unknown } };`,
    '',
    ...wireIo(m),
    `/** The MCP contract a host implements: one member per method of the map. */`,
    `export interface McpHandlers<Ctx, Io extends McpIo> {`,
  );
  for (const x of m.methods)
    L.push(
      `  ${sourceComment(x.origin)}`,
      `  ${x.member}(params: Io[${lit(x.method)}]['params'], ctx: Ctx): Promise<Io[${lit(x.method)}]['result']>;`,
    );
  L.push(`}`, '');

  L.push(
    `export interface McpFeature { id: string; requiredFor: readonly string[]; source: string }`,
  );
  L.push(`export const mcpFeatures: readonly McpFeature[] = [`);
  for (const f of m.features)
    L.push(
      `  ${sourceComment(f.origin)}`,
      `  { id: ${lit(f.id)}, requiredFor: ${lit(f.requiredFor)}, source: ${lit(`${f.origin.file}#${f.origin.pointer}`)} },`,
    );
  L.push(
    `];`,
    '',
    `/** Features a facet advertising \`profile\` must list (interop.md §The operation mappings). */`,
    `export function requiredMcpFeatures(profile: string): string[] {`,
    `  return mcpFeatures.filter((f) => f.requiredFor.includes(profile)).map((f) => f.id);`,
    `}`,
    '',
  );
  L.push(
    `/** Header rule rows, in map order; the runtime enforces them before version selection. */`,
  );
  L.push(
    `export const mcpHeaderRules: readonly string[] = ${lit(m.headers.map((h) => h.element))};`,
  );
  L.push(`/** \`_meta\` rule rows, in map order. */`);
  L.push(
    `export const mcpMetaRules: readonly string[] = ${lit(m.meta.map((h) => h.element))};`,
    '',
  );
  L.push(`export const MCP_META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';`);
  L.push(
    `export const MCP_META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';`,
    '',
  );
  L.push(`export type McpProtocolErrorName = ${unionOf(m.protocolErrors.map((e) => e.name))};`);
  L.push(
    `/** Protocol errors of MCP ${m.revision} (not restated by the map; wopgen's per-revision registry). */`,
  );
  L.push(
    `export const mcpProtocolErrors: { readonly [N in McpProtocolErrorName]: { code: number; httpStatus: number; source: string } } = {`,
  );
  for (const e of m.protocolErrors)
    L.push(
      `  ${e.name}: { code: ${e.code}, httpStatus: ${e.httpStatus}, source: ${lit(e.source)} },`,
    );
  L.push(`};`);
  return {
    path: 'mcp/methods.ts',
    from: [m.methods[0]?.origin.file ?? 'interop-map'],
    body: L.join('\n'),
    parser: 'typescript',
  };
}

/** Params and results per method from the revision's wire schema (`unknown` where it has none). */
function wireIo(m: SpecModel['mcp']): string[] {
  if (!m.wire) return [];
  const L = [
    `/** MCP ${m.revision} params and results per method, from ${m.wire.origin.file}. */`,
    `export interface McpWireIo extends McpIo {`,
  ];
  for (const x of m.methods) {
    const t = m.wire.types[x.method];
    L.push(
      `  ${lit(x.method)}: { params: ${t?.params ?? 'unknown'}; result: ${t?.result ?? 'unknown'} };`,
    );
  }
  L.push(`}`, '');
  return L;
}
