// The request log: one structured line per HTTP request, written when the response ends (for a
// stream, when it closes). It wraps the server's request handler, so every binding is covered
// without knowing about it; bindings add what only they know through `noteRpcMethod` (the body
// reader) and `noteTenant` (authentication). Never logged: headers (Authorization above all),
// bodies, query strings (DESIGN.md §5: secrets by reference, never logged).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export type Binding = 'rest' | 'a2a' | 'mcp' | 'discovery';

/** What the line says about one request, filled in as the request is served. */
interface Note {
  route?: string;
  rpc?: string;
  tenant?: string;
  /** The W3C trace id the request adopted (util/trace-context.ts). */
  traceId?: string;
  /** The protocol error code seen in the response (JSON-RPC number or OpenWOP error name). */
  code?: number | string;
}

const notes = new WeakMap<IncomingMessage, Note>();

function noteOf(req: IncomingMessage): Note | undefined {
  return notes.get(req);
}

/** The router's template (`/runs/{runId}`) of the route that served the request. */
export function noteRoute(req: IncomingMessage, route: string): void {
  const n = noteOf(req);
  if (n) n.route = route;
}

/** A JSON-RPC request's `method` (A2A, MCP), read from the parsed body. */
export function noteRpcMethod(req: IncomingMessage, body: unknown): void {
  const n = noteOf(req);
  if (!n || typeof body !== 'object' || body === null || Array.isArray(body)) return;
  if (!('jsonrpc' in body)) return;
  const method = (body as Record<string, unknown>)['method'];
  // Client-chosen text: only a plausible method name is logged, never arbitrary content.
  if (typeof method === 'string') n.rpc = SAFE_TOKEN.test(method) ? method : '(invalid)';
}

/** The trace id a binding adopted for the request (interop.md §"Trace context"). */
export function noteTrace(req: IncomingMessage, traceId: string): void {
  const n = noteOf(req);
  if (n) n.traceId = traceId;
}

/** The tenant of the authenticated caller. */
export function noteTenant(req: IncomingMessage, subject: { tenant: string } | undefined): void {
  const n = noteOf(req);
  if (n && subject) n.tenant = subject.tenant;
}

const SAFE_TOKEN = /^[A-Za-z0-9._:/-]{1,80}$/;
/** An `X-Request-Id` we echo and log; anything else is replaced by a fresh id (log injection). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Error bodies are small; a response larger than this is not examined for an error code. */
const SNIFF_LIMIT = 16 * 1024;

export function bindingOf(pathname: string): Binding {
  if (pathname.startsWith('/.well-known/')) return 'discovery';
  if (pathname === '/a2a' || pathname.startsWith('/a2a/')) return 'a2a';
  if (pathname === '/mcp' || pathname.startsWith('/mcp/')) return 'mcp';
  return 'rest';
}

/** The error code of a JSON-RPC error (`error.code`) or an OpenWOP envelope (`error`). */
function errorCodeOf(text: string): number | string | undefined {
  if (!text.includes('"error"')) return undefined;
  try {
    const v = JSON.parse(text) as { error?: unknown };
    const e = v.error;
    if (typeof e === 'string' && SAFE_TOKEN.test(e)) return e;
    if (typeof e === 'object' && e !== null) {
      const code = (e as Record<string, unknown>)['code'];
      if (typeof code === 'number') return code;
    }
  } catch {
    // not JSON: nothing to report
  }
  return undefined;
}

/** The last JSON-RPC error among the `data:` lines of an SSE chunk. */
function sseErrorCode(chunk: string): number | string | undefined {
  let code: number | string | undefined;
  for (const line of chunk.split('\n')) {
    if (line.startsWith('data:')) code = errorCodeOf(line.slice(5).trim()) ?? code;
  }
  return code;
}

