// Run statuses and run-level error codes the engine writes (RunSnapshot.error.code and
// run.cancelled.reason are run-level values, not OpenWOP refusal codes).
import type { RunStatus } from '@wopgen/generated/run-status';

export const WAITING: readonly RunStatus[] = [
  'waiting-approval',
  'waiting-input',
  'waiting-external',
];
export const LIVE: readonly RunStatus[] = [
  'pending',
  'running',
  'paused',
  'cancelling',
  ...WAITING,
];

/**
 * Error codes the engine writes into `run.failed` when an interrupt is declined. They are run-level
 * error codes (RunSnapshot.error.code), not OpenWOP refusal codes.
 */
export const DECLINED_APPROVAL = 'approval_rejected';
export const DECLINED_INPUT = 'interrupt_declined';
/** `run.cancelled.reason` when the responder answers an interrupt with action `cancel`. */
export const INTERRUPT_CANCEL_REASON = 'interrupt-cancelled';
/** RunSnapshot.error.code of a run failed by the host rather than by its workflow (errors.json). */
export const INTERNAL_ERROR = 'internal_error';
