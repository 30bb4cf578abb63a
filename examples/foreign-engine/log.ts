// One run's log in memory, with followers woken on every append.
import type { NewRunEvent, RunEvent } from 'wopgen/runtime';

export class RunLog {
  readonly events: RunEvent[] = [];
  private waiters: (() => void)[] = [];

  constructor(private readonly runId: string) {}

  append(e: NewRunEvent, at: string): RunEvent {
    const event = { ...e, runId: this.runId, sequence: this.events.length, timestamp: at };
    this.events.push(event as RunEvent);
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
    return event as RunEvent;
  }

  /** Settles at the next append, at abort, or after `ms`. */
  next(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  async *follow(after: number, signal?: AbortSignal): AsyncGenerator<RunEvent> {
    let next = after + 1;
    while (!signal?.aborted) {
      const wake = this.next(1000, signal);
      while (next < this.events.length) {
        const e = this.events[next++]!;
        yield e;
        if (e.type === 'run.completed' || e.type === 'run.failed' || e.type === 'run.cancelled')
          return;
      }
      await wake;
    }
  }
}