/**
 * Watches what the handler writes for a protocol error code: JSON bodies up to SNIFF_LIMIT are
 * parsed once at the end, and only when the line is written; SSE frames are scanned as they go
 * (only those mentioning "error"). Chunks are kept by reference, never copied: a copy of every
 * response body was a measurable share of a read's cost (CPU profile).
 */
function sniffErrors(res: ServerResponse, note: Note): () => void {
  const chunks: (string | Uint8Array)[] = [];
  let size = 0;
  const isSse = () => String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');
  const observe = (chunk: unknown, encoding?: unknown) => {
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) return;
    if (isSse()) {
      const text = textOf(chunk, encoding);
      if (text.includes('"error"')) note.code = sseErrorCode(text) ?? note.code;
      return;
    }
    size +=
      typeof chunk === 'string' ? Buffer.byteLength(chunk, encodingOf(encoding)) : chunk.length;
    if (size <= SNIFF_LIMIT)
      chunks.push(typeof chunk === 'string' ? textOf(chunk, encoding) : chunk);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    observe(args[0], args[1]);
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof res.write;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    observe(args[0], args[1]);
    return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.end;
  return () => {
    if (!isSse() && size > 0 && size <= SNIFF_LIMIT && res.statusCode >= 200) {
      const text = chunks.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
      note.code = errorCodeOf(text) ?? note.code;
    }
  };
}

function encodingOf(encoding: unknown): BufferEncoding {
  return typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8';
}

/** A written chunk as text (a string in another encoding is decoded as Node would send it). */
function textOf(chunk: string | Uint8Array, encoding?: unknown): string {
  if (typeof chunk === 'string') {
    const enc = encodingOf(encoding);
    return enc === 'utf8' || enc === 'utf-8' ? chunk : Buffer.from(chunk, enc).toString('utf8');
  }
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
}

/**
 * Wraps `handler` so that each request gets an id (a sane `X-Request-Id` is kept, otherwise one
 * is minted; either way it is echoed as `X-Request-Id`) and one log line when it ends.
 * Level: `error` for a 5xx, `info` otherwise. When the logger writes neither (`silent`, `fatal`),
 * the request only gets its id: no note, no watching of what is written, no `close` listener —
 * per-request work no line would ever show (CPU profile: the wrapper and its `res.end`
 * interception were ~7% of a read's CPU with logging off). The level is read per request, so a
 * logger whose level changes at run time starts or stops logging at once.
 */
export function withRequestLog(log: Logger, handler: RequestHandler): RequestHandler {
  return (req, res) => {
    const offered = req.headers['x-request-id'];
    const requestId =
      typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
    res.setHeader('x-request-id', requestId);
    if (!log.isLevelEnabled('error')) {
      handler(req, res);
      return;
    }
    const started = process.hrtime.bigint();
    const note: Note = {};
    notes.set(req, note);
    const settle = sniffErrors(res, note);
    res.once('close', () => {
      // Only a 5xx line is written at `error` level: nothing else is worth assembling.
      if (res.statusCode < 500 && !log.isLevelEnabled('info')) return;
      settle();
      const pathname = pathOf(req.url);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        requestId,
        binding: bindingOf(pathname),
        method: req.method,
        route: note.route ?? pathname,
        ...(note.rpc !== undefined && { rpc: note.rpc }),
        status: res.statusCode,
        ...(note.code !== undefined && { code: note.code }),
        ms: Math.round(ms * 10) / 10,
        ...(note.tenant !== undefined && { tenant: note.tenant }),
        ...(note.traceId !== undefined && { traceId: note.traceId }),
        // The client left before the whole response was written.
        ...(!res.writableFinished && { aborted: true }),
      };
      if (res.statusCode >= 500) log.error(line, 'request');
      else log.info(line, 'request');
    });
    handler(req, res);
  };
}

/** The path of a request target, without its query (which may carry secrets). */
function pathOf(target: string | undefined): string {
  const path = (target ?? '/').split('?')[0]!.split('#')[0]!;
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
