// Helpers of replay-then-follow readers (run streams, host-event streams).

/** A reader waiting for a wake-up reads again after this long anyway (a change may come from elsewhere). */
export const FOLLOW_POLL_MS = 5_000;

/** Calls `body` with a signal that aborts when `outer` does or when the body ends, however it ends. */
export async function* withLocalAbort<T>(
  outer: AbortSignal | undefined,
  body: (local: AbortSignal) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const local = new AbortController();
  const onAbort = (): void => local.abort();
  outer?.addEventListener('abort', onAbort, { once: true });
  try {
    yield* body(local.signal);
  } finally {
    outer?.removeEventListener('abort', onAbort);
    local.abort();
  }
}
