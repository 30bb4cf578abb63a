// Who may operate on a run, and which host carries a live run forward. A run
// step, a delay's timer or a cancellation must happen once even when several hosts share one
// store: `exclusive` serialises operations on one run across every host, and the host that ran the
// last one holds the run's lease (it armed the timer, it is executing the step). A host renews its
// leases while it lives; a lease that is not renewed expires, and `claimOrphans` — the periodic
// sweep of every host — hands the live runs of a dead host (or of none, after a restart) to the
// caller exactly once. A single-process store (SQLite) implements it in memory: every live run is
// an orphan at start, and there is nobody to take over from later.

export interface RunLeases {
  /** Runs `fn` while no other operation on `runId` runs on any host; this host then owns the run. */
  exclusive<T>(runId: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Claims up to `limit` runs in one of `statuses` that no live host owns (their lease is absent or
   * expired), each for exactly one caller across every host; returns their ids, oldest first.
   */
  claimOrphans(statuses: readonly string[], limit: number): Promise<string[]>;
  /** How often the engine should call claimOrphans after start; undefined: only once, at start. */
  readonly sweepEveryMs: number | undefined;
  /** Stops renewing (the host is stopping); its leases then expire and another host takes over. */
  close(): Promise<void>;
}
