// SendMessage's two real cases: a message that starts a task (its run, with the caller's
// messageId as the idempotency key, so a repeated message replays the same task) and a message that
// answers the open interrupt of a waiting task (interop.md §The operation mappings, A2A multi-turn).
import { uuidV7 } from '../../ids.ts';
import { isTerminalRunStatus } from '@wopgen/generated/run-status';
import type { HostContext } from '../../context.ts';
import type { RunEvent } from '../../ports/events.ts';
import type { Interrupt, InterruptAnswer } from '../../ports/interrupts.ts';
import type { JsonValue } from '../../ports/json.ts';
import type { BindingNote, RunSnapshot, RunView } from '../../ports/run-core.ts';
import { awaitsMessage, type WorkflowView } from '../../ports/workflows.ts';
import { A2aError, fromCoreError, invalidParams, unsupported } from './errors.ts';
import { requireTaskView, type A2aDeps, type A2aRequestContext } from './request-context.ts';
import { redactAnswer } from './redact.ts';
import { DEFAULT_APPROVAL_ACTIONS, parseApprovalAnswer } from '../../util/approval-answer.ts';
import {
  firstDataObject,
  interruptValue,
  isJsonMap,
  joinedText,
  openwopMetadata,
  routeMessage,
} from './routing.ts';
import { checkContentTypes } from './content-modes.ts';
import { inlinePush, registerInlinePush } from './push-inline.ts';
import { traceRecord } from '../../util/trace-context.ts';
import { agentSkillFilter, unknownTenant } from './agent-routing.ts';
import {
  contextIdOf,
  projectTask,
  taskViewOf,
  type A2aStates,
  type TaskView,
} from './task-projection.ts';
import type { JsonMap, Message, SendMessageParams, Task } from './wire.ts';

// The SendMessage row answers once the run is terminal or its task reaches INPUT_REQUIRED (A2A
// §3.1.1: by the served contract's taskState projection, so no binding restates which statuses
// those are), or once a run in a conversation waits for the next message, which the task projects
// as INPUT_REQUIRED too (task-projection.ts `wireState`).
function settled(states: A2aStates, workflow: WorkflowView | undefined) {
  return (run: RunSnapshot) =>
    isTerminalRunStatus(run.status) ||
    states.project(run.status).wire === 'TASK_STATE_INPUT_REQUIRED' ||
    awaitsMessage(workflow, run);
}

export function checkConfiguration(ctx: HostContext, params: SendMessageParams): void {
  const c = params.configuration;
  // An option that needs a facet is refused as the generated table refuses the rows needing it.
  if (c?.taskPushNotificationConfig !== undefined && !ctx.config.a2a.pushNotifications) {
    throw A2aError.of(ctx.contract.a2a.refusalFor('SendMessage', 'a2a.pushNotifications'));
  }
  if (c?.returnImmediately && !ctx.config.a2a.durableTasks) {
    throw unsupported('returnImmediately needs durable tasks, which this host does not offer');
  }
}

/**
 * The task record's part of a run change: the caller's message, appended to the history in the
 * same commit as the change itself (the projection fills in its task and context).
 */
export function historyNote(m: Message, contextId: string): BindingNote {
  return { binding: 'a2a', contextId, append: m as unknown as JsonValue };
}

/** Create (or replay, same messageId) the run of a task-creating message. */
export async function startTask(
  deps: A2aDeps,
  params: SendMessageParams,
  rc: A2aRequestContext,
): Promise<StartedTask> {
  const { ctx } = deps;
  if (rc.agent?.unknown) throw unknownTenant();
  checkConfiguration(ctx, params);
  const message = params.message;
  const { workflowId, inputs } = await routeMessage(
    ctx,
    rc.subject,
    message,
    agentSkillFilter(rc.agent),
  );
  checkContentTypes(ctx, workflowId, message, params.configuration?.acceptedOutputModes);
  const push = await inlinePush(ctx, params);
  // Time-ordered, so a new task's context lands at the end of the context index (ids.ts uuidV7).
  const contextId = message.contextId || uuidV7();
  let result;
  try {
    result = await ctx.core.createRun(rc.subject, {
      workflowId,
      inputs,
      transport: 'a2a',
      trustBoundary: 'untrusted',
      idempotencyKey: message.messageId,
      // The task record is written with the run, or not at all.
      note: historyNote(message, contextId),
      ...(rc.trace && { trace: traceRecord(rc.trace) }),
      // The exchange's negotiation record goes in with a new run (one write, not two).
      events: [rc.decisionRecord()],
    });
  } catch (err) {
    throw fromCoreError(err);
  }
  const runId = result.run.runId;
  // From the task's first entry (a replayed message registers nothing again).
  if (push && result.created) await registerInlinePush(push, rc, runId, -1);
  await rc.bindRun(runId, result.created);
  if (!result.view) return { runId, workflowId };
  const started: StartedTask = { runId, workflowId, view: result.view };
  if (result.events) started.events = result.events;
  return started;
}

