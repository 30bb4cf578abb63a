// Symbols one generated module declares and others name (STYLE.md "Emit through symbols"): the
// declaring emitter and every user read the name from here, and the builder (module.ts) turns a
// use into an import, so no emitter types an import line.

/** A declaration of a generated module, or of a library the generated code imports. */
export interface TsSymbol {
  name: string;
  /** Package path of the declaring module (`run-status.ts`), or a bare specifier (`node:module`). */
  module: string;
  /** Type-only symbols are imported with `import type`. */
  kind: 'type' | 'value';
}

export function typeSymbol(module: string, name: string): TsSymbol {
  return { module, name, kind: 'type' };
}

export function valueSymbol(module: string, name: string): TsSymbol {
  return { module, name, kind: 'value' };
}

export const RUN_STATUS = typeSymbol('run-status.ts', 'RunStatus');
export const A2A_ERROR_NAME = typeSymbol('a2a/errors.ts', 'A2aErrorName');
export const A2A_HANDLERS = typeSymbol('a2a/operations.ts', 'A2aHandlers');
export const A2A_IO = typeSymbol('a2a/operations.ts', 'A2aIo');
export const A2A_METHOD = typeSymbol('a2a/operations.ts', 'A2aMethod');
export const MCP_HANDLERS = typeSymbol('mcp/methods.ts', 'McpHandlers');
export const MCP_IO = typeSymbol('mcp/methods.ts', 'McpIo');
export const MCP_METHOD = typeSymbol('mcp/methods.ts', 'McpMethod');
export const REST_OPERATION_ID = typeSymbol('rest/operations.ts', 'RestOperationId');
export const CREATE_REQUIRE = valueSymbol('node:module', 'createRequire');

/** A definition of a protocol's wire types (types/<family>-wire.ts). */
export function wireType(family: 'a2a' | 'mcp', name: string): TsSymbol {
  return typeSymbol(`types/${family}-wire.ts`, name);
}
