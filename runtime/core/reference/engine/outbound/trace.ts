// The trace context an outbound call carries (interop.md §"Trace context"): the run's recorded
// trace (`metadata.openwop.trace`) with a fresh parent id, so the remote's work joins our trace as
// a child of this step; none when the run recorded none.
import { randomBytes } from 'node:crypto';
import type { RunRecord } from '../../../../ports/store/run-store.ts';
import { parseTraceparent } from '../../../../util/trace-context.ts';

export interface OutboundTrace {
  traceparent: string;
  tracestate?: string;
}

export function outboundTrace(run: RunRecord): OutboundTrace | undefined {
  const openwop = run.metadata?.['openwop'];
  const trace =
    openwop && typeof openwop === 'object' && !Array.isArray(openwop)
      ? (openwop as Record<string, unknown>)['trace']
      : undefined;
  if (!trace || typeof trace !== 'object' || Array.isArray(trace)) return undefined;
  const { traceparent, tracestate } = trace as Record<string, unknown>;
  const parsed = parseTraceparent(traceparent);
  if (!parsed) return undefined;
  const flags = (traceparent as string).slice(53, 55);
  return {
    traceparent: `00-${parsed.traceId}-${randomBytes(8).toString('hex')}-${flags}`,
    ...(typeof tracestate === 'string' && { tracestate }),
  };
}
