// The one error type the run core throws for a refusal; it carries a registered OpenWOP error code
// (spec/errors.json) so every surface maps it to its own envelope (DESIGN.md §5).
import type { OpenWopErrorCode } from '@wopgen/generated/errors/catalogue';

export class CoreError extends Error {
  override readonly name = 'CoreError';

  constructor(
    readonly code: OpenWopErrorCode,
    message: string = code,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function isCoreError(err: unknown, code?: OpenWopErrorCode): err is CoreError {
  return err instanceof CoreError && (code === undefined || err.code === code);
}

/**
 * The store (the database every host of a deployment shares) could not be reached in time: down,
 * stalled, or out of connections. Retriable: nothing the request was acknowledged for is lost, and
 * a write it carried may or may not have been applied (retry with its idempotency key or
 * `messageId`). Every binding answers it in its own shape with HTTP 503 (`runner_unavailable`,
 * errors.json's registered retriable 503); an adapter throws it in place of its driver's error.
 */
export class StoreUnavailableError extends CoreError {
  constructor(message = 'the host cannot reach its database; retry shortly', cause?: unknown) {
    super('runner_unavailable', message);
    // The driver's error, for the host's log; never sent on the wire.
    if (cause !== undefined) this.cause = cause;
  }
}

export function isStoreUnavailable(err: unknown): err is StoreUnavailableError {
  return err instanceof StoreUnavailableError;
}
