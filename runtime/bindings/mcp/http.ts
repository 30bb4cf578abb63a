// The MCP server mount on streamable HTTP at `POST /mcp` (DESIGN.md §5; interop.md §The facets:
// `mcp.serverUrls`). 2026-07-28 is stateless: no `initialize`, no `Mcp-Session-Id`, POST only
// (GET ⇒ 405 with a JSON-RPC error body: every refusal on this URL is JSON-RPC, never the OpenWOP
// envelope). Initialize-era traffic (an `initialize`, `Mcp-Session-Id`, a 2025 revision header,
// DELETE of a session) goes to legacy/http.ts, a private behaviour nothing advertises (interop.md
// §"Legacy profiles are absent"). A request with no `MCP-Protocol-Version` at all is refused as a
// missing required header (HeaderMismatchError, streamable HTTP 2026-07-28 §Server Validation): it
// named no revision, so none is put in its mouth.
// The response is `application/json`, or a one-message `text/event-stream` when the Accept header
// admits only SSE; a request that sends notifications before its answer (subscriptions/listen;
// a tools/call asked for progress or log lines) gets an open `text/event-stream` whose last event
// is the answer. A client that disconnects before the whole response is written abandons the
// request, which cancels the run it drives (scope.ts; interop.md §MCP tasks and cancellation).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HostContext, Mount } from '../../context.ts';
import { readJsonBody } from '../../http/body.ts';
import { holdSlot } from '../../http/stream-slots.ts';
import type { McpDispatcher } from './dispatch.ts';
import { MCP_META_PROTOCOL_VERSION } from '@wopgen/generated/mcp/methods';
import { headerMismatch, inboundTrace } from './envelope.ts';
import { noteTrace } from '../../http/request-log.ts';
import { httpExchange } from '../exchange.ts';
import { admitsSse, framingFor, refuse, write, writeEvent } from './http-reply.ts';
import {
  errorResponse,
  INTERNAL_ERROR,
  INVALID_REQUEST,
  isRecord,
  McpError,
  OPENWOP_ERROR,
  PARSE_ERROR,
  parseFrame,
  resultResponse,
} from './jsonrpc.ts';
import { isLegacyTraffic, SESSION_HEADER, type LegacyHttp } from './legacy/http.ts';
import type { NotificationStream } from './listen.ts';
import { RequestScope } from './scope.ts';
import { BoundedMemo } from '../../util/bounded-memo.ts';

export const MCP_PATH = '/mcp';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * DNS-rebinding protection: the Host (and Origin, when sent) must name this host — the base URL's
 * hostname or, for a loopback base URL, any loopback name.
 */
function trustedAuthority(req: IncomingMessage, baseUrl: string): boolean {
  const host = req.headers.host;
  if (host !== undefined && !trusted(baseUrl, 'host', host)) return false;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null' && !trusted(baseUrl, 'origin', origin))
    return false;
  return true;
}

/**
 * Verdicts per base URL and header value: a client sends the same Host on every request, and
 * parsing it (and the base URL) as a URL per request showed in a CPU profile. The values
 * are the client's, so the memo is emptied when full and long values are not kept.
 */
const verdicts = new BoundedMemo<string, boolean>(256);

function trusted(baseUrl: string, header: 'host' | 'origin', value: string): boolean {
  if (value.length > 256) return judge(baseUrl, header, value);
  return verdicts.get(`${baseUrl}\0${header}\0${value}`, () => judge(baseUrl, header, value));
}

function judge(baseUrl: string, header: 'host' | 'origin', value: string): boolean {
  const base = new URL(baseUrl).hostname;
  const ok = (hostname: string) =>
    hostname === base || (LOOPBACK.has(base) && LOOPBACK.has(hostname));
  try {
    return ok(new URL(header === 'host' ? `http://${value}` : value).hostname);
  } catch {
    return false;
  }
}

/**
 * An unreadable body. An oversize one is answered with `Connection: close`:
 * the rest of it is never read, so the connection cannot carry another request.
 */
function refuseBody(
  res: ServerResponse,
  body: { problem: 'too-large' | 'malformed' | 'empty' | 'media-type'; message: string },
  authenticated: boolean,
): void {
  if (body.problem === 'media-type') {
    // Checked before the body is read (the mount's own 415); kept for the type's sake.
    refuse(res, null, new McpError(INVALID_REQUEST, body.message, undefined, 415));
    return;
  }
  if (body.problem !== 'too-large') {
    refuse(res, null, new McpError(PARSE_ERROR, `Parse error: ${body.message}`, undefined, 400));
    return;
  }
  const err = authenticated
    ? new McpError(INVALID_REQUEST, body.message, undefined, 413)
    : new McpError(OPENWOP_ERROR, 'authentication required', { error: 'unauthenticated' }, 401);
  const headers: Record<string, string> = { connection: 'close' };
  if (!authenticated) headers['www-authenticate'] = 'Bearer';
  write(res, err.httpStatus, errorResponse(null, err), 'json', headers);
}

