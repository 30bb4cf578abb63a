// Wake-ups for live readers (run streams, waits, host-event streams) and the host-wide change stream
// push delivery attaches to. The store is the truth; a change only says "read again", so a reader
// that misses one loses nothing but latency: every wait has a timeout after which it reads anyway.
// The SQLite host feeds it in-process (adapters/change-feed/in-process.ts); several hosts on one
// database feed it from the database (LISTEN/NOTIFY), publishing after the commit that changed it.

export type ChangeTopic =
  /**
   * `created`: the change is the run's insert (with its first turn). Nothing can have subscribed
   * push delivery to a run before its insert commits, so such a change needs no push lookup.
   */
  { kind: 'run'; runId: string; created?: boolean } | { kind: 'host'; tenant: string };

export interface ChangeFeed {
  /** Announce that `topic` changed; call only after the change is committed. */
  publish(topic: ChangeTopic): void;
  /**
   * Settles at the next publish of `topic`, at abort, after `timeoutMs`, or at close. Take it
   * *before* reading the store so a change between the read and the wait is not missed.
   */
  next(topic: ChangeTopic, options: { timeoutMs: number; signal?: AbortSignal }): Promise<void>;
  /** Every change of the host, in publish order; returns the unsubscribe function. */
  subscribe(listener: (topic: ChangeTopic) => void): () => void;
  readonly isClosed: boolean;
  /** Wake every waiter and refuse new waits (shutdown). */
  close(): void;
}
