// What the generated A2A and MCP clients share (client/a2a-core.ts, client/mcp-core.ts): the
// transport seam (a `fetch`), answers read under a size and time bound, SSE framing, W3C trace
// context, and the checks an answer passes before a caller sees it. wopgen writes this file as it
// is into every package; it imports nothing, so a package can be used without the rest of wopgen.
export const DEFAULT_LIMITS = { maxBytes: 4 * 1024 * 1024, timeoutMs: 30_000 };
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
/** Whether `value` is a well-formed `traceparent` (a malformed one is never sent). */
export function isTraceparent(value) {
    return typeof value === 'string' && TRACEPARENT.test(value);
}
/** An answer the client refused before a caller saw it (size, time, framing, schema). */
export class AnswerError extends Error {
    fault;
    httpStatus;
    name = 'AnswerError';
    constructor(fault, message, httpStatus) {
        super(message);
        this.fault = fault;
        this.httpStatus = httpStatus;
    }
}
/** One signal for a call: the caller's, and a deadline of `ms`. */
export function deadline(ms, signal) {
    const timer = AbortSignal.timeout(ms);
    return signal ? AbortSignal.any([signal, timer]) : timer;
}
/** What a fetch failure was: the deadline, the caller's abort, or the network. */
export function fetchFault(err, signal, caller) {
    if (caller?.aborted)
        return caller.reason instanceof Error ? caller.reason : new Error('aborted');
    if (signal.aborted)
        return new AnswerError('timeout', 'the peer did not answer in time');
    if (err instanceof AnswerError)
        return err;
    return new AnswerError('network', `the peer could not be reached: ${String(err)}`);
}
/** The body of `res` as text, refused once it passes `maxBytes`. */
export async function readBounded(res, maxBytes) {
    if (!res.body)
        return '';
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) {
        await res.body.cancel().catch(() => undefined);
        throw new AnswerError('too-large', `the answer is larger than ${maxBytes} bytes`);
    }
    const reader = res.body.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            break;
        size += value.byteLength;
        if (size > maxBytes) {
            await reader.cancel().catch(() => undefined);
            throw new AnswerError('too-large', `the answer is larger than ${maxBytes} bytes`);
        }
        chunks.push(value);
    }
    return new TextDecoder().decode(concat(chunks, size));
}
function concat(chunks, size) {
    const out = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
        out.set(c, at);
        at += c.byteLength;
    }
    return out;
}
/** JSON text parsed; a body that is not JSON is a malformed answer. */
export function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        throw new AnswerError('malformed', 'the answer is not JSON');
    }
}
/** Whether `v` is a JSON object (not an array, not null). */
export function isObject(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
/**
 * The events of an SSE body, each bounded by `maxBytes`; `idleMs` bounds the wait for the next
 * one. Comments and `id:`/`retry:` lines are read and dropped.
 */
export async function* sseEvents(res, limits, caller) {
    if (!res.body)
        return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let event = '';
    let data = [];
    let size = 0;
    try {
        for (;;) {
            const next = await withIdle(reader.read(), limits.timeoutMs, caller);
            if (next.done)
                return;
            buffer += decoder.decode(next.value, { stream: true });
            size += next.value.byteLength;
            if (size > limits.maxBytes)
                throw new AnswerError('too-large', `a stream event is larger than ${limits.maxBytes} bytes`);
            let nl;
            while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
                const line = buffer.slice(0, nl);
                buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
                if (line === '') {
                    if (data.length > 0)
                        yield { event: event || 'message', data: data.join('\n') };
                    event = '';
                    data = [];
                    size = buffer.length;
                    continue;
                }
                if (line.startsWith(':'))
                    continue;
                const colon = line.indexOf(':');
                const field = colon < 0 ? line : line.slice(0, colon);
                let value = colon < 0 ? '' : line.slice(colon + 1);
                if (value.startsWith(' '))
                    value = value.slice(1);
                if (field === 'event')
                    event = value;
                else if (field === 'data')
                    data.push(value);
            }
        }
    }
    finally {
        await reader.cancel().catch(() => undefined);
    }
}
/** `p`, refused as a timeout after `ms` with nothing, or as the caller's abort. */
async function withIdle(p, ms, caller) {
    let timer;
    let onAbort;
    try {
        return await Promise.race([
            p,
            new Promise((_, reject) => {
                timer = setTimeout(() => reject(new AnswerError('timeout', 'the peer sent nothing in time')), ms);
                if (caller) {
                    onAbort = () => reject(caller.reason instanceof Error ? caller.reason : new Error('aborted'));
                    if (caller.aborted)
                        onAbort();
                    else
                        caller.addEventListener('abort', onAbort, { once: true });
                }
            }),
        ]);
    }
    finally {
        clearTimeout(timer);
        if (onAbort)
            caller?.removeEventListener('abort', onAbort);
    }
}
/** The headers of a call: the client's, then the call's own (a later one wins). */
export async function headersOf(...sources) {
    const out = {};
    for (const s of sources) {
        const h = typeof s === 'function' ? await s() : s;
        if (h)
            Object.assign(out, h);
    }
    return out;
}
/** The origin of `url` (`scheme://host[:port]`). */
export function originOf(url) {
    return new URL(url).origin;
}
