// An open question of a run, in the port's own vocabulary: who is asked (a person through a form, a
// person sent to a URL, or the caller's own client) and what shape the answer takes. Bindings turn
// it into their wire (an MCP elicitation or sampling request, an A2A input-required status).
import type { JsonObject, JsonValue } from './json.ts';
import type { Subject } from './auth.ts';

export const INTERRUPT_KINDS = [
  'approval',
  'clarification',
  'input',
  'credential',
  'external-event',
  'custom',
] as const;
export type InterruptKind = (typeof INTERRUPT_KINDS)[number];

/**
 * The approval vocabulary (interrupt.md §Approval): what a gate may allow. `ask` puts a question
 * and leaves the gate open; `timeout` is the host's own record and never an answer.
 */
export const APPROVAL_ACTIONS = ['accept', 'reject', 'refine', 'edit-accept', 'ask'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** What a `refine` says should change (interrupt.md §Approval, RefineFeedback). */
export interface RefineFeedback {
  scope: 'whole' | 'section' | 'items';
  sectionPath?: string;
  itemIds?: string[];
  tags?: string[];
  text?: string;
}

/** Why a credential is asked for (upstream CredentialData `reason`). */
export const CREDENTIAL_REASONS = ['missing', 'expired', 'insufficient_scope'] as const;
export type CredentialReason = (typeof CREDENTIAL_REASONS)[number];

/** One answer to an approval gate, with the field its action requires. */
export type ApprovalResume =
  | { action: 'accept' | 'reject' | 'ask'; feedback?: string }
  | { action: 'refine'; refineFeedback: RefineFeedback; feedback?: string }
  | { action: 'edit-accept'; editedArtifactData: JsonValue; feedback?: string };

/** What a `custom` interrupt asks the caller's own client to do; its result is the answer. */
export type ClientAsk =
  /** Run the client's model on these parameters (a sampling request). */
  | { kind: 'sampling'; params: JsonObject }
  /** List the client's filesystem roots. */
  | { kind: 'roots'; params: JsonObject };

export interface Interrupt {
  interruptId: string;
  runId: string;
  /** The workflow step that asks. */
  nodeId: string;
  kind: InterruptKind;
  /** What a person is told; absent when the workflow gives no wording. */
  prompt?: string;
  /** JSON Schema of the answer (a form, when it is a flat object of primitives). */
  schema?: JsonObject;
  /** Subject ids allowed to answer an approval; absent means any reader of the run. */
  approvers?: string[];
  /** For an approval: the actions its gate allows (any other answer is refused). */
  actions?: ApprovalAction[];
  /** Where a person connects a credential (a URL to open, not a form). */
  connectUrl?: string;
  /** For a credential: the provider to connect, the scopes wanted and why (never material). */
  provider?: string;
  scopes?: string[];
  reason?: CredentialReason;
  /** Set on a `custom` interrupt answered by the caller's client rather than a person. */
  clientAsk?: ClientAsk;
  createdAt: string;
}

/**
 * An answer to an open interrupt. For an approval, `accept` carries the approval answer itself as
 * `value` (an ApprovalResume as the client sent it; the core checks it against the gate's actions,
 * util/approval-answer.ts; no value is a plain `accept`) and `decline` means `reject`.
 */
export interface InterruptAnswer {
  action: 'accept' | 'decline' | 'cancel';
  value?: unknown;
}

/** Who answered and how, as the run's log records it. */
export interface InterruptResolution extends InterruptAnswer {
  resolvedBy: Subject;
}
