/** The transport seam: the global `fetch`, or anything that answers as it does. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;
/** How much of a peer's answer a client reads, and for how long it waits. */
export interface ClientLimits {
    /** Bytes of one answer (a JSON body, or one stream event). */
    maxBytes: number;
    /** Milliseconds a unary call waits for its whole answer; a stream waits this long per event. */
    timeoutMs: number;
}
export declare const DEFAULT_LIMITS: ClientLimits;
/** W3C Trace Context carried into an outbound request (interop.md §Trace context). */
export interface TraceContext {
    traceparent: string;
    tracestate?: string;
}
/** Whether `value` is a well-formed `traceparent` (a malformed one is never sent). */
export declare function isTraceparent(value: unknown): value is string;
/** Typed value, or the refusal naming the field (the generated validators' shape). */
export type Check<T> = (value: unknown) => {
    ok: true;
    value: T;
} | {
    ok: false;
    refusal: {
        field: string;
        message: string;
    };
};
/** Why an answer never reached the caller: the client itself refused it. */
export type AnswerFault = 'too-large' | 'timeout' | 'malformed' | 'invalid' | 'http' | 'network';
/** An answer the client refused before a caller saw it (size, time, framing, schema). */
export declare class AnswerError extends Error {
    readonly fault: AnswerFault;
    readonly httpStatus?: number | undefined;
    readonly name = "AnswerError";
    constructor(fault: AnswerFault, message: string, httpStatus?: number | undefined);
}
/** One signal for a call: the caller's, and a deadline of `ms`. */
export declare function deadline(ms: number, signal?: AbortSignal): AbortSignal;
/** What a fetch failure was: the deadline, the caller's abort, or the network. */
export declare function fetchFault(err: unknown, signal: AbortSignal, caller?: AbortSignal): Error;
/** The body of `res` as text, refused once it passes `maxBytes`. */
export declare function readBounded(res: Response, maxBytes: number): Promise<string>;
/** JSON text parsed; a body that is not JSON is a malformed answer. */
export declare function parseJson(text: string): unknown;
/** Whether `v` is a JSON object (not an array, not null). */
export declare function isObject(v: unknown): v is Record<string, unknown>;
/** One server-sent event: its `event` name (`message` when none) and its joined `data` lines. */
export interface SseEvent {
    event: string;
    data: string;
}
/**
 * The events of an SSE body, each bounded by `maxBytes`; `idleMs` bounds the wait for the next
 * one. Comments and `id:`/`retry:` lines are read and dropped.
 */
export declare function sseEvents(res: Response, limits: ClientLimits, caller?: AbortSignal): AsyncGenerator<SseEvent>;
/** The headers of a call: the client's, then the call's own (a later one wins). */
export declare function headersOf(...sources: (HeaderSource | undefined)[]): Promise<Record<string, string>>;
/** Headers, or a function that answers them per call (a credential read when it is used). */
export type HeaderSource = Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
/** The outcome of a client's version negotiation, content-free: what a host records. */
export interface ClientNegotiation {
    protocol: 'a2a' | 'mcp';
    outcome: 'accepted' | 'refused';
    /** The version settled on (accepted only). */
    version?: string;
    /** The version the client asked for. */
    requested: string;
    reason: 'ok' | 'unsupported';
    /** The peer's origin (`https://agent.example`): a host records its digest. */
    peer: string;
}
/** The origin of `url` (`scheme://host[:port]`). */
export declare function originOf(url: string): string;
