// The A2A client core (A2A 1.0, both bindings) that a generated package binds to its own tables
// (a2a/client.ts): the operation rows say each method's HTTP+JSON verb and path and whether it
// streams, the error registry turns an answer's ErrorInfo `reason` (or its JSON-RPC code) into a
// typed error, and the answer validators check every result and event before a caller sees it.
// wopgen writes this file as it is into every package.
import { AnswerError, DEFAULT_LIMITS, deadline, fetchFault, headersOf, isObject, originOf, parseJson, readBounded, sseEvents, } from './support.js';
export const A2A_BINDINGS = ['JSONRPC', 'HTTP+JSON'];
/**
 * An error the remote agent answered, typed by the registry: `name` is the registry's name
 * (`TaskNotFoundError`), found from the ErrorInfo `reason` first, else from the JSON-RPC code or
 * the HTTP status; `A2aError` when none matches.
 */
export class A2aRemoteError extends Error {
    name;
    binding;
    code;
    reason;
    httpStatus;
    metadata;
    constructor(name, message, binding, code, reason, httpStatus, 
    /** ErrorInfo `metadata` (e.g. `supportedVersions` of VersionNotSupportedError). */
    metadata) {
        super(message);
        this.name = name;
        this.binding = binding;
        this.code = code;
        this.reason = reason;
        this.httpStatus = httpStatus;
        this.metadata = metadata;
    }
}
/** The binding an interface names, when it is one this client speaks. */
export function bindingOf(i) {
    const b = i.protocolBinding.toUpperCase();
    return A2A_BINDINGS.includes(b) ? b : undefined;
}
/**
 * The interface of `card` this client calls, and the negotiation that chose it: an interface of
 * a binding the client speaks at the pinned version (a card entry naming no version is read as
 * it), the `prefer`red binding first, then card order. Refused `unsupported` when none is.
 */
