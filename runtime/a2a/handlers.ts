// The A2A contract (`A2aHandlers`, one member per interop-map row) over the RunCore port. Every call
// runs under the caller's Subject; an unreadable task is answered exactly as an unknown one.
// SendMessage case selection (which row serves a message with a taskId) is `selectSendCase`, shared
// by the JSON-RPC dispatcher and SendStreamingMessage; it reads the row's generated `caseStatuses`.
import { randomUUID } from 'node:crypto';
import {
  a2aOperationsFor,
  type A2aHandlers,
  type A2aOperationKey,
} from '../../generated/a2a/operations.ts';
import {
  projectA2aTaskState,
  runStatusesForA2aWire,
  type A2aWireTaskState,
} from '../../generated/a2a/task-state.ts';
import { isTerminalRunStatus, type RunStatus } from '../../generated/run-status.ts';
import type { Subject } from '../auth/subject.ts';
import type { HostContext } from '../context.ts';
import { isCoreError } from '../core/errors.ts';
import type { Interrupt, RunEvent, RunSnapshot } from '../core/port.ts';
import { parseWireId } from '../ids.ts';
import type { A2aTaskRecord } from '../store/port.ts';
import { buildAgentCard } from './card.ts';
import { A2aError, fromCoreError, invalidParams, taskNotFound, unsupported } from './errors.ts';
import { interruptValue, isJsonMap, openwopMetadata, routeMessage } from './routing.ts';
import {
  agentMessage,
  contextIdOf,
  interruptMetadata,
  loadTaskView,
  outputArtifact,
  projectStatus,
  projectTask,
  type A2aTaskStore,
  type TaskView,
} from './task-projection.ts';
import type {
  Io,
  JsonMap,
  ListTasksParams,
  Message,
  SendMessageParams,
  StreamResponse,
  Task,
} from './wire.ts';

/** What each handler call receives besides its params. */
export interface A2aRequestContext {
  subject: Subject;
  /** The negotiated A2A version. */
  version: string;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /**
   * Record this exchange's `negotiation.decided` on the run's log (once). Handlers call it when the
   * exchange creates, continues or cancels that run; otherwise it is the caller's host event.
   */
  bindRun(runId: string): Promise<void>;
  /** The task a SendMessage with taskId was routed by (set by `selectSendCase`). */
  target?: TaskView;
}

export interface A2aDeps {
  ctx: HostContext;
  tasks: A2aTaskStore;
}

const SETTLED = (run: RunSnapshot) =>
  isTerminalRunStatus(run.status) || run.status.startsWith('waiting-');

type SendKey = Extract<A2aOperationKey, `sendMessage${string}`>;

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
    ? await loadTaskView(deps.ctx.core, deps.tasks, rc.subject, runId, deps.ctx.now)
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