/** A request (not a notification) naming no revision: the header is missing, none is implied. */
function missingVersionHeader(msg: { params?: Record<string, unknown> }): McpError {
  const meta = msg.params?._meta;
  const named = isRecord(meta) ? meta[MCP_META_PROTOCOL_VERSION] : undefined;
  return headerMismatch('MCP-Protocol-Version', undefined, named);
}

export function mcpHttpMount(
  ctx: HostContext,
  dispatcher: McpDispatcher,
  legacy?: LegacyHttp,
): Mount {
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname !== MCP_PATH) {
      refuse(
        res,
        null,
        new McpError(INVALID_REQUEST, `no MCP endpoint at ${url.pathname}`, undefined, 404),
      );
      return;
    }
    if (!trustedAuthority(req, ctx.config.baseUrl)) {
      refuse(
        res,
        null,
        new McpError(INVALID_REQUEST, 'Forbidden: untrusted Host or Origin', undefined, 403),
      );
      return;
    }
    if (legacy && req.method === 'DELETE' && req.headers[SESSION_HEADER] !== undefined) {
      await legacy.delete(req, res);
      return;
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      refuse(
        res,
        null,
        new McpError(
          INVALID_REQUEST,
          `Method Not Allowed: ${req.method} (POST only)`,
          undefined,
          405,
        ),
      );
      return;
    }
    const framing = framingFor(req.headers.accept);
    if (!framing) {
      refuse(
        res,
        null,
        new McpError(
          INVALID_REQUEST,
          'Not Acceptable: accept application/json or text/event-stream',
          undefined,
          406,
        ),
      );
      return;
    }
    const ctype = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (ctype !== 'application/json') {
      refuse(
        res,
        null,
        new McpError(
          INVALID_REQUEST,
          'Unsupported Media Type: send application/json',
          undefined,
          415,
        ),
      );
      return;
    }
    // The credential is looked at before the body is read: only
    // `server/discover` is served unauthenticated, and it needs no large body.
    const caller = await ctx.authenticate(req);
    const authenticated = caller !== undefined;
    const limit = authenticated ? ctx.config.bodyLimit : ctx.limits.unauthenticatedBodyLimit;
    const body = await readJsonBody(req, limit);
    if (!body.ok) {
      refuseBody(res, body, authenticated);
      return;
    }
    if (legacy && isLegacyTraffic(req, body.value)) {
      await legacy.post(req, res, body.value, framing, admitsSse(req.headers.accept));
      return;
    }
    let msg;
    try {
      msg = parseFrame(body.value);
    } catch (err) {
      refuse(res, null, err as McpError);
      return;
    }
    if (
      msg.id !== undefined &&
      msg.id !== null &&
      req.headers['mcp-protocol-version'] === undefined
    ) {
      refuse(res, msg.id, missingVersionHeader(msg));
      return;
    }
    if (msg.id === undefined) {
      // A notification: nothing is answered (a stateless mount has no stream to cancel on HTTP).
      res.writeHead(202).end();
      return;
    }
    const id = msg.id;
    // The request's log line carries the adopted trace id (interop.md §"Trace context").
    const trace = inboundTrace(msg.params, req.headers).trace;
    if (trace) noteTrace(req, trace.traceId);
    // A listen stays open: it takes one of the caller's open-stream slots.
    if (caller && msg.method === 'subscriptions/listen') {
      const refusal = holdSlot(ctx.streams, caller.tenant, res);
      if (refusal) {
        refuse(res, id, new McpError(INTERNAL_ERROR, refusal.message, undefined, 429), framing);
        return;
      }
    }
    const scope = new RequestScope(ctx.core, (err) =>
      ctx.log.error({ err }, 'MCP cancellation failed'),
    );
    res.on('close', () => {
      if (!res.writableFinished) void scope.abandon();
    });
    res.on('finish', () => scope.complete());
    // Notifications before the answer turn the response into an open `text/event-stream`.
    const stream: NotificationStream = {
      id,
      send: (method, params) =>
        writeEvent(res, { jsonrpc: '2.0', method, params }, ctx.limits.streamBufferBytes),
    };
    try {
      const result = await dispatcher.dispatch(msg, {
        ...httpExchange(ctx, req, res),
        // The request's scope ends waits when the client leaves (it also cancels what it owns).
        signal: () => scope.signal,
        scope,
        ...(admitsSse(req.headers.accept) && { stream }),
      });
      write(res, 200, resultResponse(id, result), framing);
    } catch (err) {
      refuse(res, id, dispatcher.toMcpError(err), framing);
    }
  }
  return { prefix: MCP_PATH, handle };
}
