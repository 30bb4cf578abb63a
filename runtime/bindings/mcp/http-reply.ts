// How the streamable-HTTP mount answers (both eras): `application/json`, or `text/event-stream`
// when the client admits only SSE or when messages precede the answer (the stream opens with the
// first of them and the answer is its last event). Every refusal is a JSON-RPC error body.
import type { ServerResponse } from 'node:http';
import {
  errorResponse,
  METHOD_NOT_FOUND,
  type JsonRpcId,
  type JsonRpcResponse,
  type McpError,
} from './jsonrpc.ts';
import { retryAfterHeaders, UNAVAILABLE_STATUS } from '../../http/unavailable.ts';
import { BoundedMemo } from '../../util/bounded-memo.ts';

export type Framing = 'json' | 'sse';

/**
 * The media types of an Accept header, remembered per distinct header: clients send the same one
 * on every request, and it is read twice per request (framing, notification streams). The header
 * is the client's, so the memo is emptied when full and long values are not kept.
 */
const acceptMemo = new BoundedMemo<string, readonly string[]>(256);

function mediaTypes(accept: string): readonly string[] {
  return accept.length <= 256 ? acceptMemo.get(accept, parseAccept) : parseAccept(accept);
}

function parseAccept(accept: string): readonly string[] {
  return Object.freeze(accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase()));
}

/** The client admits `text/event-stream` (what a notification stream needs). */
export function admitsSse(accept: string | undefined): boolean {
  if (!accept) return true;
  return mediaTypes(accept).some((t) => t === 'text/event-stream' || t === 'text/*' || t === '*/*');
}

/** JSON unless the client admits only SSE; undefined when it admits neither. */
export function framingFor(accept: string | undefined): Framing | undefined {
  if (!accept) return 'json';
  const types = mediaTypes(accept);
  if (types.some((t) => t === 'application/json' || t === 'application/*' || t === '*/*'))
    return 'json';
  if (types.includes('text/event-stream')) return 'sse';
  return undefined;
}

/**
 * One message as an event of the response's stream, opening the stream first if needed. Senders
 * do not wait, so the unsent bytes are bounded here instead: a reader that lets more than
 * `bufferBytes` pile up is closed as a slow consumer, which abandons the
 * request like any disconnect.
 */
export function writeEvent(res: ServerResponse, message: object, bufferBytes = Infinity): void {
  if (res.writableEnded || res.destroyed) return;
  if (!res.headersSent) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    // An open stream may be silent for long: the idle-socket timeout does not apply to it.
    res.socket?.setTimeout(0);
  }
  if (res.writableLength > bufferBytes) {
    res.destroy();
    return;
  }
  res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

export function write(
  res: ServerResponse,
  status: number,
  body: JsonRpcResponse,
  framing: Framing,
  headers: Record<string, string> = {},
): void {
  if (res.writableEnded || res.destroyed) return;
  const text = JSON.stringify(body);
  if (res.headersSent) {
    // A stream already open: the answer is its last event.
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

export function refuse(
  res: ServerResponse,
  id: JsonRpcId,
  err: McpError,
  framing: Framing = 'json',
): void {
  const headers: Record<string, string> =
    err.httpStatus === 401
      ? { 'www-authenticate': 'Bearer' }
      : err.httpStatus === UNAVAILABLE_STATUS
        ? retryAfterHeaders()
        : {};
  // A method this server does not have is HTTP 404 on streamable HTTP (SEP-2575).
  const status = err.code === METHOD_NOT_FOUND ? 404 : err.httpStatus;
  write(res, status, errorResponse(id, err), framing, headers);
}