export function createA2aHandlers(deps: A2aDeps): A2aHandlers<A2aRequestContext, Io> {
  const { ctx, tasks } = deps;
  const core = ctx.core;

  const view = async (rc: A2aRequestContext, runId: string): Promise<TaskView> => {
    const v = await loadTaskView(core, tasks, rc.subject, runId, ctx.now);
    if (!v) throw taskNotFound();
    return v;
  };

  const runIdOf = (id: string): string => {
    const runId = parseWireId(id);
    if (!runId) throw taskNotFound();
    return runId;
  };

  const checkConfiguration = (params: SendMessageParams) => {
    const c = params.configuration;
    if (c?.taskPushNotificationConfig !== undefined && !ctx.config.a2a.pushNotifications) {
      throw new A2aError(
        'PushNotificationNotSupportedError',
        'push notifications are not supported',
      );
    }
    if (c?.returnImmediately && !ctx.config.a2a.durableTasks) {
      throw unsupported('returnImmediately needs durable tasks, which this host does not offer');
    }
  };

  /** The stored message: the caller's, with the task and context it belongs to filled in. */
  const stamped = (m: Message, runId: string, contextId: string): Message => ({
    ...m,
    taskId: runId,
    contextId,
  });

  const appendHistory = async (runId: string, contextId: string, message: Message) => {
    const prior = await tasks.getA2aTask(runId);
    const record: A2aTaskRecord = {
      runId,
      contextId: prior?.contextId ?? contextId,
      history: [...(prior?.history ?? []), stamped(message, runId, prior?.contextId ?? contextId)],
      updatedAt: ctx.now().toISOString(),
    };
    await tasks.putA2aTask(record);
  };

  /** Create (or replay, same messageId) the run of a task-creating message. */
  const startTask = async (params: SendMessageParams, rc: A2aRequestContext): Promise<string> => {
    checkConfiguration(params);
    const message = params.message;
    const { workflowId, inputs } = routeMessage(ctx, message);
    let result;
    try {
      result = await core.createRun(rc.subject, {
        workflowId,
        inputs,
        transport: 'a2a',
        trustBoundary: 'untrusted',
        idempotencyKey: message.messageId,
      });
    } catch (err) {
      throw fromCoreError(err);
    }
    const runId = result.run.runId;
    if (result.created) {
      const contextId = message.contextId || randomUUID();
      await tasks.putA2aTask({
        runId,
        contextId,
        history: [stamped(message, runId, contextId)],
        updatedAt: ctx.now().toISOString(),
      });
    }
    await rc.bindRun(runId);
    return runId;
  };

  /** Answer the open interrupt of the target task with the message. */
  const continueTask = async (
    params: SendMessageParams,
    rc: A2aRequestContext,
  ): Promise<TaskView> => {
    checkConfiguration(params);
    const target = rc.target ?? (await view(rc, runIdOf(params.message.taskId ?? '')));
    const runId = target.run.runId;
    const message = params.message;
    const meta = openwopMetadata(message)?.['interrupt'];
    const answer = isJsonMap(meta) ? meta : {};
    const open = (await core.openInterrupts(rc.subject, runId)) ?? [];
    const wanted = typeof answer['interruptId'] === 'string' ? answer['interruptId'] : undefined;
    const interrupt: Interrupt | undefined = wanted
      ? open.find((i) => i.interruptId === wanted)
      : open[0];
    if (!interrupt) {
      if (wanted)
        throw invalidParams('metadata.openwop.interrupt.interruptId names no open interrupt');
      throw unsupported('the task is not waiting for input');
    }
    const action = answer['action'];
    let request: { action: 'accept' | 'decline' | 'cancel'; value?: unknown };
    if (interrupt.kind === 'approval') {
      if (action === 'approve') request = { action: 'accept' };
      else if (action === 'reject') request = { action: 'decline' };
      else
        throw invalidParams(
          'an approval is answered with metadata.openwop.interrupt.action approve|reject',
        );
    } else if (action === 'reject' || action === 'decline') {
      request = { action: 'decline' };
    } else if (action === undefined || action === 'accept' || action === 'approve') {
      const value = interruptValue(message, interrupt.schema);
      if (value === undefined)
        throw invalidParams('the message carries no answer (text or data part)');
      request = { action: 'accept', value };
    } else {
      throw invalidParams('metadata.openwop.interrupt.action must be approve, reject or accept');
    }
    try {
      await core.resolveInterrupt(rc.subject, runId, interrupt.interruptId, request);
    } catch (err) {
      throw fromCoreError(err);
    }
    await rc.bindRun(runId);
    await appendHistory(runId, contextIdOf(target), message);
    return target;
  };

  const settle = async (params: SendMessageParams, rc: A2aRequestContext, runId: string) => {
    if (!params.configuration?.returnImmediately) {
      await core.waitFor(rc.subject, runId, SETTLED, {
        timeoutMs: ctx.config.a2a.blockingTimeoutMs,
        signal: rc.signal,
      });
    }
    const v = await view(rc, runId);
    const historyLength = params.configuration?.historyLength;
    return { task: projectTask(v, historyLength === undefined ? {} : { historyLength }) };
  };

  /** Status changes of a run after `afterSequence`, ending after a terminal or input-required status. */
  async function* statusUpdates(
    rc: A2aRequestContext,
    runId: string,
    contextId: string,
    afterSequence: number,
  ): AsyncGenerator<StreamResponse> {
    const stream = await core.streamRunEvents(rc.subject, runId, {
      afterSequence,
      signal: rc.signal,
    });
    if (!stream) throw taskNotFound();
    const update = (
      state: A2aWireTaskState,
      e: RunEvent,
      extra: Partial<Task['status']> = {},
      metadata?: JsonMap,
    ) =>
      ({
        statusUpdate: {
          taskId: runId,
          contextId,
          status: { state, timestamp: e.timestamp, ...extra },
          ...(metadata ? { metadata } : {}),
        },
      }) satisfies StreamResponse;
    for await (const e of stream) {
      const p = e.payload;
      if (e.type === 'run.started') yield update('TASK_STATE_WORKING', e);
      else if (e.type === 'interrupt.resolved' && p['action'] === 'accept') {
        yield update('TASK_STATE_WORKING', e);
      } else if (e.type === 'interrupt.requested') {
        const kind = String(p['kind']);
        const status: RunStatus =
          kind === 'approval'
            ? 'waiting-approval'
            : kind === 'external-event'
              ? 'waiting-external'
              : 'waiting-input';
        const i = { ...p, kind } as unknown as Interrupt;
        const info = interruptMetadata(i);
        const message = agentMessage(runId, contextId, `interrupt-${String(p['interruptId'])}`, [
          { text: `${kind} required` },
          { data: info },
        ]);
        yield update(
          projectA2aTaskState(status, kind).wire,
          e,
          { message },
          { openwop: { interrupt: info } },
        );
        return;
      } else if (
        e.type === 'run.completed' ||
        e.type === 'run.failed' ||
        e.type === 'run.cancelled'
      ) {
        const v = await view(rc, runId);
        if (v.run.status === 'completed') {
          yield {
            artifactUpdate: {
              taskId: runId,
              contextId,
              artifact: outputArtifact((v.run.outputs ?? {}) as JsonMap),
              lastChunk: true,
            },
          };
        }
        yield {
          statusUpdate: {
            taskId: runId,
            contextId,
            status: { ...projectStatus(v), timestamp: e.timestamp },
          },
        };
        return;
      }
    }
  }

  const lastSequence = async (rc: A2aRequestContext, runId: string): Promise<number> => {
    const last = await core.lastSequence(rc.subject, runId);
    if (last === undefined) throw taskNotFound();
    return last;
  };

  const pushUnsupported = async (): Promise<never> => {
    throw new A2aError('PushNotificationNotSupportedError', 'push notifications are not supported');
  };

  return {
    async sendMessageWhenNoTaskId(params, rc) {
      const runId = await startTask(params, rc);
      return settle(params, rc, runId);
    },

    async sendMessageWhenTaskIdWaitingApprovalWaitingInputWaitingExternal(params, rc) {
      const target = await continueTask(params, rc);
      return settle(params, rc, target.run.runId);
    },

    async sendMessageWhenTaskIdNotSuspendedNotTerminal() {
      throw unsupported('the task is working and is not waiting for input');
    },

    async sendMessageWhenTaskIdTerminalRetained() {
      throw unsupported('the task is in a terminal state and accepts no further messages');
    },

    async *sendStreamingMessage(params, rc) {
      const key = await selectSendCase(deps, params, rc);
      if (key === 'sendMessageWhenNoTaskId') {
        const runId = await startTask(params, rc);
        const v = await view(rc, runId);
        // Replay from the run's start: the task as submitted, then every status change.
        const submitted: RunSnapshot = { ...v.run, status: 'pending' };
        delete submitted.outputs;
        delete submitted.error;
        const base: TaskView = { run: submitted, statusAt: v.statusAt };
        if (v.record) base.record = v.record;
        yield { task: projectTask(base) };
        yield* statusUpdates(rc, runId, contextIdOf(v), -1);
        return;
      }
      if (key === 'sendMessageWhenTaskIdWaitingApprovalWaitingInputWaitingExternal') {
        const target = rc.target!;
        const after = await lastSequence(rc, target.run.runId);
        await continueTask(params, rc);
        yield { task: projectTask(target) };
        yield* statusUpdates(rc, target.run.runId, contextIdOf(target), after);
        return;
      }
      if (key === 'sendMessageWhenTaskIdNotSuspendedNotTerminal') {
        throw unsupported('the task is working and is not waiting for input');
      }
      throw unsupported('the task is in a terminal state and accepts no further messages');
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
      const after = await lastSequence(rc, runId);
      const v = await view(rc, runId);
      if (isTerminalRunStatus(v.run.status)) {
        throw unsupported('the task is in a terminal state; read it with GetTask');
      }
      yield { task: projectTask(v) };
      yield* statusUpdates(rc, runId, contextIdOf(v), after);
    },

    createTaskPushNotificationConfig: pushUnsupported,
    getTaskPushNotificationConfig: pushUnsupported,
    listTaskPushNotificationConfigs: pushUnsupported,
    deleteTaskPushNotificationConfig: pushUnsupported,

    async getExtendedAgentCard() {
      return buildAgentCard(ctx);
    },
  };
}

