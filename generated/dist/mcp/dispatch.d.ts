import type { McpHandlers, McpIo, McpMethod } from './methods.js';
/** Methods map rows name as rules, not dispatch entries: each is -32601 with its reason. */
export declare const mcpRefusedMethods: {
    readonly [method: string]: {
        message: string;
        source: string;
    };
};
/** The -32601 message for a method the table does not serve. */
export declare function mcpMethodNotFound(method: string): string;
/** What the dispatcher asks of the host. */
export interface McpDispatchHooks<Ctx, Io extends McpIo> {
    /** The refusal of a method the host does not serve at all (asked before its params are read). */
    unserved(method: McpMethod): Error | undefined;
    /** Checked params of each method; throws the host's invalid-params error (-32602). */
    params: {
        readonly [M in McpMethod]: (raw: Record<string, unknown>, ctx: Ctx) => Io[M]['params'];
    };
    /** Whether the host advertises a `requires` entry (`mcp.<facet property>`). */
    advertises(requirement: string): boolean;
    /** The error thrown when it does not: the method is not served there. */
    refuse(method: McpMethod, requirement: string): Error;
}
export type McpDispatch<Ctx, Io extends McpIo> = <M extends McpMethod>(method: M, raw: Record<string, unknown>, ctx: Ctx) => Promise<Io[M]['result']>;
/** Per method: whether it is served, its `requires`, its params, then its member. */
export declare function createMcpDispatch<Ctx, Io extends McpIo>(handlers: McpHandlers<Ctx, Io>, hooks: McpDispatchHooks<Ctx, Io>): McpDispatch<Ctx, Io>;
