// Writing responses: JSON bodies and the OpenWOP error envelope (Server-Sent Events: sse.ts).
import type { ServerResponse } from 'node:http';
import type { OpenWopErrorCode } from '@wopgen/generated/errors/catalogue';
import type { ServedContract } from '../contract/served.ts';

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

/**
 * The OpenWOP error envelope `{error, message, details?}` with the status the served contract's
 * catalogue registers for `code` (errors.json, so a regenerated status is what the host answers).
 */
export function sendOpenWopError(
  errors: ServedContract['errors'],
  res: ServerResponse,
  code: OpenWopErrorCode,
  message: string,
  details?: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  const { httpStatus, body } = errors.envelope(code, message, details);
  sendJson(res, httpStatus, body, headers);
}

// Server-Sent Events live in sse.ts (backpressure, bounded buffering).
export { startSse, type SseWriter } from './sse.ts';
