// Writes of concurrent requests grouped into shared statements: what is queued while a statement
// is out travels in the next one, so a load of N writers costs about one round trip and one commit
// per batch instead of per write (the SQLite store groups its writes per event-loop turn for the
// same reason: sqlite/grouped-writes.ts). A batch is one statement, hence one transaction: it
// commits whole or not at all. When it fails, each of its writes is sent again alone, so one bad
// write (a key another request took first) fails alone and the others commit.
export class Batches<T, R> {
  private queue: { item: T; resolve(r: R): void; reject(err: unknown): void }[] = [];
  private inFlight = false;

  /**
   * `send` writes a batch as one statement and answers each item's result, in order; `retryOnce`
   * names a failure worth sending the same batch again (a deadlock the server broke).
   */
  constructor(
    private readonly send: (batch: readonly T[]) => Promise<R[]>,
    private readonly retryOnce: (err: unknown) => boolean = () => false,
  ) {}

  /** Queues `item` for the next statement; settles once that statement has committed. */
  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.inFlight) void this.drain();
    });
  }

  /** Sends batches one after another until the queue is empty. */
  private async drain(): Promise<void> {
    this.inFlight = true;
    try {
      // Let the current turn's other writes join the first batch.
      await new Promise((r) => setImmediate(r));
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        await this.sendBatch(batch);
      }
    } finally {
      this.inFlight = false;
    }
  }

  private async sendBatch(batch: typeof this.queue, retried = false): Promise<void> {
    try {
      const results = await this.send(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (err) {
      if (this.retryOnce(err) && !retried) return this.sendBatch(batch, true);
      // Nothing of the batch is in (one statement): each write alone, so a bad one fails alone.
      if (batch.length > 1) {
        for (const p of batch) await this.sendBatch([p], true);
        return;
      }
      batch[0]!.reject(err);
    }
  }
}
