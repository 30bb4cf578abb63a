// The MCP client core (one pinned revision, no `initialize`, no session) that a generated package
// binds to its tables (mcp/client.ts): every request carries the revision's `_meta` envelope and
// its headers, a result is checked by the answer validators before a caller sees it, a
// multi-round `input_required` result is answered through the caller's `onInput` and retried, and
// the tasks extension's task is followed by `tasks/get` and answered by `tasks/update`. A
// transport is the seam: HTTP on `fetch` here, stdio in client/mcp-stdio.ts. wopgen writes this
// file as it is into every package.
import {
  AnswerError,
  DEFAULT_LIMITS,
  deadline,
  fetchFault,
  headersOf,
  isObject,
  isTraceparent,
  parseJson,
  readBounded,
  sseEvents,
  type Check,
  type ClientLimits,
  type ClientNegotiation,
  type FetchLike,
  type HeaderSource,
  type TraceContext,
} from './support.js';

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
  error?: { code: number; message: string; data?: unknown };
}

/** How a client reaches a server: one request, one response (an error response included). */
export interface McpTransport {
  /** `signal` aborting before the response is the request's cancellation (HTTP: disconnect). */
  request(
    message: McpRequestMessage,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<McpResponseMessage>;
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
  protocolErrors: Readonly<Record<string, { code: number }>>;
  header: string;
}

/** A JSON-RPC error the server answered, named from the revision's registry when it is one. */
export class McpRemoteError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly code: number,
    readonly data: unknown,
  ) {
    super(message);
  }
}

/** The server could not be spoken to at the pinned revision. */
export class McpNegotiationError extends Error {
  override readonly name = 'McpNegotiationError';
  constructor(
    readonly negotiation: ClientNegotiation,
    readonly supported: readonly string[],
  ) {
    super(
      `the server offers ${supported.join(', ') || 'no revision'}, not ${negotiation.requested}`,
    );
  }
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
  clientInfo?: { name: string; version: string };
  /** The client's capabilities (`io.modelcontextprotocol/clientCapabilities`). */
  capabilities?: Record<string, unknown>;
}

const RESERVED_META = /^io\.modelcontextprotocol\//;

/** `Mcp-Name`: the value, or `=?base64?…?=` when it is not plain visible ASCII (MCP transports). */
export function mcpNameHeader(value: string): string {
  return /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value)
    ? value
    : `=?base64?${btoa(String.fromCharCode(...new TextEncoder().encode(value)))}?=`;
}

export class McpClientCore {
  private nextId = 1;
  private discovered: Record<string, unknown> | undefined;

  constructor(
    private readonly tables: McpClientTables,
    private readonly options: McpClientOptions,
  ) {}

  /** The peer's negotiation outcome once `discover` ran. */
  negotiation: ClientNegotiation | undefined;

  /** Whether the server advertised the tasks extension in `server/discover`. */
  get serverHasTasks(): boolean {
    const ext = this.tables.tasksExtension;
    const caps = this.discovered?.['capabilities'];
    return (
      ext !== null && isObject(caps) && isObject(caps['extensions']) && ext in caps['extensions']
    );
  }

