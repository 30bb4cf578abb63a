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
