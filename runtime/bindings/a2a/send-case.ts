// What SendMessage case selection reads of a request (generated/a2a/dispatch.ts `taskStatus` hook):
// whether the message names a task and, when it does, that task's run status. The generated table
// picks the case from it; the task itself is kept on the request context for the case's handler.
import type { RunStatus } from '@wopgen/generated/run-status';
import { parseWireId } from '../../ids.ts';
import { agentOwns } from './agent-routing.ts';
import { invalidParams, taskNotFound } from './errors.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import { contextIdOf, loadTaskView } from './task-projection.ts';
import type { SendMessageParams } from './wire.ts';

/** The run status of the task `params` names (null when it names none), with the task on `rc`. */
export async function namedTaskStatus(
  deps: A2aDeps,
  params: SendMessageParams,
  rc: A2aRequestContext,
): Promise<RunStatus | null> {
  const message = params.message;
  if (message.taskId === undefined || message.taskId === '') return null;
  const runId = parseWireId(message.taskId);
  const view = runId
    ? await loadTaskView(deps.ctx.core, rc.subject, runId, deps.ctx.now)
    : undefined;
  // Through an agent's R, another agent's task is an unknown one (agent-routing.ts `agentOwns`).
  if (!view || !agentOwns(rc.agent, view.run.workflowId)) throw taskNotFound();
  if (
    message.contextId !== undefined &&
    message.contextId !== '' &&
    message.contextId !== contextIdOf(view)
  ) {
    throw invalidParams("message.contextId is not the task's contextId");
  }
  rc.target = view;
  return view.run.status;
}
