// SendMessage case selection: which interop-map row serves a message, by whether it names a task
// and that task's run status (the rows' generated `caseStatuses`). Shared by the JSON-RPC
// dispatcher and SendStreamingMessage.
import { a2aOperationsFor, type A2aOperationKey } from '../../generated/a2a/operations.ts';
import { parseWireId } from '../ids.ts';
import { A2aError, invalidParams, taskNotFound } from './errors.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import { contextIdOf, loadTaskView } from './task-projection.ts';
import type { SendMessageParams } from './wire.ts';

export type SendKey = Extract<A2aOperationKey, `sendMessage${string}`>;

/** The SendMessage row serving `params` (by the task's run status), with the task loaded on `rc`. */
export async function selectSendCase(
  deps: A2aDeps,
  params: SendMessageParams,
  rc: A2aRequestContext,
): Promise<SendKey> {
  const rows = a2aOperationsFor('SendMessage');
  const message = params.message;
  if (message.taskId === undefined || message.taskId === '') {
    return rows.find((r) => r.caseStatuses === null)!.key as SendKey;
  }
  const runId = parseWireId(message.taskId);
  const view = runId
    ? await loadTaskView(deps.ctx.core, rc.subject, runId, deps.ctx.now)
    : undefined;
  if (!view) throw taskNotFound();
  if (
    message.contextId !== undefined &&
    message.contextId !== '' &&
    message.contextId !== contextIdOf(view)
  ) {
    throw invalidParams("message.contextId is not the task's contextId");
  }
  rc.target = view;
  const row = rows.find((r) => r.caseStatuses?.includes(view.run.status));
  if (!row) throw new A2aError('InternalError', `no SendMessage row covers ${view.run.status}`);
  return row.key as SendKey;
}
