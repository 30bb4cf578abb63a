// The A2A client core (A2A 1.0, both bindings) that a generated package binds to its own tables
// (a2a/client.ts): the operation rows say each method's HTTP+JSON verb and path and whether it
// streams, the error registry turns an answer's ErrorInfo `reason` (or its JSON-RPC code) into a
// typed error, and the answer validators check every result and event before a caller sees it.
// wopgen writes this file as it is into every package.
import {
  AnswerError,
  DEFAULT_LIMITS,
  deadline,
  fetchFault,
  headersOf,
  isObject,
  originOf,
  parseJson,
  readBounded,
  sseEvents,
  type Check,
  type ClientLimits,
  type ClientNegotiation,
  type FetchLike,
  type HeaderSource,
} from './support.js';

/** One row of the operation table, as much of it as a client reads. */
export interface A2aClientRow {
  method: string;
  http: { verb: string; path: string } | null;
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
  version: { header: string; pinned: string };
}

/** An interface of an agent card (`supportedInterfaces[]`). */
export interface A2aInterface {
  url: string;
  protocolBinding: string;
  protocolVersion?: string;
  tenant?: string;
}

export type A2aBinding = 'JSONRPC' | 'HTTP+JSON';
export const A2A_BINDINGS: readonly A2aBinding[] = ['JSONRPC', 'HTTP+JSON'];

/**
 * An error the remote agent answered, typed by the registry: `name` is the registry's name
 * (`TaskNotFoundError`), found from the ErrorInfo `reason` first, else from the JSON-RPC code or
 * the HTTP status; `A2aError` when none matches.
 */
export class A2aRemoteError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly binding: A2aBinding,
    readonly code: number | undefined,
    readonly reason: string | undefined,
    readonly httpStatus: number | undefined,
    /** ErrorInfo `metadata` (e.g. `supportedVersions` of VersionNotSupportedError). */
    readonly metadata: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
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
export function bindingOf(i: A2aInterface): A2aBinding | undefined {
  const b = i.protocolBinding.toUpperCase();
  return (A2A_BINDINGS as readonly string[]).includes(b) ? (b as A2aBinding) : undefined;
}

/**
 * The interface of `card` this client calls, and the negotiation that chose it: an interface of
 * a binding the client speaks at the pinned version (a card entry naming no version is read as
 * it), the `prefer`red binding first, then card order. Refused `unsupported` when none is.
 */
export function chooseInterface(
  tables: Pick<A2aClientTables, 'version'>,
  card: unknown,
  cardUrl: string,
  prefer: readonly A2aBinding[] = A2A_BINDINGS,
): { interface: A2aInterface | undefined; negotiation: ClientNegotiation } {
  const pinned = tables.version.pinned;
  const listed =
    isObject(card) && Array.isArray(card['supportedInterfaces'])
      ? card['supportedInterfaces'].filter(
          (i): i is A2aInterface =>
            isObject(i) && typeof i['url'] === 'string' && typeof i['protocolBinding'] === 'string',
        )
      : [];
  const usable = listed.filter(
    (i) => bindingOf(i) !== undefined && (i.protocolVersion ?? pinned) === pinned,
  );
  const rank = (i: A2aInterface) => {
    const r = prefer.indexOf(bindingOf(i)!);
    return r < 0 ? prefer.length : r;
  };
  const chosen = [...usable].sort((a, b) => rank(a) - rank(b))[0];
  const peer = originOf(chosen?.url ?? cardUrl);
  const negotiation: ClientNegotiation = chosen
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
export async function readAgentCard(
  tables: Pick<A2aClientTables, 'version'>,
  url: string,
  opts: {
    fetch?: FetchLike;
    headers?: HeaderSource;
    limits?: Partial<ClientLimits>;
    signal?: AbortSignal;
  } = {},
): Promise<Record<string, unknown>> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const signal = deadline(limits.timeoutMs, opts.signal);
  const headers = await headersOf(opts.headers, {
    [tables.version.header]: tables.version.pinned,
    accept: 'application/json',
  });
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, { method: 'GET', headers, signal, redirect: 'error' });
  } catch (err) {
    throw fetchFault(err, signal, opts.signal);
  }
  const text = await readBounded(res, limits.maxBytes);
  if (!res.ok)
    throw new AnswerError('http', `the agent card answered HTTP ${res.status}`, res.status);
  const card = parseJson(text);
  if (!isObject(card)) throw new AnswerError('invalid', 'the agent card is not a JSON object');
  return card;
}

