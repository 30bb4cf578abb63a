// A bound on one tenant's concurrent expensive reads (a task or run listing: a page and its count):
// at most `perTenant` run at once per tenant, the rest wait their turn in arrival order. One
// tenant's burst then holds at most that many store connections and event-loop turns, and every
// other tenant's requests go on beside it (README §Reliability, `listingsPerTenant`).

export interface TenantGate {
  /** Runs `work` once the tenant has a free place, and frees the place when it settles. */
  run<T>(tenant: string, work: () => Promise<T>): Promise<T>;
  /** Reads running now for the tenant, and reads waiting (tests, benches). */
  running(tenant: string): number;
  waiting(tenant: string): number;
}

interface Lane {
  running: number;
  queue: (() => void)[];
}

export function createTenantGate(perTenant: number): TenantGate {
  const lanes = new Map<string, Lane>();

  const release = (tenant: string, lane: Lane) => {
    const next = lane.queue.shift();
    if (next) return next(); // the place passes straight to the next in line
    lane.running -= 1;
    if (lane.running === 0) lanes.delete(tenant);
  };

  return {
    async run(tenant, work) {
      let lane = lanes.get(tenant);
      if (!lane) {
        lane = { running: 0, queue: [] };
        lanes.set(tenant, lane);
      }
      if (lane.running < perTenant) lane.running += 1;
      else await new Promise<void>((resolve) => lane.queue.push(resolve));
      try {
        return await work();
      } finally {
        release(tenant, lane);
      }
    },
    running: (tenant) => lanes.get(tenant)?.running ?? 0,
    waiting: (tenant) => lanes.get(tenant)?.queue.length ?? 0,
  };
}
