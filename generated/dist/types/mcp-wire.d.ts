/** Acknowledged — Source: schemas/mcp-2026-07-28.schema.json#/$defs/Acknowledged */
/** CallToolResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/CallToolResult */
/** CompletionCompleteParams — Source: schemas/mcp-2026-07-28.schema.json#/$defs/CompletionCompleteParams */
/** CompletionCompleteResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/CompletionCompleteResult */
/** ContentBlock — Source: schemas/mcp-2026-07-28.schema.json#/$defs/ContentBlock */
/** CreateTaskResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/CreateTaskResult */
/** InputRequiredResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/InputRequiredResult */
/** Meta — Source: schemas/mcp-2026-07-28.schema.json#/$defs/Meta */
/** PageParams — Source: schemas/mcp-2026-07-28.schema.json#/$defs/PageParams */
/** PromptsGetParams — Source: schemas/mcp-2026-07-28.schema.json#/$defs/PromptsGetParams */
/** PromptsGetResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/PromptsGetResult */
/** PromptsListResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/PromptsListResult */
/** RequestParams — Source: schemas/mcp-2026-07-28.schema.json#/$defs/RequestParams */
/** ResourcesListResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/ResourcesListResult */
/** ResourcesReadParams — Source: schemas/mcp-2026-07-28.schema.json#/$defs/ResourcesReadParams */
/** ResourcesReadResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/ResourcesReadResult */
/** ResourcesTemplatesListResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/ResourcesTemplatesListResult */
/** ServerDiscoverResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/ServerDiscoverResult */
/** SubscriptionsListenParams — Source: schemas/mcp-2026-07-28.schema.json#/$defs/SubscriptionsListenParams */
/** SubscriptionsListenResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/SubscriptionsListenResult */
/** TaskFields — Source: schemas/mcp-2026-07-28.schema.json#/$defs/TaskFields */
/** TaskParams — Source: schemas/mcp-2026-07-28.schema.json#/$defs/TaskParams */
/** TasksGetResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/TasksGetResult */
/** TasksUpdateParams — Source: schemas/mcp-2026-07-28.schema.json#/$defs/TasksUpdateParams */
/** Tool — Source: schemas/mcp-2026-07-28.schema.json#/$defs/Tool */
/** ToolsCallParams — Source: schemas/mcp-2026-07-28.schema.json#/$defs/ToolsCallParams */
/** ToolsCallResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/ToolsCallResult */
/** ToolsListResult — Source: schemas/mcp-2026-07-28.schema.json#/$defs/ToolsListResult */
/**
 * The flat CreateTaskResult of the tasks extension.
 */
export type CreateTaskResult = TaskFields & {
    resultType: 'task';
};
/**
 * The DetailedTask: the task's fields, and for a completed task its CallToolResult, for a failed one the JSON-RPC error, for one waiting on the client its inputRequests.
 */
export type TasksGetResult = TaskFields & {
    resultType: 'complete';
    result?: CallToolResult;
    error?: {
        code: number;
        message: string;
    };
    inputRequests?: {
        [k: string]: unknown;
    };
};
export type ToolsCallResult = CallToolResult | InputRequiredResult | CreateTaskResult;
export interface McpWire {
    Acknowledged?: Acknowledged;
    CallToolResult?: CallToolResult;
    CompletionCompleteParams?: CompletionCompleteParams;
    CompletionCompleteResult?: CompletionCompleteResult;
    ContentBlock?: ContentBlock;
    CreateTaskResult?: CreateTaskResult;
    InputRequiredResult?: InputRequiredResult;
    Meta?: Meta;
    PageParams?: PageParams;
    PromptsGetParams?: PromptsGetParams;
    PromptsGetResult?: PromptsGetResult;
    PromptsListResult?: PromptsListResult;
    RequestParams?: RequestParams;
    ResourcesListResult?: ResourcesListResult;
    ResourcesReadParams?: ResourcesReadParams;
    ResourcesReadResult?: ResourcesReadResult;
    ResourcesTemplatesListResult?: ResourcesTemplatesListResult;
    ServerDiscoverResult?: ServerDiscoverResult;
    SubscriptionsListenParams?: SubscriptionsListenParams;
    SubscriptionsListenResult?: SubscriptionsListenResult;
    TaskFields?: TaskFields;
    TaskParams?: TaskParams;
    TasksGetResult?: TasksGetResult;
    TasksUpdateParams?: TasksUpdateParams;
    Tool?: Tool;
    ToolsCallParams?: ToolsCallParams;
    ToolsCallResult?: ToolsCallResult;
    ToolsListResult?: ToolsListResult;
}
export interface Acknowledged {
    resultType: 'complete';
}
export interface CallToolResult {
    content: ContentBlock[];
    structuredContent?: {
        [k: string]: unknown;
    };
    isError: boolean;
    resultType: 'complete';
}
export interface ContentBlock {
    type: string;
    [k: string]: unknown;
}
/**
 * completion/complete. ref names the prompt (ref/prompt, by name) or resource template (ref/resource, by uri) whose argument is completed, and context the values of its other arguments already chosen; both are checked by the handler against what the caller can list.
 */
