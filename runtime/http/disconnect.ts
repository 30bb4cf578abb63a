// A request's "the caller went away" signal. It aborts only when the connection closes before the
// answer was complete: aborting after every finished response cost each request an AbortSignal
// event and a DOMException (about 4% of GetTask's CPU in a CPU profile) for nothing.
// It is made on first use: only a handler that waits (a blocking SendMessage, a stream) asks for
// it, and making an AbortController and a `close` listener for every read cost another ~2%.
import type { ServerResponse } from 'node:http';

/** The signal of `res`, made when first called (and the same one on every later call). */
export type DisconnectSignal = () => AbortSignal;

export function disconnectSignal(res: ServerResponse): DisconnectSignal {
  let signal: AbortSignal | undefined;
  return () => {
    if (signal) return signal;
    // Asked after the connection already closed: the caller left before the answer was complete.
    if (res.closed) {
      signal = res.writableFinished ? new AbortController().signal : AbortSignal.abort();
      return signal;
    }
    const ac = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) ac.abort();
    });
    signal = ac.signal;
    return signal;
  };
}
