import { type Check, type ClientLimits, type ClientNegotiation, type FetchLike, type HeaderSource, type TraceContext } from './support.js';
export type JsonRpcId = string | number;
export interface McpRequestMessage {
    jsonrpc: '2.0';
    id: JsonRpcId;
    method: string;
    params: Record<string, unknown>;
}
export interface McpResponseMessage {
    jsonrpc: '2.0';
    id: JsonRpcId | null;
    result?: unknown;
    error?: {
        code: number;
        message: string;
        data?: unknown;
    };
}
/** How a client reaches a server: one request, one response (an error response included). */
export interface McpTransport {
    /** `signal` aborting before the response is the request's cancellation (HTTP: disconnect). */
    request(message: McpRequestMessage, headers: Record<string, string>, signal: AbortSignal): Promise<McpResponseMessage>;
    /** The server's origin or command, what a host names the peer by. */
    readonly peer: string;
    close?(): Promise<void>;
}
/** What a generated package hands the core: its tables. */
export interface McpClientTables {
    revision: string;
    tasksExtension: string | null;
    metaProtocolVersion: string;
    metaClientCapabilities: string;
    /** Per method, the check of its result. */
    answers: Readonly<Record<string, Check<unknown>>>;
    /** The protocol errors of the revision, by name (code and HTTP status). */
    protocolErrors: Readonly<Record<string, {
        code: number;
    }>>;
    header: string;
}
/** A JSON-RPC error the server answered, named from the revision's registry when it is one. */
export declare class McpRemoteError extends Error {
    readonly name: string;
    readonly code: number;
    readonly data: unknown;
    constructor(name: string, message: string, code: number, data: unknown);
}
/** The server could not be spoken to at the pinned revision. */
export declare class McpNegotiationError extends Error {
    readonly negotiation: ClientNegotiation;
    readonly supported: readonly string[];
    readonly name = "McpNegotiationError";
    constructor(negotiation: ClientNegotiation, supported: readonly string[]);
}
/** Answers to a round's `inputRequests`, keyed as asked (MCP multi-round input). */
export type InputResponses = Record<string, unknown>;
/** What the caller does with a round's `inputRequests`: their answers, keyed as asked. */
export type OnInput = (inputRequests: Record<string, unknown>) => Promise<InputResponses>;
export interface McpCallOptions {
    signal?: AbortSignal;
    /** More `_meta` members (the envelope's own keys win). */
    meta?: Record<string, unknown>;
    trace?: TraceContext;
    /** Declare the tasks extension on this request. */
    tasks?: boolean;
    /**
     * The request's JSON-RPC id, for a caller that sends the same request again after a restart and
     * names it the same each time (the client numbers its requests otherwise).
     */
    id?: JsonRpcId;
    /** Sent as `Idempotency-Key` over HTTP (stdio has no headers): a server may answer a repeat as the first. */
    idempotencyKey?: string;
}
export interface McpToolCallOptions extends McpCallOptions {
    /** Answers input requests; without it an `input_required` result is returned as it is. */
    onInput?: OnInput;
    /** Rounds answered at most before the call is given up (default 8). */
    maxRounds?: number;
    /** A retry's answers and state (a caller that keeps rounds itself, e.g. across a restart). */
    inputResponses?: InputResponses;
    requestState?: string;
}
export interface McpClientOptions {
    transport: McpTransport;
    clientInfo?: {
        name: string;
        version: string;
    };
    /** The client's capabilities (`io.modelcontextprotocol/clientCapabilities`). */
    capabilities?: Record<string, unknown>;
}
/** `Mcp-Name`: the value, or `=?base64?…?=` when it is not plain visible ASCII (MCP transports). */
export declare function mcpNameHeader(value: string): string;
export declare class McpClientCore {
    private readonly tables;
    private readonly options;
    private nextId;
    private discovered;
    constructor(tables: McpClientTables, options: McpClientOptions);
    /** The peer's negotiation outcome once `discover` ran. */
    negotiation: ClientNegotiation | undefined;
    /** Whether the server advertised the tasks extension in `server/discover`. */
    get serverHasTasks(): boolean;
    /**
     * `server/discover`, and the negotiation: accepted when the server offers the pinned revision;
     * refused (McpNegotiationError) otherwise, also when it answers -32022 with its `supported`.
     */
    discover(opts?: McpCallOptions): Promise<Record<string, unknown>>;
    /** One request: the envelope and headers added, the result checked, an error typed. */
    request(method: string, params: Record<string, unknown>, opts?: McpCallOptions): Promise<unknown>;
    /**
     * `tools/call`, rounds of `input_required` answered through `onInput` and retried with the
     * echoed `requestState` (MCP multi-round input) until the result is complete, or a task when
     * the tasks extension was declared and the server made one.
     */
    callTool(name: string, args: Record<string, unknown>, opts?: McpToolCallOptions): Promise<Record<string, unknown>>;
    /**
     * Follows a task of the tasks extension to its end: `tasks/get` every `pollIntervalMs` (at
     * least `minPollMs`), its `inputRequests` answered through `onInput` with `tasks/update`.
     * Answers the last `tasks/get` result (completed, failed or cancelled).
     */
    followTask(taskId: string, opts?: McpCallOptions & {
        onInput?: OnInput;
        minPollMs?: number;
    }): Promise<Record<string, unknown>>;
    private envelope;
    private remoteError;
    close(): Promise<void>;
}
export interface McpHttpOptions {
    fetch?: FetchLike;
    /** Headers of every request (a credential the caller's host binds to this server). */
    headers?: HeaderSource;
    limits?: Partial<ClientLimits>;
}
/**
 * Streamable HTTP without a session: one POST per request; the response is JSON, or an SSE
 * stream read until the message answering the request (notifications before it are dropped). A
 * 4xx whose body is a JSON-RPC error for the request is that error (-32020, -32021, -32022).
 * Aborting the signal closes the exchange, which a server reads as cancellation.
 */
export declare function mcpHttpTransport(url: string, options?: McpHttpOptions): McpTransport;
