// Writing a streaming answer, shared by both A2A bindings (each supplies its framing): the first
// event decides the shape, so a failure before it is answered as a plain error response, and a
// failure after it is one last error frame on the stream.
import type { ServerResponse } from 'node:http';
import { startSse, type SseLimits, type SseWriter } from '../../http/sse.ts';
import type { A2aError } from './errors.ts';

export interface StreamFraming {
  /** Writes one StreamResponse event; false once the reader is gone (sse.ts). */
  event(sse: SseWriter, value: unknown): Promise<boolean>;
  /** Writes the error that ended an open stream. */
  error(sse: SseWriter, error: A2aError): Promise<boolean>;
  /** Answers an error before the stream opened. */
  refuse(error: A2aError): void;
}

export async function streamAnswer(
  res: ServerResponse,
  events: AsyncIterable<unknown>,
  finish: () => Promise<void>,
  toA2aError: (err: unknown) => A2aError,
  framing: StreamFraming,
  limits: SseLimits,
): Promise<void> {
  const it = events[Symbol.asyncIterator]();
  let first: IteratorResult<unknown>;
  try {
    first = await it.next();
  } catch (err) {
    await finish();
    if (res.headersSent) throw err;
    return framing.refuse(toA2aError(err));
  }
  // The first event is in hand: the headers leave with it, in one write (sse.ts).
  const sse = startSse(res, limits, {}, !first.done);
  try {
    // Each frame waits for the reader (sse.ts): a reader that stopped reading holds one buffer.
    let open = first.done || (await framing.event(sse, first.value));
    while (open) {
      const next = await it.next();
      if (next.done) break;
      open = await framing.event(sse, next.value);
    }
  } catch (err) {
    await framing.error(sse, toA2aError(err));
  } finally {
    await it.return?.();
    await finish();
    sse.end();
  }
}
