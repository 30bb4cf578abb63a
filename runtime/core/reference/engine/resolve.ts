// Answering an open interrupt, as one RunChange: accept → the value (checked against the interrupt
// schema, secrets redacted) becomes vars.<nodeId> and the run resumes once no sibling of an `all`
// node is still open; decline → run.failed (approval_rejected / interrupt_declined); cancel →
// run.cancelled with reason interrupt-cancelled. An approval is answered in its own vocabulary
// (approval.ts): accept and edit-accept grant it, reject is the decline path, refine asks again,
// ask leaves it open.
import type { Subject } from '../../../ports/auth.ts';
import { CoreError } from '../../../ports/errors.ts';
import type { NewRunEvent } from '../../../ports/events.ts';
import type { InterruptAnswer } from '../../../ports/interrupts.ts';
import type { JsonObject } from '../../../ports/json.ts';
import type {
  InterruptRecord,
  RunChange,
  RunPatch,
  RunRecord,
} from '../../../ports/store/run-store.ts';
import { checkAgainst, redactSecrets } from '../../../util/json-schema.ts';

const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
import { approvalVar, askChange, readApproval, refineChange } from './approval.ts';
import { DECLINED_APPROVAL, DECLINED_INPUT, INTERRUPT_CANCEL_REASON, WAITING } from './codes.ts';
import type { WorkflowDefinition } from './definition.ts';

export interface Resolution {
  subject: Subject;
  run: RunRecord;
  interrupt: InterruptRecord | undefined;
  interruptId: string;
  answer: InterruptAnswer;
  at: string;
  durationMs: number;
  /** Whether another interrupt of the run is still open (asked only for an `all` node). */
  othersOpen(): Promise<boolean>;
}

/** The interrupt, if `subject` may answer it now with `answer`; else the refusal. */
function check(r: Resolution): InterruptRecord {
  const it = r.interrupt;
  if (!it || it.runId !== r.run.runId)
    throw new CoreError('interrupt_not_found', 'no such interrupt on this run');
  if (it.status === 'cancelled')
    throw new CoreError('interrupt_cancelled', 'the interrupt was cancelled');
  if (it.status !== 'open')
    throw new CoreError('interrupt_already_resolved', 'the interrupt is already resolved');
  if (it.approvers && it.approvers.length > 0 && !it.approvers.includes(r.subject.subjectId)) {
    throw new CoreError('forbidden', 'the caller is not an approver of this interrupt');
  }
  if (r.answer.action === 'accept' && it.schema && it.kind !== 'approval') {
    const issues = checkAgainst(it.schema, r.answer.value);
    if (issues.length > 0)
      throw new CoreError('validation_error', 'resume value does not match the schema', {
        issues,
      });
  }
  return it;
}

function declined(r: Resolution, it: InterruptRecord, change: RunChange): RunPatch {
  const error =
    it.kind === 'approval'
      ? { code: DECLINED_APPROVAL, message: `approval ${it.nodeId} was rejected` }
      : { code: DECLINED_INPUT, message: `${it.kind} ${it.nodeId} was declined` };
  change.cancelOpenInterrupts = true;
  change.events!.push({
    type: 'run.failed',
    payload: { error, failedNodeId: it.nodeId, durationMs: r.durationMs },
  });
  return { status: 'failed', error, completedAt: r.at, currentNodeId: null };
}

function cancelled(r: Resolution, change: RunChange): RunPatch {
  change.cancelOpenInterrupts = true;
  change.events!.push({
    type: 'run.cancelled',
    payload: {
      reason: INTERRUPT_CANCEL_REASON,
      cancelledBy: r.subject.subjectId,
      durationMs: r.durationMs,
    },
  });
  return { status: 'cancelled', completedAt: r.at, currentNodeId: null };
}