export class A2aClientCore {
  readonly binding: A2aBinding;
  private readonly limits: ClientLimits;
  private readonly doFetch: FetchLike;
  private nextId = 1;

  constructor(
    private readonly tables: A2aClientTables,
    private readonly options: A2aClientOptions,
  ) {
    const binding = bindingOf(options.interface);
    if (!binding) throw new Error(`no A2A binding ${options.interface.protocolBinding}`);
    this.binding = binding;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.doFetch = options.fetch ?? ((url, init) => fetch(url, init));
  }

  /** A unary method: its result, checked, or the remote's typed error. */
  async call(
    method: string,
    params: Record<string, unknown>,
    opts: A2aCallOptions = {},
  ): Promise<unknown> {
    const signal = deadline(this.limits.timeoutMs, opts.signal);
    const res = await this.send(method, params, opts, signal, false);
    const text = await readBounded(res, this.limits.maxBytes);
    const body = text === '' ? {} : parseJson(text);
    if (this.binding === 'JSONRPC') {
      if (!isObject(body))
        throw new AnswerError('malformed', 'the answer is not a JSON-RPC response');
      if (isObject(body['error'])) throw this.jsonRpcError(body['error'], res.status);
      if (!('result' in body))
        throw new AnswerError('malformed', 'the answer has neither result nor error', res.status);
      return this.checked(method, body['result']);
    }
    if (!res.ok) throw this.statusError(body, res.status);
    return this.checked(method, body);
  }

