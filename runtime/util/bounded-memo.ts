// A memo of a pure function over values a peer chooses (header values, origins, request targets):
// bounded, and emptied at once when full, so a peer cycling through values cannot grow it and the
// common case (a handful of distinct values) costs one Map lookup (the request path's memos).
export class BoundedMemo<K, V> {
  private readonly values = new Map<K, V>();

  constructor(private readonly max: number) {}

  /** `compute(key)`'s value, computed once while it stays in the memo. */
  get(key: K, compute: (key: K) => V): V {
    const hit = this.values.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    if (this.values.size >= this.max) this.values.clear();
    this.values.set(key, value);
    return value;
  }

  clear(): void {
    this.values.clear();
  }
}
