// Approval gates (interrupt.md §Approval): which actions a gate allows, the answer read against
// them (util/approval-answer.ts, the reader every binding shares), and the two actions that do not
// end the gate the way accept and reject do:
//   - refine: the gate's interrupt is resolved with the feedback, and the same step asks again (a
//     fresh interrupt), the feedback kept in vars.<nodeId> for the workflow;
//   - ask: the gate stays open; the question goes on the run's log (`log.appended`).
import { CoreError } from '../../../ports/errors.ts';
import type { ApprovalResume, InterruptAnswer } from '../../../ports/interrupts.ts';
import type { JsonObject } from '../../../ports/json.ts';
import type { InterruptRecord, RunChange, RunRecord } from '../../../ports/store/run-store.ts';
import { parseApprovalAnswer } from '../../../util/approval-answer.ts';
import { flatNodes, gateActions, type AskNode, type WorkflowDefinition } from './definition.ts';
import { interruptFor, requestedEvents } from './suspend.ts';

const definitionOf = (run: RunRecord) => run.definition as unknown as WorkflowDefinition;

/**
 * The approval answer an InterruptAnswer carries (`accept` with the answer as its value; `decline`
 * is `reject`, a bare `accept` accepts), checked against the gate; CoreError('validation_error') when it is not one.
 */
export function readApproval(
  run: RunRecord,
  it: InterruptRecord,
  answer: InterruptAnswer,
): ApprovalResume {
  const raw =
    answer.action === 'decline'
      ? { action: 'reject' }
      : answer.value === undefined
        ? { action: 'accept' }
        : answer.value;
  const parsed = parseApprovalAnswer(raw, gateActions(definitionOf(run), it.nodeId));
  if (!parsed.ok) throw new CoreError('validation_error', parsed.message);
  return parsed.resume;
}

/** What the gate's step keeps of the answer (vars.<nodeId>): the answer without its wording. */
export function approvalVar(resume: ApprovalResume): JsonObject {
  const { feedback: _feedback, ...kept } = resume;
  return kept as JsonObject;
}

/** Completes `change` for a refine: the same step asks again with a fresh interrupt. */
export function refineChange(run: RunRecord, it: InterruptRecord, change: RunChange, at: string) {
  const node = flatNodes(definitionOf(run)).find((n) => n.id === it.nodeId) as AskNode;
  const again = interruptFor(run, node, at);
  change.insertInterrupts = [again];
  change.events!.push(...requestedEvents(run, again));
}

/** The change for an `ask`: nothing is resolved; the question is logged for whoever follows. */
export function askChange(
  run: RunRecord,
  it: InterruptRecord,
  resume: ApprovalResume,
  at: string,
  expectStatus: RunChange['expectStatus'],
): RunChange {
  const message = resume.feedback ?? 'a question was asked at this approval';
  return {
    runId: run.runId,
    at,
    ...(expectStatus ? { expectStatus } : {}),
    events: [
      {
        type: 'log.appended',
        payload: { level: 'info', message, nodeId: it.nodeId, fields: { approvalAction: 'ask' } },
      },
    ],
  };
}