/** Opaque page token: base64url of the last task id of the previous page. */
function encodePageToken(runId: string): string {
  return Buffer.from(JSON.stringify({ after: runId }), 'utf8').toString('base64url');
}

function decodePageToken(token: string): string {
  try {
    const v: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (isJsonMap(v) && typeof v['after'] === 'string') return v['after'];
  } catch {
    // fall through
  }
  throw invalidParams('invalid pageToken');
}

/**
 * ListTasks over `listRuns` for the same Subject (so it returns only runs listRuns would), newest
 * first, filtered by contextId, projected state and status timestamp; `totalSize` counts every match.
 */
async function listTasks(deps: A2aDeps, params: ListTasksParams, rc: A2aRequestContext) {
  const { ctx, tasks } = deps;
  const pageSize = params.pageSize ?? 50;
  const after = params.pageToken ? decodePageToken(params.pageToken) : undefined;
  const wanted =
    params.status && params.status !== 'TASK_STATE_UNSPECIFIED' ? params.status : undefined;
  const statuses = wanted
    ? new Set<RunStatus>(
        wanted === 'TASK_STATE_AUTH_REQUIRED' ? ['waiting-input'] : runStatusesForA2aWire(wanted),
      )
    : undefined;
  const since = params.statusTimestampAfter ? Date.parse(params.statusTimestampAfter) : undefined;
  const matches: TaskView[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await ctx.core.listRuns(rc.subject, { limit: 100, ...(cursor ? { cursor } : {}) });
    for (const run of page.runs) {
      if (statuses && !statuses.has(run.status)) continue;
      const v = await loadTaskView(ctx.core, tasks, rc.subject, run.runId, ctx.now);
      if (!v) continue;
      if (params.contextId && contextIdOf(v) !== params.contextId) continue;
      if (wanted && projectA2aTaskState(v.run.status, v.interrupt?.kind).wire !== wanted) continue;
      if (since !== undefined && !(Date.parse(v.statusAt) > since)) continue;
      matches.push(v);
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  let start = 0;
  if (after !== undefined) {
    const i = matches.findIndex((v) => v.run.runId === after);
    if (i < 0) throw invalidParams('invalid pageToken');
    start = i + 1;
  }
  const slice = matches.slice(start, start + pageSize);
  const more = start + pageSize < matches.length;
  const options = {
    includeArtifacts: params.includeArtifacts === true,
    ...(params.historyLength !== undefined ? { historyLength: params.historyLength } : {}),
  };
  return {
    tasks: slice.map((v) => projectTask(v, options)),
    nextPageToken:
      more && slice.length > 0 ? encodePageToken(slice[slice.length - 1]!.run.runId) : '',
    pageSize,
    totalSize: matches.length,
  };
}
