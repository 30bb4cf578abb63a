// The ChangeFeed of a single process: wake-ups and the change stream live in memory. Single-process
// by construction — a second host on the same database would neither wake this one's readers nor
// be woken by them (they would still see every change at their next timeout). Several hosts need
// a feed fed by the database instead (LISTEN/NOTIFY), behind the same port.
import type { ChangeFeed, ChangeTopic } from '../../ports/change-feed.ts';

function keyOf(topic: ChangeTopic): string {
  return topic.kind === 'run' ? `run:${topic.runId}` : `host:${topic.tenant}`;
}

export class InProcessChangeFeed implements ChangeFeed {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly listeners = new Set<(topic: ChangeTopic) => void>();
  private closed = false;

  get isClosed(): boolean {
    return this.closed;
  }

  publish(topic: ChangeTopic): void {
    this.wake(keyOf(topic));
    for (const listener of this.listeners) listener(topic);
  }

  subscribe(listener: (topic: ChangeTopic) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  next(topic: ChangeTopic, options: { timeoutMs: number; signal?: AbortSignal }): Promise<void> {
    if (this.closed || options.signal?.aborted) return Promise.resolve();
    const key = keyOf(topic);
    return new Promise<void>((resolve) => {
      let set = this.waiters.get(key);
      if (!set) this.waiters.set(key, (set = new Set()));
      const done = (): void => {
        set.delete(done);
        if (set.size === 0 && this.waiters.get(key) === set) this.waiters.delete(key);
        options.signal?.removeEventListener('abort', done);
        clearTimeout(timer);
        resolve();
      };
      set.add(done);
      options.signal?.addEventListener('abort', done, { once: true });
      const timer = setTimeout(done, Math.max(0, options.timeoutMs));
    });
  }

  close(): void {
    this.closed = true;
    for (const key of [...this.waiters.keys()]) this.wake(key);
    this.listeners.clear();
  }

  private wake(key: string): void {
    const set = this.waiters.get(key);
    if (!set) return;
    this.waiters.delete(key);
    for (const wake of set) wake();
  }
}