export function chooseInterface(tables, card, cardUrl, prefer = A2A_BINDINGS) {
    const pinned = tables.version.pinned;
    const listed = isObject(card) && Array.isArray(card['supportedInterfaces'])
        ? card['supportedInterfaces'].filter((i) => isObject(i) && typeof i['url'] === 'string' && typeof i['protocolBinding'] === 'string')
        : [];
    const usable = listed.filter((i) => bindingOf(i) !== undefined && (i.protocolVersion ?? pinned) === pinned);
    const rank = (i) => {
        const r = prefer.indexOf(bindingOf(i));
        return r < 0 ? prefer.length : r;
    };
    const chosen = [...usable].sort((a, b) => rank(a) - rank(b))[0];
    const peer = originOf(chosen?.url ?? cardUrl);
    const negotiation = chosen
        ? {
            protocol: 'a2a',
            outcome: 'accepted',
            version: pinned,
            requested: pinned,
            reason: 'ok',
            peer,
        }
        : { protocol: 'a2a', outcome: 'refused', requested: pinned, reason: 'unsupported', peer };
    return { interface: chosen, negotiation };
}
/** The agent card at `url` (GET, bounded), checked to be a JSON object. */
export async function readAgentCard(tables, url, opts = {}) {
    const limits = { ...DEFAULT_LIMITS, ...opts.limits };
    const signal = deadline(limits.timeoutMs, opts.signal);
    const headers = await headersOf(opts.headers, {
        [tables.version.header]: tables.version.pinned,
        accept: 'application/json',
    });
    let res;
    try {
        res = await (opts.fetch ?? fetch)(url, { method: 'GET', headers, signal, redirect: 'error' });
    }
    catch (err) {
        throw fetchFault(err, signal, opts.signal);
    }
    const text = await readBounded(res, limits.maxBytes);
    if (!res.ok)
        throw new AnswerError('http', `the agent card answered HTTP ${res.status}`, res.status);
    const card = parseJson(text);
    if (!isObject(card))
        throw new AnswerError('invalid', 'the agent card is not a JSON object');
    return card;
}
export class A2aClientCore {
    tables;
    options;
    binding;
    limits;
    doFetch;
    nextId = 1;
    constructor(tables, options) {
        this.tables = tables;
        this.options = options;
        const binding = bindingOf(options.interface);
        if (!binding)
            throw new Error(`no A2A binding ${options.interface.protocolBinding}`);
        this.binding = binding;
        this.limits = { ...DEFAULT_LIMITS, ...options.limits };
        this.doFetch = options.fetch ?? ((url, init) => fetch(url, init));
    }
    /** A unary method: its result, checked, or the remote's typed error. */
    async call(method, params, opts = {}) {
        const signal = deadline(this.limits.timeoutMs, opts.signal);
        const res = await this.send(method, params, opts, signal, false);
        const text = await readBounded(res, this.limits.maxBytes);
        const body = text === '' ? {} : parseJson(text);
        if (this.binding === 'JSONRPC') {
            if (!isObject(body))
                throw new AnswerError('malformed', 'the answer is not a JSON-RPC response');
            if (isObject(body['error']))
                throw this.jsonRpcError(body['error'], res.status);
            if (!('result' in body))
                throw new AnswerError('malformed', 'the answer has neither result nor error', res.status);
            return this.checked(method, body['result']);
        }
        if (!res.ok)
            throw this.statusError(body, res.status);
        return this.checked(method, body);
    }
    /** A streaming method: its events, each checked; a remote error ends it typed. */
    async *stream(method, params, opts = {}) {
        const opened = deadline(this.limits.timeoutMs, opts.signal);
        const res = await this.send(method, params, opts, opened, true);
        const type = res.headers.get('content-type') ?? '';
        if (!type.startsWith('text/event-stream')) {
            // A refusal before the stream opened: a JSON error body.
            const text = await readBounded(res, this.limits.maxBytes);
            const body = text === '' ? {} : parseJson(text);
            if (this.binding === 'JSONRPC' && isObject(body) && isObject(body['error']))
                throw this.jsonRpcError(body['error'], res.status);
            if (this.binding === 'HTTP+JSON')
                throw this.statusError(body, res.status);
            throw new AnswerError('malformed', `a stream answered ${type || 'no content type'}`, res.status);
        }
        for await (const e of sseEvents(res, this.limits, opts.signal)) {
            const data = parseJson(e.data);
            if (this.binding === 'JSONRPC') {
                if (!isObject(data))
                    throw new AnswerError('malformed', 'a stream event is not a JSON-RPC response');
                if (isObject(data['error']))
                    throw this.jsonRpcError(data['error'], 200);
                yield this.checked(method, data['result']);
            }
            else {
                if (e.event === 'error')
                    throw this.statusError(data, 200);
                yield this.checked(method, data);
            }
        }
    }
    async send(method, params, opts, signal, streaming) {
        const { header, pinned } = this.tables.version;
        const accept = streaming ? 'text/event-stream' : 'application/json';
        const headers = await headersOf(this.options.headers, opts.headers, {
            [header]: pinned,
            accept,
            'content-type': 'application/json',
        });
        const request = this.binding === 'JSONRPC'
            ? this.jsonRpcRequest(method, params)
            : this.httpRequest(method, params);
        try {
            return await this.doFetch(request.url, {
                method: request.verb,
                headers,
                signal,
                redirect: 'error',
                ...(request.body !== undefined ? { body: request.body } : {}),
            });
        }
        catch (err) {
            throw fetchFault(err, signal, opts.signal);
        }
    }
    jsonRpcRequest(method, params) {
        const tenant = this.options.interface.tenant;
        const withTenant = tenant && params['tenant'] === undefined ? { ...params, tenant } : params;
        const id = this.nextId++;
        return {
            url: this.options.interface.url,
            verb: 'POST',
            body: JSON.stringify({ jsonrpc: '2.0', id, method, params: withTenant }),
        };
    }
    /**
     * A2A 1.0 HTTP+JSON: the row's verb and path; `{id}` is the task (a push config's `taskId`),
     * `{configId}` a push config's `id`; a tenant prefixes the path; the rest of the message is the
     * query of a GET or DELETE, and the body of a POST that names no `:action` of a task.
     */
    httpRequest(method, params) {
        const row = this.tables.operations.find((o) => o.method === method && o.http);
        if (!row?.http)
            throw new Error(`${method} has no HTTP+JSON binding in this contract`);
        const pushConfig = row.http.path.includes('/pushNotificationConfigs');
        const rest = { ...params };
        const take = (name) => {
            const v = rest[name];
            delete rest[name];
            return encodeURIComponent(String(v ?? ''));
        };
        const tenant = rest['tenant'] ?? this.options.interface.tenant;
        delete rest['tenant'];
        let path = row.http.path;
        if (path.includes('{id}'))
            path = path.replace('{id}', pushConfig ? take('taskId') : take('id'));
        if (path.includes('{configId}'))
            path = path.replace('{configId}', take('id'));
        if (tenant)
            path = `/${encodeURIComponent(tenant)}${path}`;
        let url = this.options.interface.url.replace(/\/+$/, '') + path;
        const verb = row.http.verb;
        if (verb === 'GET' || verb === 'DELETE') {
            const query = new URLSearchParams();
            for (const [k, v] of Object.entries(rest))
                if (v !== undefined && v !== null)
                    query.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
            const q = query.toString();
            if (q !== '')
                url += `?${q}`;
            return { url, verb, body: undefined };
        }
        const action = /:[A-Za-z]+$/.test(row.http.path);
        if (pushConfig && params['taskId'] !== undefined)
            rest['taskId'] = params['taskId'];
        return {
            url,
            verb,
            body: action && Object.keys(rest).length === 0 ? undefined : JSON.stringify(rest),
        };
    }
    checked(method, value) {
        const check = this.tables.answers[method];
        if (!check)
            return value;
        // An empty message (DeleteTaskPushNotificationConfig's) may come back as null.
        const r = check(value ?? {});
        if (r.ok)
            return r.value;
        throw this.typed('InvalidAgentResponseError', `the agent's answer to ${method} is not valid: ${r.refusal.message}`, undefined, undefined, {});
    }
    /** The ErrorInfo of an error's `data` (an array, or through A2A 2.x an object) or `details`. */
    errorInfo(data) {
        const items = Array.isArray(data) ? data : isObject(data) ? [data] : [];
        for (const item of items) {
            if (!isObject(item) || typeof item['reason'] !== 'string')
                continue;
            if (item['@type'] !== undefined && item['@type'] !== this.tables.errorInfoType)
                continue;
            const metadata = {};
            if (isObject(item['metadata']))
                for (const [k, v] of Object.entries(item['metadata']))
                    if (typeof v === 'string')
                        metadata[k] = v;
            return { reason: item['reason'], metadata };
        }
        return { metadata: {} };
    }
    jsonRpcError(error, status) {
        const code = typeof error['code'] === 'number' ? error['code'] : undefined;
        const message = typeof error['message'] === 'string' ? error['message'] : 'the agent refused the call';
        const info = this.errorInfo(error['data']);
        const row = (info.reason !== undefined ? this.tables.errorsByReason.get(info.reason) : undefined) ??
            (code !== undefined ? this.tables.errorsByCode.get(code) : undefined);
        return new A2aRemoteError(row?.name ?? 'A2aError', message, 'JSONRPC', code, info.reason ?? row?.reason, status, info.metadata);
    }
    /** A `google.rpc.Status` answer (A2A §11.6), typed by its ErrorInfo, else by the HTTP status. */
    statusError(body, status) {
        const error = isObject(body) && isObject(body['error']) ? body['error'] : undefined;
        const message = typeof error?.['message'] === 'string'
            ? error['message']
            : `the agent answered HTTP ${status}`;
        const info = this.errorInfo(error?.['details']);
        const row = info.reason !== undefined ? this.tables.errorsByReason.get(info.reason) : undefined;
        const code = row?.jsonrpc;
        return new A2aRemoteError(row?.name ?? 'A2aError', message, 'HTTP+JSON', code, info.reason, status, info.metadata);
    }
    typed(name, message, code, status, metadata) {
        const row = [...this.tables.errorsByCode.values()].find((r) => r.name === name);
        return new A2aRemoteError(name, message, this.binding, code ?? row?.jsonrpc, row?.reason, status, metadata);
    }
}