/**
 * A task-creating message's run; `view` is the new run as inserted and `events` the log it was
 * inserted with (RunCore.createRun).
 */
export interface StartedTask {
  runId: string;
  workflowId: string;
  view?: RunView;
  events?: RunEvent[];
}

/**
 * What a message answers an interrupt with. An approval takes the spec's vocabulary (interrupt.md
 * §Approval) from `metadata.openwop.interrupt` over the first DataPart, as a spec-following client
 * sends it (`{action: "accept"}` in both); an `ask` without `feedback` asks the message's text.
 * Any other interrupt: `reject`/`decline` declines, else the message's answer is accepted.
 */
function interruptAnswer(interrupt: Interrupt, meta: JsonMap, message: Message): InterruptAnswer {
  const action = meta['action'];
  if (interrupt.kind === 'approval') {
    const { interruptId: _id, ...fromMeta } = meta;
    const raw: JsonMap = { ...(firstDataObject(message) ?? {}), ...fromMeta };
    const text = joinedText(message);
    if (raw['action'] === 'ask' && raw['feedback'] === undefined && text !== undefined)
      raw['feedback'] = text;
    const parsed = parseApprovalAnswer(raw, interrupt.actions ?? DEFAULT_APPROVAL_ACTIONS);
    if (!parsed.ok) throw invalidParams(`metadata.openwop.interrupt: ${parsed.message}`);
    return { action: 'accept', value: parsed.resume };
  }
  if (action === 'reject' || action === 'decline') return { action: 'decline' };
  if (action === undefined || action === 'accept' || action === 'approve') {
    const value = interruptValue(message, interrupt.schema);
    if (value === undefined)
      throw invalidParams('the message carries no answer (text or data part)');
    return { action: 'accept', value };
  }
  throw invalidParams('metadata.openwop.interrupt.action must be accept, reject or decline');
}

/** Answer the open interrupt of the target task with the message. */
export async function continueTask(
  deps: A2aDeps,
  params: SendMessageParams,
  rc: A2aRequestContext,
  target: TaskView,
): Promise<TaskView> {
  const core = deps.ctx.core;
  checkConfiguration(deps.ctx, params);
  const runId = target.run.runId;
  const message = params.message;
  const accepted = params.configuration?.acceptedOutputModes;
  checkContentTypes(deps.ctx, target.run.workflowId, message, accepted);
  const push = await inlinePush(deps.ctx, params);
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
  const request = interruptAnswer(interrupt, answer, message);
  if (push) {
    const after = await deps.ctx.core.lastSequence(rc.subject, runId);
    if (after !== undefined) await registerInlinePush(push, rc, runId, after);
  }
  // The history keeps the message with any secret field of the answer redacted (redact.ts).
  const note = historyNote(redactAnswer(message, interrupt.schema), contextIdOf(target));
  try {
    await core.resolveInterrupt(rc.subject, runId, interrupt.interruptId, { ...request, note });
  } catch (err) {
    throw fromCoreError(err);
  }
  await rc.bindRun(runId);
  return target;
}

/** Waits (unless returnImmediately) until the task settles, then answers it as a Task. */
export async function settle(
  deps: A2aDeps,
  params: SendMessageParams,
  rc: A2aRequestContext,
  run: StartedTask,
): Promise<{ task: Task }> {
  const { ctx } = deps;
  const runId = run.runId;
  const wait = !params.configuration?.returnImmediately;
  let v: TaskView | undefined;
  if (wait) {
    const workflow = await ctx.core.getWorkflow(rc.subject, run.workflowId);
    // A run that settled in its first turn is answered as inserted: no wait and no read back.
    const states = ctx.contract.a2a.taskState;
    if (run.view && settled(states, workflow)(run.view.run)) v = taskViewOf(run.view);
    else
      await ctx.core.waitFor(rc.subject, runId, settled(states, workflow), {
        timeoutMs: ctx.config.a2a.blockingTimeoutMs,
        signal: rc.signal,
      });
  }
  v ??= await requireTaskView(deps, rc, runId);
  const historyLength = params.configuration?.historyLength;
  const options = historyLength === undefined ? {} : { historyLength };
  return { task: projectTask(ctx.contract.a2a.taskState, v, options) };
}
