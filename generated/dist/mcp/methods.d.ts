import type { Acknowledged, CompletionCompleteParams, CompletionCompleteResult, PageParams, PromptsGetParams, PromptsGetResult, PromptsListResult, RequestParams, ResourcesListResult, ResourcesReadParams, ResourcesReadResult, ResourcesTemplatesListResult, ServerDiscoverResult, SubscriptionsListenParams, SubscriptionsListenResult, TaskParams, TasksGetResult, TasksUpdateParams, ToolsCallParams, ToolsCallResult, ToolsListResult } from '../types/mcp-wire.js';
/** The MCP revision this table serves. */
export declare const MCP_REVISION = "2026-07-28";
/** The tasks extension identifier, or null when the map pins none. */
export declare const MCP_TASKS_EXTENSION: string | null;
export type McpMethod = 'server/discover' | 'tools/list' | 'tools/call' | 'prompts/get' | 'resources/read' | 'prompts/list' | 'resources/list' | 'resources/templates/list' | 'completion/complete' | 'tasks/get' | 'tasks/update' | 'tasks/cancel' | 'subscriptions/listen';
export declare const mcpMethodNames: readonly McpMethod[];
export interface McpMethodEntry {
    key: McpMethodKey;
    method: McpMethod;
    v2Operation: string | null;
    requires: readonly string[];
    /** Extension the request must declare in clientCapabilities.extensions, else -32021. */
    extension: string | null;
    /** Parameters that only a request declaring the tasks extension may use (else -32021). */
    extensionParams: readonly string[];
    source: string;
}
export type McpMethodKey = 'serverDiscover' | 'toolsList' | 'toolsCall' | 'promptsGet' | 'resourcesRead' | 'promptsList' | 'resourcesList' | 'resourcesTemplatesList' | 'completionComplete' | 'tasksGet' | 'tasksUpdate' | 'tasksCancel' | 'subscriptionsListen';
export declare const mcpMethods: {
    readonly [M in McpMethod]: McpMethodEntry;
};
export declare function isMcpMethod(method: string): method is McpMethod;
export type McpIo = {
    [M in McpMethod]: {
        params: unknown;
        result: unknown;
    };
};
/** MCP 2026-07-28 params and results per method, from schemas/mcp-2026-07-28.schema.json. */
export interface McpWireIo extends McpIo {
    'server/discover': {
        params: RequestParams;
        result: ServerDiscoverResult;
    };
    'tools/list': {
        params: PageParams;
        result: ToolsListResult;
    };
    'tools/call': {
        params: ToolsCallParams;
        result: ToolsCallResult;
    };
    'prompts/get': {
        params: PromptsGetParams;
        result: PromptsGetResult;
    };
    'resources/read': {
        params: ResourcesReadParams;
        result: ResourcesReadResult;
    };
    'prompts/list': {
        params: PageParams;
        result: PromptsListResult;
    };
    'resources/list': {
        params: PageParams;
        result: ResourcesListResult;
    };
    'resources/templates/list': {
        params: PageParams;
        result: ResourcesTemplatesListResult;
    };
    'completion/complete': {
        params: CompletionCompleteParams;
        result: CompletionCompleteResult;
    };
    'tasks/get': {
        params: TaskParams;
        result: TasksGetResult;
    };
    'tasks/update': {
        params: TasksUpdateParams;
        result: Acknowledged;
    };
    'tasks/cancel': {
        params: TaskParams;
        result: Acknowledged;
    };
    'subscriptions/listen': {
        params: SubscriptionsListenParams;
        result: SubscriptionsListenResult;
    };
}
/** The MCP contract a host implements: one member per method of the map. */
export interface McpHandlers<Ctx, Io extends McpIo> {
    /** Source: spec/interop-map.json#/mcp/methods/0 */
    serverDiscover(params: Io['server/discover']['params'], ctx: Ctx): Promise<Io['server/discover']['result']>;
    /** Source: spec/interop-map.json#/mcp/methods/1 */
    toolsList(params: Io['tools/list']['params'], ctx: Ctx): Promise<Io['tools/list']['result']>;
    /** Source: spec/interop-map.json#/mcp/methods/2 */
    toolsCall(params: Io['tools/call']['params'], ctx: Ctx): Promise<Io['tools/call']['result']>;
    /** Source: spec/interop-map.json#/mcp/methods/3 */
    promptsGet(params: Io['prompts/get']['params'], ctx: Ctx): Promise<Io['prompts/get']['result']>;
    /** Source: spec/interop-map.json#/mcp/methods/3 */
    resourcesRead(params: Io['resources/read']['params'], ctx: Ctx): Promise<Io['resources/read']['result']>;
    /** Source: spec/interop-map.json#/mcp/methods/4 */
    promptsList(params: Io['prompts/list']['params'], ctx: Ctx): Promise<Io['prompts/list']['result']>;
    /** Source: spec/interop-map.json#/mcp/methods/4 */
    resourcesList(params: Io['resources/list']['params'], ctx: Ctx): Promise<Io['resources/list']['result']>;
    /** Source: spec/interop-map.json#/mcp/methods/4 */
    resourcesTemplatesList(params: Io['resources/templates/list']['params'], ctx: Ctx): Promise<Io['resources/templates/list']['result']>;
    /** Source: spec/interop-map.json#/mcp/methods/5 */
    completionComplete(params: Io['completion/complete']['params'], ctx: Ctx): Promise<Io['completion/complete']['result']>;
    /** Source: spec/interop-map.json#/mcp/tasks/methods/0 */
    tasksGet(params: Io['tasks/get']['params'], ctx: Ctx): Promise<Io['tasks/get']['result']>;
    /** Source: spec/interop-map.json#/mcp/tasks/methods/1 */
    tasksUpdate(params: Io['tasks/update']['params'], ctx: Ctx): Promise<Io['tasks/update']['result']>;
    /** Source: spec/interop-map.json#/mcp/tasks/methods/2 */
    tasksCancel(params: Io['tasks/cancel']['params'], ctx: Ctx): Promise<Io['tasks/cancel']['result']>;
    /** Source: spec/interop-map.json#/mcp/tasks/methods/3 */
    subscriptionsListen(params: Io['subscriptions/listen']['params'], ctx: Ctx): Promise<Io['subscriptions/listen']['result']>;
}
export interface McpFeature {
    id: string;
    requiredFor: readonly string[];
    source: string;
}
export declare const mcpFeatures: readonly McpFeature[];
/** Features a facet advertising `profile` must list (interop.md §The operation mappings). */
export declare function requiredMcpFeatures(profile: string): string[];
/** Header rule rows, in map order; the runtime enforces them before version selection. */
export declare const mcpHeaderRules: readonly string[];
/** `_meta` rule rows, in map order. */
export declare const mcpMetaRules: readonly string[];
export declare const MCP_META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
export declare const MCP_META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
export type McpProtocolErrorName = 'HeaderMismatchError' | 'MissingRequiredClientCapabilityError' | 'UnsupportedProtocolVersionError';
/** Protocol errors of MCP 2026-07-28 (not restated by the map; wopgen's per-revision registry). */
export declare const mcpProtocolErrors: {
    readonly [N in McpProtocolErrorName]: {
        code: number;
        httpStatus: number;
        source: string;
    };
};
