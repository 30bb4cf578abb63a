// A request as every binding's framing hands it to its protocol's pipeline (DESIGN.md §3): what a
// pipeline asks of the transport — its headers, the caller, the peer origin, whether the client
// went away — and nothing of node:http or of stdio, so a new binding (stdio today, gRPC later) is
// framing only.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { HostContext } from '../context.ts';
import { disconnectSignal } from '../http/disconnect.ts';
import { noteTrace } from '../http/request-log.ts';
import type { Subject } from '../ports/auth.ts';

export interface Exchange {
  /** The transport's headers (HTTP), lower-cased; undefined where there are none (stdio). */
  headers?: IncomingHttpHeaders;
  /** The caller, from the exchange's credential (checked once per exchange). */
  authenticate(): Promise<Subject | undefined>;
  /** The peer origin whose sha256 goes into negotiation records. */
  peerOrigin: string;
  /** Aborted when the client goes away before the answer is complete (made on first use). */
  signal(): AbortSignal;
  /** Names the W3C trace the exchange adopted, where the transport logs its requests. */
  noteTrace(traceId: string): void;
}

/** The exchange of an HTTP request. */
export function httpExchange(
  ctx: HostContext,
  req: IncomingMessage,
  res: ServerResponse,
): Exchange {
  return {
    headers: req.headers,
    authenticate: () => ctx.authenticate(req),
    peerOrigin: ctx.peerOrigin(req),
    signal: disconnectSignal(res),
    noteTrace: (traceId) => noteTrace(req, traceId),
  };
}
