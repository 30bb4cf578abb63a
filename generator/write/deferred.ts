// Staging folders removed in the background (`generate --watch`): freeing the replaced files of a
// 4 MB package is kernel work of 10-40 ms that need not delay the outcome line. The next write
// waits for it first: its plan would take a staging folder of this live process for another
// writer's (write/guard.ts planOutput).
import { rm } from 'node:fs/promises';

export class DeferredRemovals {
  private pending: Promise<void>[] = [];

  /** Starts removing `path`; a failure leaves it for the next write, which removes leftovers. */
  remove(path: string): void {
    this.pending.push(rm(path, { recursive: true, force: true }).catch(() => undefined));
  }

  /** Resolves once every removal started so far has ended. */
  async settled(): Promise<void> {
    while (this.pending.length > 0) await Promise.all(this.pending.splice(0));
  }
}
