// Writing a streaming answer, shared by both A2A bindings (each supplies its framing): the first
// event decides the shape, so a failure before it is answered as a plain error response, and a
// failure after it is one last error frame on the stream.
import type { ServerResponse } from 'node:http';
import { startSse, type SseWriter } from '../../http/respond.ts';
import type { A2aError } from './errors.ts';

export interface StreamFraming {
  /** Writes one StreamResponse event. */
  event(sse: SseWriter, value: unknown): void;
  /** Writes the error that ended an open stream. */
  error(sse: SseWriter, error: A2aError): void;
  /** Answers an error before the stream opened. */
  refuse(error: A2aError): void;
}

export async function streamAnswer(
  res: ServerResponse,
  events: AsyncIterable<unknown>,
  finish: () => Promise<void>,
  toA2aError: (err: unknown) => A2aError,
  framing: StreamFraming,
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
  const sse = startSse(res);
  try {
    if (!first.done) framing.event(sse, first.value);
    for (;;) {
      const next = await it.next();
      if (next.done) break;
      framing.event(sse, next.value);
    }
  } catch (err) {
    framing.error(sse, toA2aError(err));
  } finally {
    await it.return?.();
    await finish();
    sse.end();
  }
}
