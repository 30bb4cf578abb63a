// The MCP client core (one pinned revision, no `initialize`, no session) that a generated package
// binds to its tables (mcp/client.ts): every request carries the revision's `_meta` envelope and
// its headers, a result is checked by the answer validators before a caller sees it, a
// multi-round `input_required` result is answered through the caller's `onInput` and retried, and
// the tasks extension's task is followed by `tasks/get` and answered by `tasks/update`. A
// transport is the seam: HTTP on `fetch` here, stdio in client/mcp-stdio.ts. wopgen writes this
// file as it is into every package.
import { AnswerError, DEFAULT_LIMITS, deadline, fetchFault, headersOf, isObject, isTraceparent, parseJson, readBounded, sseEvents, } from './support.js';
/** A JSON-RPC error the server answered, named from the revision's registry when it is one. */
export class McpRemoteError extends Error {
    name;
    code;
    data;
    constructor(name, message, code, data) {
        super(message);
        this.name = name;
        this.code = code;
        this.data = data;
    }
}
/** The server could not be spoken to at the pinned revision. */
export class McpNegotiationError extends Error {
    negotiation;
    supported;
    name = 'McpNegotiationError';
    constructor(negotiation, supported) {
        super(`the server offers ${supported.join(', ') || 'no revision'}, not ${negotiation.requested}`);
        this.negotiation = negotiation;
        this.supported = supported;
    }
}
const RESERVED_META = /^io\.modelcontextprotocol\//;
/** `Mcp-Name`: the value, or `=?base64?…?=` when it is not plain visible ASCII (MCP transports). */
export function mcpNameHeader(value) {
    return /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value)
        ? value
        : `=?base64?${btoa(String.fromCharCode(...new TextEncoder().encode(value)))}?=`;
}
export class McpClientCore {
    tables;
    options;
    nextId = 1;
    discovered;
    constructor(tables, options) {
        this.tables = tables;
        this.options = options;
    }
    /** The peer's negotiation outcome once `discover` ran. */
    negotiation;
    /** Whether the server advertised the tasks extension in `server/discover`. */
    get serverHasTasks() {
        const ext = this.tables.tasksExtension;
        const caps = this.discovered?.['capabilities'];
        return (ext !== null && isObject(caps) && isObject(caps['extensions']) && ext in caps['extensions']);
    }
    /**
     * `server/discover`, and the negotiation: accepted when the server offers the pinned revision;
     * refused (McpNegotiationError) otherwise, also when it answers -32022 with its `supported`.
     */
    async discover(opts = {}) {
        const requested = this.tables.revision;
        const peer = this.options.transport.peer;
        let result;
        try {
            result = (await this.request('server/discover', {}, opts));
        }
        catch (err) {
            const unsupported = this.tables.protocolErrors['UnsupportedProtocolVersionError']?.code;
            if (err instanceof McpRemoteError && err.code === unsupported) {
                const supported = isObject(err.data) && Array.isArray(err.data['supported'])
                    ? err.data['supported'].filter((v) => typeof v === 'string')
                    : [];
                this.negotiation = {
                    protocol: 'mcp',
                    outcome: 'refused',
                    requested,
                    reason: 'unsupported',
                    peer,
                };
                throw new McpNegotiationError(this.negotiation, supported);
            }
            throw err;
        }
        const supported = result['supportedVersions'].filter((v) => typeof v === 'string');
        if (!supported.includes(requested)) {
            this.negotiation = {
                protocol: 'mcp',
                outcome: 'refused',
                requested,
                reason: 'unsupported',
                peer,
            };
            throw new McpNegotiationError(this.negotiation, supported);
        }
        this.negotiation = {
            protocol: 'mcp',
            outcome: 'accepted',
            version: requested,
            requested,
            reason: 'ok',
            peer,
        };
        this.discovered = result;
        return result;
    }
    /** One request: the envelope and headers added, the result checked, an error typed. */
    async request(method, params, opts = {}) {
        const id = opts.id ?? this.nextId++;
        const message = {
            jsonrpc: '2.0',
            id,
            method,
            params: { ...params, _meta: this.envelope(opts) },
        };
        const headers = {
            [this.tables.header]: this.tables.revision,
            'Mcp-Method': method,
        };
        const name = params['name'] ?? params['uri'] ?? params['taskId'];
        if (typeof name === 'string')
            headers['Mcp-Name'] = mcpNameHeader(name);
        if (opts.idempotencyKey !== undefined)
            headers['Idempotency-Key'] = opts.idempotencyKey;
        const controller = new AbortController();
        const onAbort = () => controller.abort(opts.signal?.reason);
        if (opts.signal?.aborted)
            onAbort();
        else
            opts.signal?.addEventListener('abort', onAbort, { once: true });
        try {
            const response = await this.options.transport.request(message, headers, controller.signal);
            if (response.error)
                throw this.remoteError(response.error);
            const check = this.tables.answers[method];
            if (!check)
                return response.result;
            const r = check(response.result);
            if (!r.ok)
                throw new AnswerError('invalid', `the answer to ${method} is not valid: ${r.refusal.message}`);
            return r.value;
        }
        finally {
            opts.signal?.removeEventListener('abort', onAbort);
        }
    }
    /**
     * `tools/call`, rounds of `input_required` answered through `onInput` and retried with the
     * echoed `requestState` (MCP multi-round input) until the result is complete, or a task when
     * the tasks extension was declared and the server made one.
     */
    async callTool(name, args, opts = {}) {
        const maxRounds = opts.maxRounds ?? 8;
        let inputResponses = opts.inputResponses;
        let requestState = opts.requestState;
        for (let round = 0;; round++) {
            const params = { name, arguments: args };
            if (inputResponses !== undefined)
                params['inputResponses'] = inputResponses;
            if (requestState !== undefined)
                params['requestState'] = requestState;
            // The caller's id and key name its first request; a round it answers here is another one.
            const { id: _id, idempotencyKey: _key, ...later } = opts;
            const result = (await this.request('tools/call', params, round === 0 ? opts : later));
            if (result['resultType'] !== 'input_required' || !opts.onInput)
                return result;
            if (round >= maxRounds)
                throw new AnswerError('invalid', `more than ${maxRounds} rounds of input were asked`);
            inputResponses = await opts.onInput(result['inputRequests'] ?? {});
            requestState = result['requestState'];
        }
    }
    /**
     * Follows a task of the tasks extension to its end: `tasks/get` every `pollIntervalMs` (at
     * least `minPollMs`), its `inputRequests` answered through `onInput` with `tasks/update`.
     * Answers the last `tasks/get` result (completed, failed or cancelled).
     */
    async followTask(taskId, opts = {}) {
        // Each poll and answer is a request of its own: a caller's id and key name none of them.
        const { id: _id, idempotencyKey: _key, ...rest } = opts;
        const call = { ...rest, tasks: true };
        for (;;) {
            const task = (await this.request('tasks/get', { taskId }, call));
            const status = task['status'];
            if (status === 'completed' || status === 'failed' || status === 'cancelled')
                return task;
            if (status === 'input_required' && opts.onInput && isObject(task['inputRequests'])) {
                const inputResponses = await opts.onInput(task['inputRequests']);
                await this.request('tasks/update', { taskId, inputResponses }, call);
                continue;
            }
            const wait = Math.max(opts.minPollMs ?? 50, Number(task['pollIntervalMs']) || 0);
            await sleep(Math.min(wait, 5_000), opts.signal);
        }
    }
    envelope(opts) {
        const meta = {};
        for (const [k, v] of Object.entries(opts.meta ?? {}))
            if (!RESERVED_META.test(k))
                meta[k] = v;
        if (opts.trace && isTraceparent(opts.trace.traceparent)) {
            meta['traceparent'] = opts.trace.traceparent;
            if (opts.trace.tracestate)
                meta['tracestate'] = opts.trace.tracestate;
        }
        let capabilities = this.options.capabilities ?? {};
        const ext = this.tables.tasksExtension;
        if (opts.tasks && ext !== null) {
            const declared = isObject(capabilities['extensions']) ? capabilities['extensions'] : {};
            capabilities = { ...capabilities, extensions: { ...declared, [ext]: {} } };
        }
        meta[this.tables.metaProtocolVersion] = this.tables.revision;
        meta[this.tables.metaClientCapabilities] = capabilities;
        if (this.options.clientInfo)
            meta['io.modelcontextprotocol/clientInfo'] = this.options.clientInfo;
        return meta;
    }
    remoteError(error) {
        const named = Object.entries(this.tables.protocolErrors).find(([, e]) => e.code === error.code)?.[0];
        return new McpRemoteError(named ?? 'McpError', String(error.message), error.code, error.data);
    }
    async close() {
        await this.options.transport.close?.();
    }
}
function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        const t = setTimeout(resolve, ms);
        signal?.addEventListener('abort', () => {
            clearTimeout(t);
            reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        }, { once: true });
    });
}
/**
 * Streamable HTTP without a session: one POST per request; the response is JSON, or an SSE
 * stream read until the message answering the request (notifications before it are dropped). A
 * 4xx whose body is a JSON-RPC error for the request is that error (-32020, -32021, -32022).
 * Aborting the signal closes the exchange, which a server reads as cancellation.
 */
