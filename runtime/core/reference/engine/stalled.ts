// Runs an operation of this host left half-way because the store stopped answering (a timer's step,
// a resume, an answer whose step failed after its commit). Such a run is still live and still
// leased by this host, so no other host's sweep will take it: this host must carry it on itself.
// Each is tried again, from what the store holds, every RETRY_MS until the store answers; a run
// that turns out to need nothing (ended, suspended, never inserted) is simply dropped.
const RETRY_MS = 1_000;

export class StalledRuns {
  private readonly runs = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  /** `resume` carries one run forward from the store; it throws while the store is unavailable. */
  constructor(private readonly resume: (runId: string) => Promise<void>) {}

  add(runId: string): void {
    if (this.closed) return;
    this.runs.add(runId);
    this.schedule();
  }

  /** Runs waiting to be carried on (tests read it). */
  get size(): number {
    return this.runs.size;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.runs.clear();
  }

  private async retry(): Promise<void> {
    for (const runId of [...this.runs]) {
      if (this.closed) return;
      try {
        await this.resume(runId);
        this.runs.delete(runId);
      } catch {
        // Still unavailable (or failed again): kept for the next round.
      }
    }
    this.timer = undefined;
    if (this.runs.size > 0) this.schedule();
  }

  private schedule(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => void this.retry(), RETRY_MS);
    this.timer.unref();
  }
}
