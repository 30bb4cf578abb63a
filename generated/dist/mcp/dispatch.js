/** Methods map rows name as rules, not dispatch entries: each is -32601 with its reason. */
export const mcpRefusedMethods = {
    /** Source: spec/interop-map.json#/mcp/methods/6 */
    initialize: {
        message: 'initialize is not a method of MCP 2026-07-28',
        source: 'spec/interop-map.json#/mcp/methods/6',
    },
    /** Source: spec/interop-map.json#/mcp/tasks/methods/3 */
    'notifications/tasks': {
        message: 'notifications/tasks is a notification the server sends, not a request',
        source: 'spec/interop-map.json#/mcp/tasks/methods/3',
    },
};
/** The -32601 message for a method the table does not serve. */
export function mcpMethodNotFound(method) {
    return Object.hasOwn(mcpRefusedMethods, method)
        ? mcpRefusedMethods[method].message
        : `Method not found: ${method}`;
}
/** Per method: whether it is served, its `requires`, its params, then its member. */
export function createMcpDispatch(handlers, hooks) {
    const gate = (method, requires) => {
        const unserved = hooks.unserved(method);
        if (unserved)
            throw unserved;
        const missing = requires.find((r) => !hooks.advertises(r));
        if (missing !== undefined)
            throw hooks.refuse(method, missing);
    };
    const routes = {
        /** Source: spec/interop-map.json#/mcp/methods/0 */
        'server/discover': (raw, ctx) => {
            gate('server/discover', []);
            return handlers.serverDiscover(hooks.params['server/discover'](raw, ctx), ctx);
        },
        /** Source: spec/interop-map.json#/mcp/methods/1 */
        'tools/list': (raw, ctx) => {
            gate('tools/list', ['mcp.serverMount']);
            return handlers.toolsList(hooks.params['tools/list'](raw, ctx), ctx);
        },
        /** Source: spec/interop-map.json#/mcp/methods/2 */
        'tools/call': (raw, ctx) => {
            gate('tools/call', ['mcp.serverMount']);
            return handlers.toolsCall(hooks.params['tools/call'](raw, ctx), ctx);
        },
        /** Source: spec/interop-map.json#/mcp/methods/3 */
        'prompts/get': (raw, ctx) => {
            gate('prompts/get', ['mcp.serverMount']);
            return handlers.promptsGet(hooks.params['prompts/get'](raw, ctx), ctx);
        },
        /** Source: spec/interop-map.json#/mcp/methods/3 */
        'resources/read': (raw, ctx) => {
            gate('resources/read', ['mcp.serverMount']);
            return handlers.resourcesRead(hooks.params['resources/read'](raw, ctx), ctx);
        },
        /** Source: spec/interop-map.json#/mcp/methods/4 */
        'prompts/list': (raw, ctx) => {
            gate('prompts/list', ['mcp.serverMount']);
            return handlers.promptsList(hooks.params['prompts/list'](raw, ctx), ctx);
        },
        /** Source: spec/interop-map.json#/mcp/methods/4 */
        'resources/list': (raw, ctx) => {
            gate('resources/list', ['mcp.serverMount']);
            return handlers.resourcesList(hooks.params['resources/list'](raw, ctx), ctx);
        },
        /** Source: spec/interop-map.json#/mcp/methods/4 */
        'resources/templates/list': (raw, ctx) => {
            gate('resources/templates/list', ['mcp.serverMount']);
            return handlers.resourcesTemplatesList(hooks.params['resources/templates/list'](raw, ctx), ctx);
        },
        /** Source: spec/interop-map.json#/mcp/methods/5 */
        'completion/complete': (raw, ctx) => {
            gate('completion/complete', ['mcp.serverMount']);
            return handlers.completionComplete(hooks.params['completion/complete'](raw, ctx), ctx);
        },
        /** Source: spec/interop-map.json#/mcp/tasks/methods/0 */
        'tasks/get': (raw, ctx) => {
            gate('tasks/get', ['mcp.serverMount']);
            return handlers.tasksGet(hooks.params['tasks/get'](raw, ctx), ctx);
        },
        /** Source: spec/interop-map.json#/mcp/tasks/methods/1 */
        'tasks/update': (raw, ctx) => {
            gate('tasks/update', ['mcp.serverMount']);
            return handlers.tasksUpdate(hooks.params['tasks/update'](raw, ctx), ctx);
        },
        /** Source: spec/interop-map.json#/mcp/tasks/methods/2 */
        'tasks/cancel': (raw, ctx) => {
            gate('tasks/cancel', ['mcp.serverMount']);
            return handlers.tasksCancel(hooks.params['tasks/cancel'](raw, ctx), ctx);
        },
        /** Source: spec/interop-map.json#/mcp/tasks/methods/3 */
        'subscriptions/listen': (raw, ctx) => {
            gate('subscriptions/listen', ['mcp.serverMount']);
            return handlers.subscriptionsListen(hooks.params['subscriptions/listen'](raw, ctx), ctx);
        },
    };
    return (method, raw, ctx) => routes[method](raw, ctx);
}
