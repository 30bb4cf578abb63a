// Writing responses: JSON bodies, the OpenWOP error envelope, and Server-Sent Events.
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

export interface SseWriter {
  /** Writes one event; `id` and `event` lines only when given. */
  send(data: unknown, options?: { id?: string; event?: string }): void;
  comment(text: string): void;
  end(): void;
  readonly closed: boolean;
}

export function startSse(res: ServerResponse, headers: Record<string, string> = {}): SseWriter {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...headers,
  });
  res.flushHeaders();
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  return {
    send(data, options = {}) {
      if (closed) return;
      let frame = '';
      if (options.id !== undefined) frame += `id: ${options.id}\n`;
      if (options.event !== undefined) frame += `event: ${options.event}\n`;
      frame += `data: ${JSON.stringify(data)}\n\n`;
      res.write(frame);
    },
    comment(text) {
      if (!closed) res.write(`: ${text}\n\n`);
    },
    end() {
      if (!closed) res.end();
      closed = true;
    },
    get closed() {
      return closed;
    },
  };
}
