// Stopping on SIGINT/SIGTERM: the server stops accepting, requests in flight finish, and streams
// that would otherwise never end (GET /host/events, a run's event stream, MCP subscriptions/listen,
// an A2A subscription) are ended after a short grace period; past a hard deadline every
// connection is closed. Then the host closes its database. A second signal skips the waiting.
import type { Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

export interface StopTimings {
  /** How long open event streams may run on after the signal. */
  streamGraceMs: number;
  /** When every connection is closed, whatever it is doing. */
  hardDeadlineMs: number;
}

export const DEFAULT_STOP: StopTimings = { streamGraceMs: 1500, hardDeadlineMs: 15_000 };

/** Keeps the set of responses not yet closed (a listener of the server's `request` event). */
export function trackResponses(server: Server): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  server.on('request', (_req, res: ServerResponse) => {
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  return open;
}

function isStream(res: ServerResponse): boolean {
  return String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');
}

/**
 * Runs `close` (the host's: stop listening, wait for connections, close the store) while ending
 * open streams after the grace period and forcing connections closed at the hard deadline.
 */
export async function stopServing(
  server: Server,
  open: Set<ServerResponse>,
  close: () => Promise<void>,
  log: Logger,
  timings: StopTimings = DEFAULT_STOP,
): Promise<void> {
  const endStreams = () => {
    let n = 0;
    for (const res of open) {
      if (isStream(res) && !res.writableEnded) {
        res.end();
        n += 1;
      }
    }
    if (n > 0) log.info({ streams: n }, 'closed open event streams');
  };
  const force = () => {
    log.warn({ open: open.size }, 'closing every remaining connection');
    endStreams();
    server.closeAllConnections();
  };
  // Keep-alive sockets that finish a request after close() began would idle on: close them.
  const idle = setInterval(() => server.closeIdleConnections(), 200);
  const grace = setTimeout(endStreams, timings.streamGraceMs);
  const hard = setTimeout(force, timings.hardDeadlineMs);
  const again = () => force();
  process.once('SIGINT', again);
  process.once('SIGTERM', again);
  try {
    await close();
  } finally {
    clearInterval(idle);
    clearTimeout(grace);
    clearTimeout(hard);
    process.off('SIGINT', again);
    process.off('SIGTERM', again);
  }
}
