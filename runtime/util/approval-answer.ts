// The one reader of an approval answer (interrupt.md §Approval), used by the core to enforce a gate
// and by every binding (A2A, MCP elicitation results, REST) to refuse a bad answer in its own shape
// before anything is spent.
//
// - `action` is one of accept, reject, refine, edit-accept, ask, and one the gate's `actions`
//   allow; `approve` is read as `accept` (a documented alias kept for clients of this host's first
//   vocabulary); `timeout` is refused: it is the host's own record of an expired gate, never an
//   answer (run-event-payloads `interruptResolved.action`).
// - `refine` requires `refineFeedback` ({scope: whole|section|items, ...}, closed); `edit-accept`
//   requires `editedArtifactData` (any JSON value); `feedback` is an optional string on any action.
// - Members the vocabulary does not name (`decidedAt`, `decidedBy`, anything else) are ignored: they
//   never reach the run.
import type { ApprovalAction, ApprovalResume, RefineFeedback } from '../ports/interrupts.ts';
import { APPROVAL_ACTIONS } from '../ports/interrupts.ts';
import type { JsonValue } from '../ports/json.ts';

export type ApprovalParse = { ok: true; resume: ApprovalResume } | { ok: false; message: string };

/** The actions a gate allows when its workflow names none. */
export const DEFAULT_APPROVAL_ACTIONS: readonly ApprovalAction[] = ['accept', 'reject'];

const SCOPES = new Set(['whole', 'section', 'items']);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isAction(v: unknown): v is ApprovalAction {
  return typeof v === 'string' && (APPROVAL_ACTIONS as readonly string[]).includes(v);
}

const isStrings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A RefineFeedback, or the reason it is not one. */
function readRefineFeedback(v: unknown): RefineFeedback | string {
  if (!isObject(v)) return 'refineFeedback must be an object';
  if (typeof v['scope'] !== 'string' || !SCOPES.has(v['scope']))
    return 'refineFeedback.scope must be whole, section or items';
  const known = new Set(['scope', 'sectionPath', 'itemIds', 'tags', 'text']);
  const extra = Object.keys(v).find((k) => !known.has(k));
  if (extra !== undefined) return `refineFeedback has no member ${extra}`;
  for (const k of ['sectionPath', 'text'])
    if (v[k] !== undefined && typeof v[k] !== 'string')
      return `refineFeedback.${k} must be a string`;
  for (const k of ['itemIds', 'tags'])
    if (v[k] !== undefined && !isStrings(v[k]))
      return `refineFeedback.${k} must be an array of strings`;
  return v as unknown as RefineFeedback;
}

/** The wording every refusal ends with: what this gate accepts. */
export function allowedText(allowed: readonly ApprovalAction[]): string {
  return `this approval accepts action ${allowed.join('|')}`;
}

/** Reads `raw` as an answer to a gate allowing `allowed`. */
export function parseApprovalAnswer(
  raw: unknown,
  allowed: readonly ApprovalAction[],
): ApprovalParse {
  const fail = (why: string): ApprovalParse => ({
    ok: false,
    message: `${why}; ${allowedText(allowed)}`,
  });
  if (!isObject(raw)) return fail('an approval answer is an object with an action');
  const given = raw['action'] === 'approve' ? 'accept' : raw['action'];
  if (given === 'timeout') return fail('timeout is recorded by the host, never sent as an answer');
  if (!isAction(given))
    return fail(`action ${JSON.stringify(given ?? null)} is not an approval action`);
  if (!allowed.includes(given)) return fail(`action ${given} is not allowed by this gate`);
  const feedback = raw['feedback'];
  if (feedback !== undefined && typeof feedback !== 'string')
    return fail('feedback must be a string');
  const common = feedback === undefined ? {} : { feedback };
  if (given === 'refine') {
    const rf = readRefineFeedback(raw['refineFeedback']);
    if (typeof rf === 'string') return fail(`refine requires refineFeedback: ${rf}`);
    return { ok: true, resume: { action: given, refineFeedback: rf, ...common } };
  }
  if (given === 'edit-accept') {
    if (!('editedArtifactData' in raw) || raw['editedArtifactData'] === undefined)
      return fail('edit-accept requires editedArtifactData');
    const editedArtifactData = raw['editedArtifactData'] as JsonValue;
    return { ok: true, resume: { action: given, editedArtifactData, ...common } };
  }
  return { ok: true, resume: { action: given, ...common } };
}
