/** The MCP revision this table serves. */
export const MCP_REVISION = '2026-07-28';
/** The tasks extension identifier, or null when the map pins none. */
export const MCP_TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
export const mcpMethodNames = [
    'server/discover',
    'tools/list',
    'tools/call',
    'prompts/get',
    'resources/read',
    'prompts/list',
    'resources/list',
    'resources/templates/list',
    'completion/complete',
    'tasks/get',
    'tasks/update',
    'tasks/cancel',
    'subscriptions/listen',
];
export const mcpMethods = {
    /** Source: spec/interop-map.json#/mcp/methods/0 */
    'server/discover': {
        key: 'serverDiscover',
        method: 'server/discover',
        v2Operation: 'getCapabilities',
        requires: [],
        extension: null,
        extensionParams: [],
        source: 'spec/interop-map.json#/mcp/methods/0',
    },
    /** Source: spec/interop-map.json#/mcp/methods/1 */
    'tools/list': {
        key: 'toolsList',
        method: 'tools/list',
        v2Operation: null,
        requires: ['mcp.serverMount'],
        extension: null,
        extensionParams: [],
        source: 'spec/interop-map.json#/mcp/methods/1',
    },
    /** Source: spec/interop-map.json#/mcp/methods/2 */
    'tools/call': {
        key: 'toolsCall',
        method: 'tools/call',
        v2Operation: 'createRun',
        requires: ['mcp.serverMount'],
        extension: null,
        extensionParams: [],
        source: 'spec/interop-map.json#/mcp/methods/2',
    },
    /** Source: spec/interop-map.json#/mcp/methods/3 */
    'prompts/get': {
        key: 'promptsGet',
        method: 'prompts/get',
        v2Operation: null,
        requires: ['mcp.serverMount'],
        extension: null,
        extensionParams: [],
        source: 'spec/interop-map.json#/mcp/methods/3',
    },
    /** Source: spec/interop-map.json#/mcp/methods/3 */
    'resources/read': {
        key: 'resourcesRead',
        method: 'resources/read',
        v2Operation: null,
        requires: ['mcp.serverMount'],
        extension: null,
        extensionParams: [],
        source: 'spec/interop-map.json#/mcp/methods/3',
    },
    /** Source: spec/interop-map.json#/mcp/methods/4 */
    'prompts/list': {
        key: 'promptsList',
        method: 'prompts/list',
        v2Operation: null,
        requires: ['mcp.serverMount'],
        extension: null,
        extensionParams: [],
        source: 'spec/interop-map.json#/mcp/methods/4',
    },
    /** Source: spec/interop-map.json#/mcp/methods/4 */
    'resources/list': {
        key: 'resourcesList',
        method: 'resources/list',
        v2Operation: null,
        requires: ['mcp.serverMount'],
        extension: null,
        extensionParams: [],
        source: 'spec/interop-map.json#/mcp/methods/4',
    },
    /** Source: spec/interop-map.json#/mcp/methods/4 */
    'resources/templates/list': {
        key: 'resourcesTemplatesList',
        method: 'resources/templates/list',
        v2Operation: null,
        requires: ['mcp.serverMount'],
        extension: null,
        extensionParams: [],
        source: 'spec/interop-map.json#/mcp/methods/4',
    },
    /** Source: spec/interop-map.json#/mcp/methods/5 */
    'completion/complete': {
        key: 'completionComplete',
        method: 'completion/complete',
        v2Operation: null,
        requires: ['mcp.serverMount'],
        extension: null,
        extensionParams: [],
        source: 'spec/interop-map.json#/mcp/methods/5',
    },
    /** Source: spec/interop-map.json#/mcp/tasks/methods/0 */
    'tasks/get': {
        key: 'tasksGet',
        method: 'tasks/get',
        v2Operation: 'getRun',
        requires: ['mcp.serverMount'],
        extension: 'io.modelcontextprotocol/tasks',
        extensionParams: [],
        source: 'spec/interop-map.json#/mcp/tasks/methods/0',
    },
    /** Source: spec/interop-map.json#/mcp/tasks/methods/1 */
    'tasks/update': {
        key: 'tasksUpdate',
        method: 'tasks/update',
        v2Operation: 'resolveInterruptByRun',
        requires: ['mcp.serverMount'],
        extension: 'io.modelcontextprotocol/tasks',
        extensionParams: [],
        source: 'spec/interop-map.json#/mcp/tasks/methods/1',
    },
    /** Source: spec/interop-map.json#/mcp/tasks/methods/2 */
    'tasks/cancel': {
        key: 'tasksCancel',
        method: 'tasks/cancel',
        v2Operation: 'cancelRun',
        requires: ['mcp.serverMount'],
        extension: 'io.modelcontextprotocol/tasks',
        extensionParams: [],
        source: 'spec/interop-map.json#/mcp/tasks/methods/2',
    },
    /** Source: spec/interop-map.json#/mcp/tasks/methods/3 */
    'subscriptions/listen': {
        key: 'subscriptionsListen',
        method: 'subscriptions/listen',
        v2Operation: null,
        requires: ['mcp.serverMount'],
        extension: null,
        extensionParams: ['taskIds'],
        source: 'spec/interop-map.json#/mcp/tasks/methods/3',
    },
};
export function isMcpMethod(method) {
    return Object.hasOwn(mcpMethods, method);
}
export const mcpFeatures = [
    /** Source: spec/interop-map.json#/mcp/features/0 */
    {
        id: 'server-discover',
        requiredFor: ['mcp-2026-07-28'],
        source: 'spec/interop-map.json#/mcp/features/0',
    },
    /** Source: spec/interop-map.json#/mcp/features/1 */
    { id: 'mrtr', requiredFor: ['mcp-2026-07-28'], source: 'spec/interop-map.json#/mcp/features/1' },
    /** Source: spec/interop-map.json#/mcp/features/2 */
    {
        id: 'cacheable-lists',
        requiredFor: ['mcp-2026-07-28'],
        source: 'spec/interop-map.json#/mcp/features/2',
    },
    /** Source: spec/interop-map.json#/mcp/features/3 */
    { id: 'extensions', requiredFor: [], source: 'spec/interop-map.json#/mcp/features/3' },
];
/** Features a facet advertising `profile` must list (interop.md §The operation mappings). */
export function requiredMcpFeatures(profile) {
    return mcpFeatures.filter((f) => f.requiredFor.includes(profile)).map((f) => f.id);
}
/** Header rule rows, in map order; the runtime enforces them before version selection. */
export const mcpHeaderRules = [
    'MCP-Protocol-Version',
    'Mcp-Method | Mcp-Name',
    '(no MCP-Protocol-Version)',
];
/** `_meta` rule rows, in map order. */
export const mcpMetaRules = [
    'io.modelcontextprotocol/clientCapabilities',
    'io.modelcontextprotocol/logLevel',
    'traceparent | tracestate | baggage',
    'io.modelcontextprotocol/clientInfo | serverInfo',
];
export const MCP_META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const MCP_META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
/** Protocol errors of MCP 2026-07-28 (not restated by the map; wopgen's per-revision registry). */
export const mcpProtocolErrors = {
    HeaderMismatchError: { code: -32020, httpStatus: 400, source: 'MCP 2026-07-28 transports' },
    MissingRequiredClientCapabilityError: {
        code: -32021,
        httpStatus: 400,
        source: 'MCP 2026-07-28 lifecycle',
    },
    UnsupportedProtocolVersionError: {
        code: -32022,
        httpStatus: 400,
        source: 'MCP 2026-07-28 versioning',
    },
};
