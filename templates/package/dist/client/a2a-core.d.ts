import { type Check, type ClientLimits, type ClientNegotiation, type FetchLike, type HeaderSource } from './support.js';
/** One row of the operation table, as much of it as a client reads. */
export interface A2aClientRow {
    method: string;
    http: {
        verb: string;
        path: string;
    } | null;
    streaming: boolean;
}
/** One row of the error registry, as much of it as a client reads. */
export interface A2aClientErrorRow {
    name: string;
    jsonrpc: number;
    http: number;
    reason: string;
}
/** What a generated package hands the core: its tables. */
export interface A2aClientTables {
    operations: readonly A2aClientRow[];
    errorsByCode: ReadonlyMap<number, A2aClientErrorRow>;
    errorsByReason: ReadonlyMap<string, A2aClientErrorRow>;
    errorInfoType: string;
    /** Per method, the check of its answer (a stream's events, else its result). */
    answers: Readonly<Record<string, Check<unknown>>>;
    /** The negotiation table: the version header and the pinned version. */
    version: {
        header: string;
        pinned: string;
    };
}
/** An interface of an agent card (`supportedInterfaces[]`). */
export interface A2aInterface {
    url: string;
    protocolBinding: string;
    protocolVersion?: string;
    tenant?: string;
}
export type A2aBinding = 'JSONRPC' | 'HTTP+JSON';
export declare const A2A_BINDINGS: readonly A2aBinding[];
/**
 * An error the remote agent answered, typed by the registry: `name` is the registry's name
 * (`TaskNotFoundError`), found from the ErrorInfo `reason` first, else from the JSON-RPC code or
 * the HTTP status; `A2aError` when none matches.
 */
export declare class A2aRemoteError extends Error {
    readonly name: string;
    readonly binding: A2aBinding;
    readonly code: number | undefined;
    readonly reason: string | undefined;
    readonly httpStatus: number | undefined;
    /** ErrorInfo `metadata` (e.g. `supportedVersions` of VersionNotSupportedError). */
    readonly metadata: Readonly<Record<string, string>>;
    constructor(name: string, message: string, binding: A2aBinding, code: number | undefined, reason: string | undefined, httpStatus: number | undefined, 
    /** ErrorInfo `metadata` (e.g. `supportedVersions` of VersionNotSupportedError). */
    metadata: Readonly<Record<string, string>>);
}
export interface A2aClientOptions {
    /** The interface to call (from the card: `selectInterface`). */
    interface: A2aInterface;
    /** The transport seam; the global `fetch` when absent. */
    fetch?: FetchLike;
    /** Headers of every call (a credential the caller's host binds to this peer). */
    headers?: HeaderSource;
    limits?: Partial<ClientLimits>;
}
export interface A2aCallOptions {
    signal?: AbortSignal;
    headers?: Record<string, string>;
}
/** The binding an interface names, when it is one this client speaks. */
export declare function bindingOf(i: A2aInterface): A2aBinding | undefined;
/**
 * The interface of `card` this client calls, and the negotiation that chose it: an interface of
 * a binding the client speaks at the pinned version (a card entry naming no version is read as
 * it), the `prefer`red binding first, then card order. Refused `unsupported` when none is.
 */
export declare function chooseInterface(tables: Pick<A2aClientTables, 'version'>, card: unknown, cardUrl: string, prefer?: readonly A2aBinding[]): {
    interface: A2aInterface | undefined;
    negotiation: ClientNegotiation;
};
/** The agent card at `url` (GET, bounded), checked to be a JSON object. */
export declare function readAgentCard(tables: Pick<A2aClientTables, 'version'>, url: string, opts?: {
    fetch?: FetchLike;
    headers?: HeaderSource;
    limits?: Partial<ClientLimits>;
    signal?: AbortSignal;
}): Promise<Record<string, unknown>>;
export declare class A2aClientCore {
    private readonly tables;
    private readonly options;
    readonly binding: A2aBinding;
    private readonly limits;
    private readonly doFetch;
    private nextId;
    constructor(tables: A2aClientTables, options: A2aClientOptions);
    /** A unary method: its result, checked, or the remote's typed error. */
    call(method: string, params: Record<string, unknown>, opts?: A2aCallOptions): Promise<unknown>;
    /** A streaming method: its events, each checked; a remote error ends it typed. */
    stream(method: string, params: Record<string, unknown>, opts?: A2aCallOptions): AsyncGenerator<unknown>;
    private send;
    private jsonRpcRequest;
    /**
     * A2A 1.0 HTTP+JSON: the row's verb and path; `{id}` is the task (a push config's `taskId`),
     * `{configId}` a push config's `id`; a tenant prefixes the path; the rest of the message is the
     * query of a GET or DELETE, and the body of a POST that names no `:action` of a task.
     */
    private httpRequest;
    private checked;
    /** The ErrorInfo of an error's `data` (an array, or through A2A 2.x an object) or `details`. */
    private errorInfo;
    private jsonRpcError;
    /** A `google.rpc.Status` answer (A2A §11.6), typed by its ErrorInfo, else by the HTTP status. */
    private statusError;
    private typed;
}
