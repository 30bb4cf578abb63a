// The MCP server mount on streamable HTTP at `POST /mcp` (DESIGN.md §5; interop.md §The facets:
// `mcp.serverUrls`). Stateless: no `initialize`, no `Mcp-Session-Id`. POST only (GET ⇒ 405 with a
// JSON-RPC error body: every refusal on this URL is JSON-RPC, never the OpenWOP envelope).
// The response is `application/json`, or a one-message `text/event-stream` when the Accept header
// admits only SSE; a request that sends notifications before its answer (subscriptions/listen;
// a tools/call asked for progress or log lines) gets an open `text/event-stream` whose last event
// is the answer. A client that disconnects before the whole response is written abandons the
// request, which cancels the run it drives (scope.ts; interop.md §MCP tasks and cancellation).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HostContext, Mount } from '../context.ts';
import { readJsonBody } from '../http/body.ts';
import type { McpDispatcher } from './dispatch.ts';
import {
  errorResponse,
  INVALID_REQUEST,
  McpError,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  parseFrame,
  resultResponse,
  type JsonRpcId,
  type JsonRpcResponse,
} from './jsonrpc.ts';
import type { NotificationStream } from './listen.ts';
import { RequestScope } from './scope.ts';

export const MCP_PATH = '/mcp';

type Framing = 'json' | 'sse';

/** The client admits `text/event-stream` (what a notification stream needs). */
function admitsSse(accept: string | undefined): boolean {
  if (!accept) return true;
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase());
  return types.some((t) => t === 'text/event-stream' || t === 'text/*' || t === '*/*');
}

/** JSON unless the client admits only SSE; undefined when it admits neither. */
function framingFor(accept: string | undefined): Framing | undefined {
  if (!accept) return 'json';
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase());
  if (types.some((t) => t === 'application/json' || t === 'application/*' || t === '*/*'))
    return 'json';
  if (types.includes('text/event-stream')) return 'sse';
  return undefined;
}

function write(
  res: ServerResponse,
  status: number,
  body: JsonRpcResponse,
  framing: Framing,
  headers: Record<string, string> = {},
): void {
  if (res.writableEnded || res.destroyed) return;
  const text = JSON.stringify(body);
  if (res.headersSent) {
    // A stream already open (subscriptions/listen): the answer is its last event.
    res.end(`event: message\ndata: ${text}\n\n`);
    return;
  }
  if (framing === 'sse' && status === 200) {
    const frame = `event: message\ndata: ${text}\n\n`;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'content-length': Buffer.byteLength(frame),
      ...headers,
    });
    res.end(frame);
    return;
  }
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function refuse(
  res: ServerResponse,
  id: JsonRpcId,
  err: McpError,
  framing: Framing = 'json',
): void {
  const headers: Record<string, string> =
    err.httpStatus === 401 ? { 'www-authenticate': 'Bearer' } : {};
  // A method this server does not have is HTTP 404 on streamable HTTP (SEP-2575).
  const status = err.code === METHOD_NOT_FOUND ? 404 : err.httpStatus;
  write(res, status, errorResponse(id, err), framing, headers);
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * DNS-rebinding protection: the Host (and Origin, when sent) must name this host — the base URL's
 * hostname or, for a loopback base URL, any loopback name.
 */
function trustedAuthority(req: IncomingMessage, baseUrl: string): boolean {
  const base = new URL(baseUrl).hostname;
  const ok = (hostname: string) =>
    hostname === base || (LOOPBACK.has(base) && LOOPBACK.has(hostname));
  const hostOf = (authority: string): string | undefined => {
    try {
      return new URL(`http://${authority}`).hostname;
    } catch {
      return undefined;
    }
  };
  const host = req.headers.host;
  if (host !== undefined) {
    const h = hostOf(host);
    if (h === undefined || !ok(h)) return false;
  }
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null') {
    try {
      if (!ok(new URL(origin).hostname)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

export function mcpHttpMount(ctx: HostContext, dispatcher: McpDispatcher): Mount {
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
    const body = await readJsonBody(req, ctx.config.bodyLimit);
    if (!body.ok) {
      const err =
        body.problem === 'too-large'
          ? new McpError(INVALID_REQUEST, body.message, undefined, 413)
          : new McpError(PARSE_ERROR, `Parse error: ${body.message}`, undefined, 400);
      refuse(res, null, err);
      return;
    }
    let msg;
    try {
      msg = parseFrame(body.value);
    } catch (err) {
      refuse(res, null, err as McpError);
      return;
    }
    if (msg.id === undefined) {
      // A notification: nothing is answered (a stateless mount has no stream to cancel on HTTP).
      res.writeHead(202).end();
      return;
    }
    const id = msg.id;
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
      send(method, params) {
        if (res.writableEnded || res.destroyed) return;
        if (!res.headersSent) {
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        }
        res.write(
          `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method, params })}\n\n`,
        );
      },
    };
    try {
      const result = await dispatcher.dispatch(msg, {
        headers: req.headers,
        authenticate: () => ctx.authenticate(req),
        peerOrigin: ctx.peerOrigin(req),
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