/** The change answering the interrupt, and whether the run resumes stepping after it. */
export async function resolutionChange(
  r: Resolution,
): Promise<{ change: RunChange; resumes: boolean }> {
  const it = check(r);
  if (it.kind === 'approval' && r.answer.action !== 'cancel') return approvalResolution(r, it);
  const { answer } = r;
  const stored = answer.value === undefined ? undefined : redactSecrets(it.schema, answer.value);
  const change = closing(r, it, answer.action, stored);
  if (answer.action !== 'accept') {
    change.patch = answer.action === 'decline' ? declined(r, it, change) : cancelled(r, change);
    return { change, resumes: false };
  }
  return granted(r, it, change, stored ?? true);
}

type Recorded = Extract<NewRunEvent, { type: 'interrupt.resolved' }>['payload'];

/** The change that closes the interrupt with `action` and records who answered. */
function closing(
  r: Resolution,
  it: InterruptRecord,
  action: NonNullable<Recorded['action']>,
  stored: unknown,
  extra: Partial<Recorded> = {},
): RunChange {
  const resolution: JsonObject = { action, resolvedBy: r.subject };
  if (stored !== undefined) resolution.value = stored;
  return {
    runId: r.run.runId,
    at: r.at,
    expectStatus: WAITING,
    closeInterrupt: { interruptId: r.interruptId, status: 'resolved', resolution },
    events: [
      {
        type: 'interrupt.resolved',
        payload: {
          interruptId: r.interruptId,
          nodeId: it.nodeId,
          action,
          ...extra,
          resolvedBy: r.subject,
        },
      },
    ],
  };
}

/** An approval answered with one of its gate's actions (interrupt.md §Approval). */
async function approvalResolution(
  r: Resolution,
  it: InterruptRecord,
): Promise<{ change: RunChange; resumes: boolean }> {
  const resume = readApproval(r.run, it, r.answer);
  if (resume.action === 'ask')
    return { change: askChange(r.run, it, resume, r.at, WAITING), resumes: false };
  const kept = approvalVar(resume);
  if (resume.action === 'reject') {
    const change = closing(r, it, 'reject', kept, { decision: 'rejected' });
    change.patch = declined(r, it, change);
    return { change, resumes: false };
  }
  if (resume.action === 'refine') {
    const change = closing(r, it, 'refine', kept, { refineFeedback: resume.refineFeedback });
    refineChange(r.run, it, change, r.at);
    const vars = { ...r.run.engine.vars, [it.nodeId]: kept };
    change.patch = { engine: { nodeIndex: r.run.engine.nodeIndex, vars } };
    return { change, resumes: false };
  }
  const extra: Partial<Recorded> = { decision: 'granted' };
  if (resume.action === 'edit-accept')
    extra.editedArtifactData = resume.editedArtifactData as Recorded['editedArtifactData'];
  return granted(r, it, closing(r, it, resume.action, kept, extra), kept);
}

/** The interrupt answered: its step moves on (an `all` node once its last interrupt is). */
async function granted(
  r: Resolution,
  it: InterruptRecord,
  change: RunChange,
  value: unknown,
): Promise<{ change: RunChange; resumes: boolean }> {
  const { run } = r;
  // An `all` node moves on only once its last open interrupt is answered; no other node has more
  // than one, so only an `all` node needs the look.
  const node = (run.definition as unknown as WorkflowDefinition).nodes[run.engine.nodeIndex];
  const othersOpen = node?.kind === 'all' && (await r.othersOpen());
  // A remote's question (an outbound node): the same node runs again and sends the answer back.
  if (node?.kind === 'a2a-call' || node?.kind === 'mcp-call') {
    const remote = { ...run.engine.outbound, answer: (isObject(value) ? value : {}) as JsonObject };
    change.patch = {
      status: 'running',
      currentNodeId: null,
      engine: { ...run.engine, outbound: remote },
    };
    return { change, resumes: true };
  }
  const vars = { ...run.engine.vars, [it.nodeId]: value };
  change.patch = othersOpen
    ? { engine: { nodeIndex: run.engine.nodeIndex, vars } }
    : {
        status: 'running',
        currentNodeId: null,
        engine: { nodeIndex: run.engine.nodeIndex + 1, vars },
      };
  return { change, resumes: !othersOpen };
}