export interface CompletionCompleteParams {
    _meta?: Meta;
    ref?: unknown;
    argument: {
        name: string;
        value: string;
    };
    context?: unknown;
    [k: string]: unknown;
}
/**
 * The request's _meta: protocol version, client capabilities and the other io.modelcontextprotocol/* keys (checked by the envelope rules, not here).
 */
export interface Meta {
    [k: string]: unknown;
}
export interface CompletionCompleteResult {
    completion: {
        values: string[];
        total?: number;
        hasMore?: boolean;
    };
    resultType: 'complete';
}
/**
 * What every task answer carries (the tasks extension's Task).
 */
export interface TaskFields {
    taskId: string;
    /**
     * The tasks extension's task status.
     */
    status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
    createdAt: string;
    lastUpdatedAt: string;
    ttlMs: number;
    pollIntervalMs: number;
}
/**
 * The mrtr answer: one input request per open interrupt, keyed by interruptId, and the state to retry with.
 */
export interface InputRequiredResult {
    resultType: 'input_required';
    inputRequests: {
        [k: string]: unknown;
    };
    requestState: string;
}
/**
 * A list request: the cursor of the page wanted, absent for the first page.
 */
export interface PageParams {
    _meta?: Meta;
    cursor?: string;
}
export interface PromptsGetParams {
    _meta?: Meta;
    name: string;
    /**
     * Values for the prompt's declared arguments (checked by the handler: declared names, string values).
     */
    arguments?: {
        [k: string]: unknown;
    };
}
export interface PromptsGetResult {
    description?: string;
    messages: {}[];
    resultType: 'complete';
}
/**
 * The catalogue's prompts.
 */
export interface PromptsListResult {
    prompts: {}[];
    resultType: 'complete';
    ttlMs: number;
    cacheScope: 'public' | 'private';
    nextCursor?: string;
    _meta?: {
        [k: string]: unknown;
    };
}
export interface RequestParams {
    _meta?: Meta;
}
/**
 * The catalogue's resources.
 */
export interface ResourcesListResult {
    resources: {}[];
    resultType: 'complete';
    ttlMs: number;
    cacheScope: 'public' | 'private';
    nextCursor?: string;
    _meta?: {
        [k: string]: unknown;
    };
}
export interface ResourcesReadParams {
    _meta?: Meta;
    uri: string;
}
export interface ResourcesReadResult {
    contents: {}[];
    resultType: 'complete';
    ttlMs: number;
    cacheScope: 'public' | 'private';
    nextCursor?: string;
    _meta?: {
        [k: string]: unknown;
    };
}
/**
 * The catalogue's resource templates.
 */
export interface ResourcesTemplatesListResult {
    resourceTemplates: {}[];
    resultType: 'complete';
    ttlMs: number;
    cacheScope: 'public' | 'private';
    nextCursor?: string;
    _meta?: {
        [k: string]: unknown;
    };
}
export interface ServerDiscoverResult {
    supportedVersions: string[];
    capabilities: {
        [k: string]: unknown;
    };
    resultType: 'complete';
    ttlMs: number;
    cacheScope: 'public' | 'private';
    nextCursor?: string;
    _meta?: {
        [k: string]: unknown;
    };
}
export interface SubscriptionsListenParams {
    _meta?: Meta;
    /**
     * Which notifications the stream carries.
     */
    notifications: {
        /**
         * Tasks whose status changes are sent (the tasks extension's parameter).
         */
        taskIds?: string[];
    };
}
export interface SubscriptionsListenResult {
    resultType: 'complete';
    _meta: {
        [k: string]: unknown;
    };
}
export interface TaskParams {
    _meta?: Meta;
    /**
     * The run's projected id.
     */
    taskId: string;
}
/**
 * tasks/update. inputResponses are answers keyed by interruptId, checked by the handler against the interrupts still open.
 */
export interface TasksUpdateParams {
    _meta?: Meta;
    taskId: string;
    inputResponses?: unknown;
}
export interface Tool {
    name: string;
    description: string;
    inputSchema: {
        [k: string]: unknown;
    };
    execution?: {
        taskSupport: 'forbidden' | 'optional' | 'required';
    };
}
/**
 * tools/call. requestState is the opaque state of an earlier input_required result (its validity is the handler's check: a bad one is -32602 with reason request_state_invalid); inputResponses answers that result's inputRequests and is read only with a requestState, only for the keys it asked.
 */
export interface ToolsCallParams {
    _meta?: Meta;
    /**
     * The tool: a workflow id.
     */
    name: string;
    /**
     * Checked against the tool's inputSchema before any run exists.
     */
    arguments?: {
        [k: string]: unknown;
    };
    requestState?: unknown;
    inputResponses?: unknown;
}
/**
 * The tools the caller may call, sorted by name.
 */
export interface ToolsListResult {
    tools: Tool[];
    resultType: 'complete';
    ttlMs: number;
    cacheScope: 'public' | 'private';
    nextCursor?: string;
    _meta?: {
        [k: string]: unknown;
    };
}
