// Caps on open event streams: at most `perTenant` per tenant and `perHost`
// across the host, so one tenant cannot hold every socket and buffer of the process. A binding
// takes a slot before it opens a stream and answers a refusal in its own protocol's shape
// (REST `rate_limited` 429; A2A and MCP a JSON-RPC error with HTTP 429).

export type SlotRefusal = { refused: 'tenant' | 'host'; message: string };

export interface StreamSlots {
  /** A release function (idempotent), or why no slot is free. */
  acquire(tenant: string): (() => void) | SlotRefusal;
  /** Streams open now, per tenant and in all (for the soak bench and tests). */
  readonly open: number;
  openFor(tenant: string): number;
}

export function createStreamSlots(perTenant: number, perHost: number): StreamSlots {
  const byTenant = new Map<string, number>();
  let total = 0;
  return {
    acquire(tenant) {
      const mine = byTenant.get(tenant) ?? 0;
      if (total >= perHost) {
        return { refused: 'host', message: `the host holds its limit of ${perHost} open streams` };
      }
      if (mine >= perTenant) {
        return {
          refused: 'tenant',
          message: `this tenant holds its limit of ${perTenant} open streams`,
        };
      }
      byTenant.set(tenant, mine + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byTenant.get(tenant) ?? 1) - 1;
        if (left <= 0) byTenant.delete(tenant);
        else byTenant.set(tenant, left);
      };
    },
    get open() {
      return total;
    },
    openFor: (tenant) => byTenant.get(tenant) ?? 0,
  };
}

/** Holds a slot until the response closes; the refusal when none is free. */
export function holdSlot(
  slots: StreamSlots,
  tenant: string,
  res: { once(event: 'close', cb: () => void): unknown },
): SlotRefusal | undefined {
  const got = slots.acquire(tenant);
  if (typeof got !== 'function') return got;
  res.once('close', got);
  return undefined;
}
