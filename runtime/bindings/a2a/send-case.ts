// What case selection reads of a request (the generated dispatcher's `task` hook): whether it names
// a task and, when it does, that task's run status and view. The generated table picks the case
// from the status; the dispatcher hands the view to the case's handler as its `target`. A
// SendMessage names its task in `message.taskId`; a case method a contract adds, in `taskId` or
// `id` (the A2A request messages' names for a task).
import type { A2aNamedTask } from '@wopgen/generated/a2a/dispatch';
import { parseWireId } from '../../ids.ts';
import { agentOwns } from './agent-routing.ts';
import { invalidParams, taskNotFound } from './errors.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import { contextIdOf, loadTaskView, type TaskView } from './task-projection.ts';
import { isJsonMap } from './routing.ts';

/** The task `params` names, with its run status (null when it names none). */
export async function namedTask(
  deps: A2aDeps,
  params: unknown,
  rc: A2aRequestContext,
): Promise<A2aNamedTask<TaskView> | null> {
  const p = isJsonMap(params) ? params : {};
  const message = isJsonMap(p['message']) ? p['message'] : undefined;
  const taskId = message ? message['taskId'] : (p['taskId'] ?? p['id']);
  if (typeof taskId !== 'string' || taskId === '') return null;
  const runId = parseWireId(taskId);
  const view = runId
    ? await loadTaskView(deps.ctx.core, rc.subject, runId, deps.ctx.now)
    : undefined;
  // Through an agent's R, another agent's task is an unknown one (agent-routing.ts `agentOwns`).
  if (!view || !agentOwns(rc.agent, view.run.workflowId)) throw taskNotFound();
  const contextId = message?.['contextId'];
  if (typeof contextId === 'string' && contextId !== '' && contextId !== contextIdOf(view)) {
    throw invalidParams("message.contextId is not the task's contextId");
  }
  return { status: view.run.status, target: view };
}
