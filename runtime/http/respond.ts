// Writing responses: JSON bodies and the OpenWOP error envelope (Server-Sent Events: sse.ts).
import type { ServerResponse } from 'node:http';
import { openWopError, type OpenWopErrorCode } from '@wopgen/generated/errors/catalogue';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** The OpenWOP error envelope `{error, message, details?}` with its registered status. */
export function sendOpenWopError(
  res: ServerResponse,
  code: OpenWopErrorCode,
  message: string,
  details?: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  const { httpStatus, body } = openWopError(code, message, details);
  sendJson(res, httpStatus, body, headers);
}

// Server-Sent Events live in sse.ts (backpressure, bounded buffering).
export { startSse, type SseWriter } from './sse.ts';
