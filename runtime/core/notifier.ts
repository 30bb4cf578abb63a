// In-process wake-ups for live followers (run streams, waitFor, host-event streams). The store is the
// source of truth; a wake-up only says "read again".
export class Signals {
  private readonly waiters = new Map<string, Set<() => void>>();
  private closed = false;

  get isClosed(): boolean {
    return this.closed;
  }

  notify(key: string): void {
    const set = this.waiters.get(key);
    if (!set) return;
    this.waiters.delete(key);
    for (const wake of set) wake();
  }

  /**
   * A promise that settles at the next notify(key), at abort, after `timeoutMs`, or at close.
   * Take it *before* reading the store so an append between read and wait is not missed.
   */
  next(key: string, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<void> {
    if (this.closed || options.signal?.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      let set = this.waiters.get(key);
      if (!set) this.waiters.set(key, (set = new Set()));
      let timer: NodeJS.Timeout | undefined;
      const done = (): void => {
        set.delete(done);
        if (set.size === 0 && this.waiters.get(key) === set) this.waiters.delete(key);
        options.signal?.removeEventListener('abort', done);
        if (timer) clearTimeout(timer);
        resolve();
      };
      set.add(done);
      options.signal?.addEventListener('abort', done, { once: true });
      if (options.timeoutMs !== undefined) timer = setTimeout(done, Math.max(0, options.timeoutMs));
    });
  }

  /** Wake every waiter and refuse new waits (core shutdown). */
  close(): void {
    this.closed = true;
    for (const key of [...this.waiters.keys()]) this.notify(key);
  }
}
