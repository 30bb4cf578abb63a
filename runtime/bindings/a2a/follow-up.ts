// A message to a task whose run is working, not waiting (interop-map SendMessage, "taskId, run not
// suspended and not terminal"): delivered through the workflow's declared input path
// (WorkflowView.messages, RunCore.sendRunMessage), else refused UnsupportedOperationError; never
// dropped without an answer. The message joins the task's history in the run's own commit, and the
// run's answer follows it there (task-projection.ts). A message the task already holds (same
// messageId) is not delivered again: the answer is the task as it stands. A message to a terminal
// task is refused before this (handlers.ts `refuseTerminal`) and appends nothing.
import { isCoreError } from '../../ports/errors.ts';
import { fromCoreError, taskNotFound, unsupported } from './errors.ts';
import { checkContentTypes } from './content-modes.ts';
import { checkConfiguration, historyNote } from './messages.ts';
import { inlinePush, registerInlinePush } from './push-inline.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import { firstDataObject, joinedText } from './routing.ts';
import { contextIdOf, type TaskView } from './task-projection.ts';
import type { Message, SendMessageParams } from './wire.ts';

export const NOT_WAITING = 'the task is working and is not waiting for input';
export const TERMINAL = 'the task is in a terminal state and accepts no further messages';

function alreadyHeld(target: TaskView, message: Message): boolean {
  const history = (target.record?.history ?? []) as unknown as Message[];
  return history.some((m) => m.messageId === message.messageId);
}

/**
 * Deliver the message to the target task's run; answers once the run has answered it, `delivered`
 * false for a message the task already held.
 */
export async function deliverFollowUp(
  deps: A2aDeps,
  params: SendMessageParams,
  rc: A2aRequestContext,
  target: TaskView,
): Promise<{ target: TaskView; delivered: boolean }> {
  const { core } = deps.ctx;
  const runId = target.run.runId;
  const workflow = await core.getWorkflow(rc.subject, target.run.workflowId);
  if (!workflow?.messages || !core.sendRunMessage) throw unsupported(NOT_WAITING);
  checkConfiguration(deps.ctx, params);
  const message = params.message;
  checkContentTypes(
    deps.ctx,
    target.run.workflowId,
    message,
    params.configuration?.acceptedOutputModes,
  );
  if (alreadyHeld(target, message)) return { target, delivered: false };
  const push = await inlinePush(deps.ctx, params);
  if (push) {
    const after = await core.lastSequence(rc.subject, runId);
    if (after !== undefined) await registerInlinePush(push, rc, runId, after);
  }
  const text = joinedText(message);
  const data = firstDataObject(message);
  let answered;
  try {
    answered = await core.sendRunMessage(rc.subject, runId, {
      messageId: message.messageId,
      ...(text !== undefined && { text }),
      ...(data !== undefined && { data }),
      note: historyNote(message, contextIdOf(target)),
    });
  } catch (err) {
    if (isCoreError(err, 'run_already_active')) throw unsupported(NOT_WAITING);
    if (isCoreError(err, 'run_terminal')) throw unsupported(TERMINAL);
    throw fromCoreError(err);
  }
  if (!answered) throw taskNotFound();
  await rc.bindRun(runId);
  return { target, delivered: true };
}