export function mcpHttpTransport(url, options = {}) {
    const limits = { ...DEFAULT_LIMITS, ...options.limits };
    const doFetch = options.fetch ?? ((u, init) => fetch(u, init));
    return {
        peer: new URL(url).origin,
        async request(message, extra, caller) {
            const signal = deadline(limits.timeoutMs, caller);
            const headers = await headersOf(options.headers, extra, {
                accept: 'application/json, text/event-stream',
                'content-type': 'application/json',
            });
            let res;
            try {
                res = await doFetch(url, {
                    method: 'POST',
                    headers,
                    body: JSON.stringify(message),
                    signal,
                    redirect: 'error',
                });
            }
            catch (err) {
                throw fetchFault(err, signal, caller);
            }
            const type = res.headers.get('content-type') ?? '';
            if (type.startsWith('text/event-stream')) {
                for await (const e of sseEvents(res, limits, caller)) {
                    const m = parseJson(e.data);
                    if (isObject(m) && m['id'] === message.id && ('result' in m || 'error' in m))
                        return m;
                }
                throw new AnswerError('malformed', 'the stream ended without an answer', res.status);
            }
            let text;
            try {
                text = await readBounded(res, limits.maxBytes);
            }
            catch (err) {
                throw fetchFault(err, signal, caller);
            }
            const body = text === '' ? undefined : parseJsonOrUndefined(text);
            if (isObject(body) && (isObject(body['error']) || (res.ok && 'result' in body)))
                return body;
            throw new AnswerError(res.ok ? 'malformed' : 'http', `the server answered HTTP ${res.status}`, res.status);
        },
    };
}
function parseJsonOrUndefined(text) {
    try {
        return parseJson(text);
    }
    catch {
        return undefined;
    }
}
