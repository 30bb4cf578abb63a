// The A2A contract (`A2aHandlers`, one member per interop-map row) over the RunCore port. Every call
// runs under the caller's Subject; an unreadable task is answered exactly as an unknown one. The
// cases live in their own files: request-context.ts (what a call receives), send-case.ts (what
// case selection reads of a message; the generated dispatcher picks the case), messages.ts (start
// or continue a task), follow-up.ts (a message to a working task), status-updates.ts (streaming),
// list-tasks.ts.
import type { A2aHandlers } from '@wopgen/generated/a2a/operations';
import { isTerminalRunStatus } from '@wopgen/generated/run-status';
import { isCoreError } from '../../ports/errors.ts';
import type { RunSnapshot } from '../../ports/run-core.ts';
import { agentCard, unknownTenant } from './agent-routing.ts';
import { buildAgentCard } from './card.ts';
import { A2aError, fromCoreError, taskNotFound, unsupported } from './errors.ts';
import { listTasks } from './list-tasks.ts';
import { pushConfigHandlers } from './push-configs.ts';
import { deliverFollowUp, TERMINAL } from './follow-up.ts';
import { continueTask, settle, startTask } from './messages.ts';
import {
  lastSequence,
  requireTaskView,
  runIdOf,
  type A2aDeps,
  type A2aRequestContext,
} from './request-context.ts';
import { statusUpdates } from './status-updates.ts';
import {
  contextIdOf,
  projectTask as project,
  taskViewOf,
  type ProjectionOptions,
  type TaskView,
} from './task-projection.ts';
import type { Io } from './wire.ts';

export function createA2aHandlers(deps: A2aDeps): A2aHandlers<A2aRequestContext, Io, TaskView> {
  const { ctx } = deps;
  const core = ctx.core;
  const view = (rc: A2aRequestContext, runId: string) => requireTaskView(deps, rc, runId);
  const states = ctx.contract.a2a.taskState;
  const projectTask = (v: TaskView, options?: ProjectionOptions) => project(states, v, options);

  // The `refuseTerminal` case: a terminal task takes no message and nothing is appended. The
  // `refuseActive` case (a working task) is delivered through a declared input path where the
  // workflow has one, else refused (follow-up.ts).
  const refuseTerminal = async (): Promise<never> => {
    throw unsupported(TERMINAL);
  };

  return {
    async sendMessageStart(params, rc) {
      const run = await startTask(deps, params, rc);
      return settle(deps, params, rc, run);
    },

    async sendMessageResume(params, rc, target) {
      await continueTask(deps, params, rc, target);
      return settle(deps, params, rc, target.run);
    },

    async sendMessageRefuseActive(params, rc, target) {
      await deliverFollowUp(deps, params, rc, target);
      return settle(deps, params, rc, target.run);
    },
    sendMessageRefuseTerminal: refuseTerminal,

    async *sendStreamingMessageStart(params, rc) {
      const started = await startTask(deps, params, rc);
      const runId = started.runId;
      const v = started.view ? taskViewOf(started.view) : await view(rc, runId);
      // Replay from the run's start: the task as submitted, then every status change.
      const submitted: RunSnapshot = { ...v.run, status: 'pending' };
      delete submitted.outputs;
      delete submitted.error;
      const base: TaskView = { run: submitted, statusAt: v.statusAt };
      if (v.record) base.record = v.record;
      yield { task: projectTask(base) };
      // The log the run was inserted with is streamed from memory, not read back (entry-reads.ts).
      const inserted = started.events ? { events: started.events, view: v } : undefined;
      yield* statusUpdates(deps, rc, runId, contextIdOf(v), -1, inserted);
    },

    async *sendStreamingMessageResume(params, rc, target) {
      const after = await lastSequence(deps, rc, target.run.runId);
      await continueTask(deps, params, rc, target);
      yield { task: projectTask(target) };
      yield* statusUpdates(deps, rc, target.run.runId, contextIdOf(target), after);
    },

    async *sendStreamingMessageRefuseActive(params, rc, target) {
      const after = await lastSequence(deps, rc, target.run.runId);
      // A refusal comes before the first event, so it is answered as an error, not a stream.
      const { delivered } = await deliverFollowUp(deps, params, rc, target);
      // The task as it took the message: working; the answer's update says it waits again.
      yield { task: projectTask(delivered ? { ...target, awaitingMessage: false } : target) };
      // A message the task already held is answered with the task alone: nothing new follows.
      if (delivered) yield* statusUpdates(deps, rc, target.run.runId, contextIdOf(target), after);
    },
    // A refusal before the first event is answered as a plain JSON-RPC error, not a stream.
    async *sendStreamingMessageRefuseTerminal() {
      yield* [];
      await refuseTerminal();
    },

    async getTask(params, rc) {
      const v = await view(rc, runIdOf(params.id));
      return projectTask(
        v,
        params.historyLength === undefined ? {} : { historyLength: params.historyLength },
      );
    },

    async listTasks(params, rc) {
      return listTasks(deps, params, rc);
    },

    async cancelTask(params, rc) {
      const runId = runIdOf(params.id);
      await view(rc, runId); // readable, and the routed agent's (else the one TaskNotFound)
      let run: RunSnapshot | undefined;
      try {
        run = await core.cancelRun(rc.subject, runId, { cancelledBy: rc.subject.subjectId });
      } catch (err) {
        if (isCoreError(err, 'run_terminal')) {
          throw new A2aError('TaskNotCancelableError', 'the task is in a terminal state');
        }
        throw fromCoreError(err);
      }
      if (!run) throw taskNotFound();
      await rc.bindRun(runId);
      return projectTask(await view(rc, runId));
    },

    async *subscribeToTask(params, rc) {
      const runId = runIdOf(params.id);
      const after = await lastSequence(deps, rc, runId);
      const v = await view(rc, runId);
      if (isTerminalRunStatus(v.run.status)) {
        throw unsupported('the task is in a terminal state; read it with GetTask');
      }
      yield { task: projectTask(v) };
      yield* statusUpdates(deps, rc, runId, contextIdOf(v), after);
    },

    // Reached only when a2a.pushNotifications is advertised (the generated gate refuses otherwise).
    ...pushConfigHandlers(deps),

    async getExtendedAgentCard(_params, rc) {
      if (rc.agent?.unknown) throw unknownTenant();
      return rc.agent ? agentCard(ctx, rc.subject, rc.agent) : buildAgentCard(ctx, rc.subject);
    },
  };
}
