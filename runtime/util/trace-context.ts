// W3C Trace Context (interop.md §"Trace context"): `traceparent` and `tracestate` as an A2A message
// carries them in `Message.metadata.openwop` (or MCP in `params._meta`) and as the HTTP headers.
// The receiver prefers the in-message value and ignores a malformed one (falling back to the
// header); a malformed value is never an error. A trace context is data for correlation only: it
// never selects a tenant, principal or scope.

export interface TraceContext {
  traceparent: string;
  /** The 32-hex trace id (what logs and the run record carry). */
  traceId: string;
  tracestate?: string;
}

// version-traceid-parentid-flags, lowercase hex (W3C Trace Context §3.2). Version ff is invalid;
// a later version may append fields after a `-`, which we accept and ignore.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
// list-member: key=value (W3C Trace Context §3.3.1); at most 32 members, 512 characters overall.
const MEMBER =
  /^(?:[a-z][a-z0-9_\-*/]{0,255}|[a-z0-9][a-z0-9_\-*/]{0,240}@[a-z][a-z0-9_\-*/]{0,13})=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

/** A valid traceparent's parts, or undefined. */
export function parseTraceparent(value: unknown): { traceId: string } | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  const m = TRACEPARENT.exec(value);
  if (!m) return undefined;
  const [, version, traceId, parentId, , rest] = m;
  if (version === 'ff') return undefined;
  if (version === '00' && rest !== undefined) return undefined;
  if (/^0+$/.test(traceId!) || /^0+$/.test(parentId!)) return undefined;
  return { traceId: traceId! };
}

/** A valid tracestate (trimmed members, joined by `,`), or undefined. */
export function parseTracestate(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  const members = value
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  if (members.length === 0 || members.length > 32) return undefined;
  if (!members.every((m) => MEMBER.test(m))) return undefined;
  const keys = members.map((m) => m.slice(0, m.indexOf('=')));
  if (new Set(keys).size !== keys.length) return undefined;
  return members.join(',');
}

function fromPair(traceparent: unknown, tracestate: unknown): TraceContext | undefined {
  const parsed = parseTraceparent(traceparent);
  if (!parsed) return undefined;
  const state = parseTracestate(tracestate);
  return {
    traceparent: traceparent as string,
    traceId: parsed.traceId,
    ...(state !== undefined && { tracestate: state }),
  };
}

/**
 * The trace context a request adopts: the in-message pair when its traceparent is valid, else the
 * header pair when valid, else none. `tracestate` always comes with the traceparent it travelled with.
 */
export function adoptTrace(
  inMessage: { traceparent?: unknown; tracestate?: unknown } | undefined,
  header: { traceparent?: unknown; tracestate?: unknown },
): TraceContext | undefined {
  return (
    (inMessage && fromPair(inMessage.traceparent, inMessage.tracestate)) ??
    fromPair(header.traceparent, header.tracestate)
  );
}

/** What a run records of an adopted trace context (ports/run-core.ts `CreateRunRequest.trace`). */
export function traceRecord(t: TraceContext): { traceparent: string; tracestate?: string } {
  return {
    traceparent: t.traceparent,
    ...(t.tracestate !== undefined && { tracestate: t.tracestate }),
  };
}

/**
 * The trace context a run recorded (`metadata.openwop.trace`, CreateRunRequest.trace), checked
 * again before it travels on (a push carries it as `traceparent`/`tracestate`); undefined if none.
 */
export function recordedTrace(
  metadata: Record<string, unknown> | undefined,
): { traceparent: string; tracestate?: string } | undefined {
  const openwop = metadata?.['openwop'];
  const trace =
    typeof openwop === 'object' && openwop !== null
      ? (openwop as Record<string, unknown>)['trace']
      : undefined;
  if (typeof trace !== 'object' || trace === null) return undefined;
  const { traceparent, tracestate } = trace as Record<string, unknown>;
  const adopted = adoptTrace({ traceparent, tracestate }, {});
  return adopted && traceRecord(adopted);
}
