// State bindings keep beside the runs: single-use tokens (MCP requestState) and small host-wide
// values (the requestState key, facet refresh dates). Binding records of a run (A2A tasks) are not
// here: they commit with the run change that writes them (run-store.ts).

export interface TokenStore {
  /**
   * Marks the single-use token `id` as spent until `expiresAt` (epoch ms): true for the first
   * caller, false for every later one, atomically — across every host sharing the store. Markers
   * whose token expired before `now` are dropped on the way.
   */
  spendToken(id: string, expiresAt: number, now: number): Promise<boolean>;
  /** Whether `id` is spent (and not yet dropped). */
  isTokenSpent(id: string): Promise<boolean>;
}

export interface KeyValueStore {
  getKv(key: string): Promise<string | undefined>;
  setKv(key: string, value: string): Promise<void>;
  /** Sets `key` only when it has no value; returns the value now stored (first writer wins). */
  setKvIfAbsent(key: string, value: string): Promise<string>;
}
