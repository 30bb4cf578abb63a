// A request's "the caller went away" signal. It aborts only when the connection closes before the
// answer was complete: aborting after every finished response cost each request an AbortSignal
// event and a DOMException (about 4% of GetTask's CPU in the issue 13 profile) for nothing.
import type { ServerResponse } from 'node:http';

export function disconnectSignal(res: ServerResponse): AbortSignal {
  const ac = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) ac.abort();
  });
  return ac.signal;
}
