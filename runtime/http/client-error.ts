// Refusals Node's HTTP layer makes before any handler runs: headers over the
// limit (431), bytes that are not HTTP (400), a request not received in time (408). Node answers
// them with an empty body; here each gets the body of the binding that owns its path: a JSON-RPC
// error with one A2A ErrorInfo on the A2A JSON-RPC URL, a `google.rpc.Status` on the A2A HTTP+JSON
// URL (interop.md §A2A error details, "including a refusal before dispatch"), a JSON-RPC error on
// the MCP URL, the OpenWOP envelope elsewhere; all `application/json` (A2A §11.1). The connection
// is closed after the answer (its parser state is unusable).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ServedContract } from '../contract/served.ts';

export interface ClientErrorPaths {
  /** Path prefixes answered with A2A JSON-RPC bodies. */
  a2a: readonly string[];
  /** Path prefixes answered with A2A HTTP+JSON `google.rpc.Status` bodies. */
  a2aRest: readonly string[];
  /** Path prefixes answered with MCP JSON-RPC bodies. */
  mcp: readonly string[];
}

/** Which binding's error shape a path gets (`rest`: the OpenWOP envelope). */
export type PathBinding = 'a2a' | 'a2aRest' | 'mcp' | 'rest';

export function bindingOfPath(paths: ClientErrorPaths, path: string | undefined): PathBinding {
  const under = (prefixes: readonly string[]) =>
    path !== undefined && prefixes.some((p) => path === p || path.startsWith(p));
  if (under(paths.a2a)) return 'a2a';
  if (under(paths.a2aRest)) return 'a2aRest';
  if (under(paths.mcp)) return 'mcp';
  return 'rest';
}

/**
 * The media type of every error body: HTTP+JSON's too, as its successes are (A2A §11.1 and the §11.6
 * example; `application/a2a+json` is the push body's type).
 */
export const ERROR_MEDIA_TYPE = 'application/json';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  return 400;
}

const MESSAGES: Record<number, string> = {
  400: 'the request is not valid HTTP',
  408: 'the request was not received in time',
  413: 'the request is too large',
  431: 'the request headers are too large',
};

/** The request path, from the parsed request if there is one, else the raw request line. */
function pathOf(err: { rawPacket?: Buffer }, socket: Socket): string | undefined {
  const pending = (socket as Socket & { _httpMessage?: { req?: { url?: string } } })._httpMessage;
  if (pending?.req?.url) return pending.req.url;
  const line = err.rawPacket?.subarray(0, 2048).toString('latin1').split('\r\n')[0];
  return line?.split(' ')[1];
}

/** The body a refusal with `status` gets on `path`. */
export function clientErrorBody(
  contract: ServedContract,
  paths: ClientErrorPaths,
  path: string | undefined,
  status: number,
): object {
  const message = MESSAGES[status] ?? MESSAGES[400]!;
  const binding = bindingOfPath(paths, path);
  const name = status === 400 ? 'ParseError' : 'InvalidRequestError';
  const errors = contract.a2a.errors;
  if (binding === 'a2a') return { jsonrpc: '2.0', id: null, error: errors.jsonRpc(name, message) };
  if (binding === 'a2aRest') {
    // `code` follows the HTTP status, as every HTTP+JSON answer's does; a request too slow to
    // arrive is DEADLINE_EXCEEDED (retryable), the rest the row's INVALID_ARGUMENT.
    const { error } = errors.httpJson(name, message).body;
    return {
      error: { ...error, code: status, ...(status === 408 && { status: 'DEADLINE_EXCEEDED' }) },
    };
  }
  if (binding === 'mcp') {
    return { jsonrpc: '2.0', id: null, error: { code: status === 400 ? -32700 : -32600, message } };
  }
  const code = status === 413 ? 'payload_too_large' : 'validation_error';
  return contract.errors.envelope(code, message).body;
}

export function answerClientErrors(
  server: Server,
  paths: ClientErrorPaths,
  contract: ServedContract,
): void {
  server.on('clientError', (err: Error & { code?: string; rawPacket?: Buffer }, socket: Socket) => {
    const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !pending?.headersSent) {
      const status = statusOf(err.code);
      const path = pathOf(err, socket);
      const text = JSON.stringify(clientErrorBody(contract, paths, path, status));
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n` +
          `content-type: ${ERROR_MEDIA_TYPE}\r\n` +
          `content-length: ${Buffer.byteLength(text)}\r\n` +
          'connection: close\r\n\r\n' +
          text,
      );
    }
    socket.destroySoon?.();
    setTimeout(() => socket.destroy(), 1000).unref();
  });
}