  /** A streaming method: its events, each checked; a remote error ends it typed. */
  async *stream(
    method: string,
    params: Record<string, unknown>,
    opts: A2aCallOptions = {},
  ): AsyncGenerator<unknown> {
    const opened = deadline(this.limits.timeoutMs, opts.signal);
    const res = await this.send(method, params, opts, opened, true);
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith('text/event-stream')) {
      // A refusal before the stream opened: a JSON error body.
      const text = await readBounded(res, this.limits.maxBytes);
      const body = text === '' ? {} : parseJson(text);
      if (this.binding === 'JSONRPC' && isObject(body) && isObject(body['error']))
        throw this.jsonRpcError(body['error'], res.status);
      if (this.binding === 'HTTP+JSON') throw this.statusError(body, res.status);
      throw new AnswerError(
        'malformed',
        `a stream answered ${type || 'no content type'}`,
        res.status,
      );
    }
    for await (const e of sseEvents(res, this.limits, opts.signal)) {
      const data = parseJson(e.data);
      if (this.binding === 'JSONRPC') {
        if (!isObject(data))
          throw new AnswerError('malformed', 'a stream event is not a JSON-RPC response');
        if (isObject(data['error'])) throw this.jsonRpcError(data['error'], 200);
        yield this.checked(method, data['result']);
      } else {
        if (e.event === 'error') throw this.statusError(data, 200);
        yield this.checked(method, data);
      }
    }
  }

  private async send(
    method: string,
    params: Record<string, unknown>,
    opts: A2aCallOptions,
    signal: AbortSignal,
    streaming: boolean,
  ): Promise<Response> {
    const { header, pinned } = this.tables.version;
    const accept = streaming ? 'text/event-stream' : 'application/json';
    const headers = await headersOf(this.options.headers, opts.headers, {
      [header]: pinned,
      accept,
      'content-type': 'application/json',
    });
    const request =
      this.binding === 'JSONRPC'
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
    } catch (err) {
      throw fetchFault(err, signal, opts.signal);
    }
  }

  private jsonRpcRequest(method: string, params: Record<string, unknown>) {
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
  private httpRequest(method: string, params: Record<string, unknown>) {
    const row = this.tables.operations.find((o) => o.method === method && o.http);
    if (!row?.http) throw new Error(`${method} has no HTTP+JSON binding in this contract`);
    const pushConfig = row.http.path.includes('/pushNotificationConfigs');
    const rest: Record<string, unknown> = { ...params };
    const take = (name: string): string => {
      const v = rest[name];
      delete rest[name];
      return encodeURIComponent(String(v ?? ''));
    };
    const tenant = (rest['tenant'] as string | undefined) ?? this.options.interface.tenant;
    delete rest['tenant'];
    let path = row.http.path;
    if (path.includes('{id}'))
      path = path.replace('{id}', pushConfig ? take('taskId') : take('id'));
    if (path.includes('{configId}')) path = path.replace('{configId}', take('id'));
    if (tenant) path = `/${encodeURIComponent(tenant)}${path}`;
    let url = this.options.interface.url.replace(/\/+$/, '') + path;
    const verb = row.http.verb;
    if (verb === 'GET' || verb === 'DELETE') {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(rest))
        if (v !== undefined && v !== null)
          query.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
      const q = query.toString();
      if (q !== '') url += `?${q}`;
      return { url, verb, body: undefined };
    }
    const action = /:[A-Za-z]+$/.test(row.http.path);
    if (pushConfig && params['taskId'] !== undefined) rest['taskId'] = params['taskId'];
    return {
      url,
      verb,
      body: action && Object.keys(rest).length === 0 ? undefined : JSON.stringify(rest),
    };
  }

  private checked(method: string, value: unknown): unknown {
    const check = this.tables.answers[method];
    if (!check) return value;
    // An empty message (DeleteTaskPushNotificationConfig's) may come back as null.
    const r = check(value ?? {});
    if (r.ok) return r.value;
    throw this.typed(
      'InvalidAgentResponseError',
      `the agent's answer to ${method} is not valid: ${r.refusal.message}`,
      undefined,
      undefined,
      {},
    );
  }

  /** The ErrorInfo of an error's `data` (an array, or through A2A 2.x an object) or `details`. */
  private errorInfo(data: unknown): { reason?: string; metadata: Record<string, string> } {
    const items = Array.isArray(data) ? data : isObject(data) ? [data] : [];
    for (const item of items) {
      if (!isObject(item) || typeof item['reason'] !== 'string') continue;
      if (item['@type'] !== undefined && item['@type'] !== this.tables.errorInfoType) continue;
      const metadata: Record<string, string> = {};
      if (isObject(item['metadata']))
        for (const [k, v] of Object.entries(item['metadata']))
          if (typeof v === 'string') metadata[k] = v;
      return { reason: item['reason'], metadata };
    }
    return { metadata: {} };
  }

  private jsonRpcError(error: Record<string, unknown>, status: number): A2aRemoteError {
    const code = typeof error['code'] === 'number' ? error['code'] : undefined;
    const message =
      typeof error['message'] === 'string' ? error['message'] : 'the agent refused the call';
    const info = this.errorInfo(error['data']);
    const row =
      (info.reason !== undefined ? this.tables.errorsByReason.get(info.reason) : undefined) ??
      (code !== undefined ? this.tables.errorsByCode.get(code) : undefined);
    return new A2aRemoteError(
      row?.name ?? 'A2aError',
      message,
      'JSONRPC',
      code,
      info.reason ?? row?.reason,
      status,
      info.metadata,
    );
  }

  /** A `google.rpc.Status` answer (A2A §11.6), typed by its ErrorInfo, else by the HTTP status. */
  private statusError(body: unknown, status: number): A2aRemoteError {
    const error = isObject(body) && isObject(body['error']) ? body['error'] : undefined;
    const message =
      typeof error?.['message'] === 'string'
        ? error['message']
        : `the agent answered HTTP ${status}`;
    const info = this.errorInfo(error?.['details']);
    const row = info.reason !== undefined ? this.tables.errorsByReason.get(info.reason) : undefined;
    const code = row?.jsonrpc;
    return new A2aRemoteError(
      row?.name ?? 'A2aError',
      message,
      'HTTP+JSON',
      code,
      info.reason,
      status,
      info.metadata,
    );
  }

  private typed(
    name: string,
    message: string,
    code: number | undefined,
    status: number | undefined,
    metadata: Record<string, string>,
  ): A2aRemoteError {
    const row = [...this.tables.errorsByCode.values()].find((r) => r.name === name);
    return new A2aRemoteError(
      name,
      message,
      this.binding,
      code ?? row?.jsonrpc,
      row?.reason,
      status,
      metadata,
    );
  }
}
