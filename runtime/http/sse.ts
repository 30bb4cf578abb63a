// Server-Sent Events with backpressure. `send` resolves once the frame is in
// the socket's hands or queued under the stream's buffer bound; when the reader stops reading, the
// writer waits for `drain` instead of queueing more, so a paused subscriber costs at most one
// buffer, not the whole event log. A reader that does not drain within the timeout, or a frame
// that would take the unsent bytes over the bound, closes the stream (a slow consumer reconnects
// with Last-Event-ID and loses nothing: streams replay from the store).
import type { ServerResponse } from 'node:http';

export interface SseLimits {
  /** Unsent bytes allowed before the stream is closed. */
  bufferBytes: number;
  /** Milliseconds to wait for `drain` before the stream is closed. */
  drainTimeoutMs: number;
}

export interface SseWriter {
  /** Writes one event (`id`/`event` lines only when given); false once the stream is closed. */
  send(data: unknown, options?: { id?: string; event?: string }): Promise<boolean>;
  comment(text: string): Promise<boolean>;
  end(): void;
  readonly closed: boolean;
}

export function sseFrame(data: unknown, options: { id?: string; event?: string } = {}): string {
  let frame = '';
  if (options.id !== undefined) frame += `id: ${options.id}\n`;
  if (options.event !== undefined) frame += `event: ${options.event}\n`;
  return `${frame}data: ${JSON.stringify(data)}\n\n`;
}

/** Resolves true at `drain`, false at close or after `timeoutMs`; leaves no listener behind. */
export function awaitDrain(res: ServerResponse, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (ok: boolean): void => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = (): void => settle(true);
    const onClose = (): void => settle(false);
    const timer = setTimeout(() => settle(false), timeoutMs);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/**
 * Writes `text` honouring backpressure: closes the response (destroying the socket) when the
 * reader is too slow. Resolves false when the stream is (or has just been) closed.
 */
export async function writeBounded(
  res: ServerResponse,
  text: string,
  limits: SseLimits,
): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false;
  if (res.writableLength + Buffer.byteLength(text) > limits.bufferBytes && res.writableLength > 0) {
    res.destroy();
    return false;
  }
  if (res.write(text)) return true;
  if (await awaitDrain(res, limits.drainTimeoutMs)) return true;
  res.destroy();
  return false;
}

/**
 * Opens the stream. With `firstFrameFollows` (the caller sends a frame at once) the headers wait
 * for it and leave in the same write, one packet instead of two; otherwise they go out now, so a
 * subscriber that waits for its first event still sees the stream open.
 */
export function startSse(
  res: ServerResponse,
  limits: SseLimits,
  headers: Record<string, string> = {},
  firstFrameFollows = false,
): SseWriter {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...headers,
  });
  if (!firstFrameFollows) res.flushHeaders();
  // A stream is long-lived by design: the idle-socket timeout does not apply to it.
  res.socket?.setTimeout(0);
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  const put = async (text: string): Promise<boolean> => {
    if (closed) return false;
    const ok = await writeBounded(res, text, limits);
    if (!ok) closed = true;
    return ok;
  };
  return {
    send: (data, options) => put(sseFrame(data, options)),
    comment: (text) => put(`: ${text}\n\n`),
    end() {
      if (!closed) res.end();
      closed = true;
    },
    get closed() {
      return closed;
    },
  };
}
