// The lifetime of one MCP request (interop.md §MCP tasks and cancellation): until the host has sent
// its whole response to a request that starts or continues a run, the run belongs to that request.
// The transport calls `abandon()` when the client goes away first (HTTP connection closed before the
// response finished, or a stdio `notifications/cancelled` naming the request) and `complete()` once
// the response is out; after that nothing the client does reaches the run.
import type { Subject } from '../../ports/auth.ts';
import type { RunCore } from '../../ports/run-core.ts';
import { isCoreError } from '../../ports/errors.ts';

/** `run.cancelled.reason` for a run whose request went away before its answer. */
export const REQUEST_CANCELLED_REASON = 'mcp-request-cancelled';

export class RequestScope {
  private readonly owned = new Map<string, Subject>();
  private readonly controller = new AbortController();
  private state: 'open' | 'complete' | 'abandoned' = 'open';

  constructor(
    private readonly core: RunCore,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Aborted when the request is abandoned: long waits end early. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get abandoned(): boolean {
    return this.state === 'abandoned';
  }

  /** The request now drives `runId`; a request already abandoned cancels it at once. */
  own(subject: Subject, runId: string): void {
    if (this.state === 'complete') return;
    this.owned.set(runId, subject);
    if (this.state === 'abandoned') void this.cancel(subject, runId);
  }

  /** The response was sent in full: the runs no longer belong to this request. */
  complete(): void {
    if (this.state === 'open') this.state = 'complete';
    this.owned.clear();
  }

  /** The client went away before the whole response was sent: cancel every owned run. */
  abandon(): Promise<void> {
    if (this.state !== 'open') return Promise.resolve();
    this.state = 'abandoned';
    this.controller.abort();
    return Promise.all([...this.owned].map(([runId, subject]) => this.cancel(subject, runId))).then(
      () => undefined,
    );
  }

  private async cancel(subject: Subject, runId: string): Promise<void> {
    try {
      await this.core.cancelRun(subject, runId, {
        reason: REQUEST_CANCELLED_REASON,
        cancelledBy: subject.subjectId,
      });
    } catch (err) {
      if (!isCoreError(err, 'run_terminal')) this.onError(err);
    }
  }
}