  /**
   * `server/discover`, and the negotiation: accepted when the server offers the pinned revision;
   * refused (McpNegotiationError) otherwise, also when it answers -32022 with its `supported`.
   */
  async discover(opts: McpCallOptions = {}): Promise<Record<string, unknown>> {
    const requested = this.tables.revision;
    const peer = this.options.transport.peer;
    let result: Record<string, unknown>;
    try {
      result = (await this.request('server/discover', {}, opts)) as Record<string, unknown>;
    } catch (err) {
      const unsupported = this.tables.protocolErrors['UnsupportedProtocolVersionError']?.code;
      if (err instanceof McpRemoteError && err.code === unsupported) {
        const supported =
          isObject(err.data) && Array.isArray(err.data['supported'])
            ? err.data['supported'].filter((v): v is string => typeof v === 'string')
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
    const supported = (result['supportedVersions'] as string[]).filter(
      (v) => typeof v === 'string',
    );
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
  async request(
    method: string,
    params: Record<string, unknown>,
    opts: McpCallOptions = {},
  ): Promise<unknown> {
    const id = opts.id ?? this.nextId++;
    const message: McpRequestMessage = {
      jsonrpc: '2.0',
      id,
      method,
      params: { ...params, _meta: this.envelope(opts) },
    };
    const headers: Record<string, string> = {
      [this.tables.header]: this.tables.revision,
      'Mcp-Method': method,
    };
    const name = params['name'] ?? params['uri'] ?? params['taskId'];
    if (typeof name === 'string') headers['Mcp-Name'] = mcpNameHeader(name);
    if (opts.idempotencyKey !== undefined) headers['Idempotency-Key'] = opts.idempotencyKey;
    const controller = new AbortController();
    const onAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await this.options.transport.request(message, headers, controller.signal);
      if (response.error) throw this.remoteError(response.error);
      const check = this.tables.answers[method];
      if (!check) return response.result;
      const r = check(response.result);
      if (!r.ok)
        throw new AnswerError(
          'invalid',
          `the answer to ${method} is not valid: ${r.refusal.message}`,
        );
      return r.value;
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * `tools/call`, rounds of `input_required` answered through `onInput` and retried with the
   * echoed `requestState` (MCP multi-round input) until the result is complete, or a task when
   * the tasks extension was declared and the server made one.
   */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    opts: McpToolCallOptions = {},
  ): Promise<Record<string, unknown>> {
    const maxRounds = opts.maxRounds ?? 8;
    let inputResponses = opts.inputResponses;
    let requestState = opts.requestState;
    for (let round = 0; ; round++) {
      const params: Record<string, unknown> = { name, arguments: args };
      if (inputResponses !== undefined) params['inputResponses'] = inputResponses;
      if (requestState !== undefined) params['requestState'] = requestState;
      // The caller's id and key name its first request; a round it answers here is another one.
      const { id: _id, idempotencyKey: _key, ...later } = opts;
      const result = (await this.request(
        'tools/call',
        params,
        round === 0 ? opts : later,
      )) as Record<string, unknown>;
      if (result['resultType'] !== 'input_required' || !opts.onInput) return result;
      if (round >= maxRounds)
        throw new AnswerError('invalid', `more than ${maxRounds} rounds of input were asked`);
      inputResponses = await opts.onInput(
        (result['inputRequests'] as Record<string, unknown> | undefined) ?? {},
      );
      requestState = result['requestState'] as string | undefined;
    }
  }

  /**
   * Follows a task of the tasks extension to its end: `tasks/get` every `pollIntervalMs` (at
   * least `minPollMs`), its `inputRequests` answered through `onInput` with `tasks/update`.
   * Answers the last `tasks/get` result (completed, failed or cancelled).
   */
  async followTask(
    taskId: string,
    opts: McpCallOptions & { onInput?: OnInput; minPollMs?: number } = {},
  ): Promise<Record<string, unknown>> {
    // Each poll and answer is a request of its own: a caller's id and key name none of them.
    const { id: _id, idempotencyKey: _key, ...rest } = opts;
    const call = { ...rest, tasks: true };
    for (;;) {
      const task = (await this.request('tasks/get', { taskId }, call)) as Record<string, unknown>;
      const status = task['status'];
      if (status === 'completed' || status === 'failed' || status === 'cancelled') return task;
      if (status === 'input_required' && opts.onInput && isObject(task['inputRequests'])) {
        const inputResponses = await opts.onInput(task['inputRequests']);
        await this.request('tasks/update', { taskId, inputResponses }, call);
        continue;
      }
      const wait = Math.max(opts.minPollMs ?? 50, Number(task['pollIntervalMs']) || 0);
      await sleep(Math.min(wait, 5_000), opts.signal);
    }
  }

  private envelope(opts: McpCallOptions): Record<string, unknown> {
    const meta: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(opts.meta ?? {})) if (!RESERVED_META.test(k)) meta[k] = v;
    if (opts.trace && isTraceparent(opts.trace.traceparent)) {
      meta['traceparent'] = opts.trace.traceparent;
      if (opts.trace.tracestate) meta['tracestate'] = opts.trace.tracestate;
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

  private remoteError(error: { code: number; message: string; data?: unknown }): McpRemoteError {
    const named = Object.entries(this.tables.protocolErrors).find(
      ([, e]) => e.code === error.code,
    )?.[0];
    return new McpRemoteError(named ?? 'McpError', String(error.message), error.code, error.data);
  }

  async close(): Promise<void> {
    await this.options.transport.close?.();
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted)
      return reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      },
      { once: true },
    );
  });
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
export function mcpHttpTransport(url: string, options: McpHttpOptions = {}): McpTransport {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const doFetch = options.fetch ?? ((u: string, init: RequestInit) => fetch(u, init));
  return {
    peer: new URL(url).origin,
    async request(message, extra, caller) {
      const signal = deadline(limits.timeoutMs, caller);
      const headers = await headersOf(options.headers, extra, {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      });
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify(message),
          signal,
          redirect: 'error',
        });
      } catch (err) {
        throw fetchFault(err, signal, caller);
      }
      const type = res.headers.get('content-type') ?? '';
      if (type.startsWith('text/event-stream')) {
        for await (const e of sseEvents(res, limits, caller)) {
          const m = parseJson(e.data);
          if (isObject(m) && m['id'] === message.id && ('result' in m || 'error' in m))
            return m as unknown as McpResponseMessage;
        }
        throw new AnswerError('malformed', 'the stream ended without an answer', res.status);
      }
      let text: string;
      try {
        text = await readBounded(res, limits.maxBytes);
      } catch (err) {
        throw fetchFault(err, signal, caller);
      }
      const body = text === '' ? undefined : parseJsonOrUndefined(text);
      if (isObject(body) && (isObject(body['error']) || (res.ok && 'result' in body)))
        return body as unknown as McpResponseMessage;
      throw new AnswerError(
        res.ok ? 'malformed' : 'http',
        `the server answered HTTP ${res.status}`,
        res.status,
      );
    },
  };
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}
