// An `a2a-call` step: the agent's card read, an interface chosen at the pinned version, one
// message sent (returnImmediately) and its task polled to an end or a question. INPUT_REQUIRED
// becomes our clarification and AUTH_REQUIRED our credential interrupt; the answer goes back as a
// follow-up message on the same task. Each send is an effect seam (seam.ts): its messageId, and the
// first send's contextId, are derived from the run, the step and the round (identity.ts), and a
// send that may have left before a crash is looked for on the agent before it is sent again.
import {
  A2aClient,
  A2aRemoteError,
  fetchAgentCard,
  isA2aError,
  selectInterface,
} from '@wopgen/generated/a2a/client';
import type { Message, Part, Task, UserMessage } from '@wopgen/generated/types/a2a-wire';
import type { JsonObject } from '../../../../ports/json.ts';
import type { RunRecord } from '../../../../ports/store/run-store.ts';
import type { A2aCallNode } from '../definition.ts';
import { render } from '../template.ts';
import {
  remoteFailed,
  type CallReports,
  type OutboundDeps,
  type OutboundOutcome,
  type RemoteState,
} from './types.ts';
import { a2aContextId, a2aMessageId } from './identity.ts';
import { pause } from './pause.ts';
import { sendOnce } from './seam.ts';
import { outboundTrace } from './trace.ts';

const ENDED = [
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_REJECTED',
];
const ASKS = ['TASK_STATE_INPUT_REQUIRED', 'TASK_STATE_AUTH_REQUIRED'];

export async function callA2a(
  run: RunRecord,
  node: A2aCallNode,
  remote: RemoteState,
  deps: OutboundDeps,
  signal: AbortSignal,
  reports: CallReports,
): Promise<OutboundOutcome> {
  const card = await fetchAgentCard(node.agentCard, {
    fetch: deps.fetch,
    limits: deps.limits,
    signal,
  });
  const { interface: chosen, negotiation } = selectInterface(card, node.agentCard);
  await reports.decided(negotiation);
  if (!chosen)
    return remoteFailed(`the agent at ${node.agentCard} offers no A2A interface this host speaks`);
  const client = new A2aClient({ interface: chosen, fetch: deps.fetch, limits: deps.limits });
  let task: Task;
  if (remote.taskId !== undefined && remote.answer === undefined) {
    task = await client.getTask({ id: remote.taskId }, { signal });
  } else {
    const message = messageOf(run, node, remote);
    // A send that may have left before a crash (`sending`): the agent's own record says whether it
    // did, and a task it holds is followed instead of a second one started.
    let held: Task | undefined;
    if (remote.sending !== undefined)
      held =
        remote.taskId === undefined
          ? await madeBy(client, message, reports, signal)
          : await heard(client, remote.taskId, message.messageId, signal);
    if (!held) {
      // The first send returns at once, so the task is recorded before the agent works on it; an
      // answer to the agent's question blocks until its task moves on, else the task as it was
      // (still INPUT_REQUIRED) would read as the same question asked again.
      const returnImmediately = remote.taskId === undefined;
      const sent = await sendOnce(reports, remote, () =>
        client.sendMessage({ message, configuration: { returnImmediately } }, { signal }),
      );
      if ('message' in sent) return { kind: 'done', result: resultOf(undefined, sent.message) };
      held = sent.task;
    }
    task = held;
    remote = {
      taskId: task.id,
      contextId: task.contextId,
      round: remote.round + 1,
      ...(remote.asked && { asked: remote.asked }),
    };
    await reports.record(remote);
  }
  // An answer found delivered after a crash may not have moved the task on yet: its question, as
  // it was asked, is not asked again.
  while (
    !ENDED.includes(task.status.state) &&
    (!ASKS.includes(task.status.state) || sameQuestion(task, remote.asked))
  ) {
    await pause(deps.pollMs, signal);
    task = await client.getTask({ id: task.id }, { signal });
  }
  const state = task.status.state;
  if (state === 'TASK_STATE_COMPLETED') return { kind: 'done', result: resultOf(task) };
  const asked = { ...remote, asked: questionOf(task) };
  if (state === 'TASK_STATE_INPUT_REQUIRED')
    return {
      kind: 'ask',
      interruptKind: 'clarification',
      schema: {
        type: 'object',
        description: textOf(task.status.message?.parts) || 'The agent asks for more input.',
        required: ['text'],
        properties: { text: { type: 'string' } },
      },
      remote: asked,
    };
  if (state === 'TASK_STATE_AUTH_REQUIRED')
    return {
      kind: 'ask',
      interruptKind: 'credential',
      schema: { type: 'object' },
      connectUrl: node.connectUrl ?? node.agentCard,
      remote: asked,
    };
  return remoteFailed(
    `the agent's task ${task.id} ended ${state.replace('TASK_STATE_', '').toLowerCase()}: ${textOf(task.status.message?.parts)}`,
  );
}

/**
 * The task the step's first send made, if the agent holds one: ListTasks by the send's derived
 * contextId, then the task read whole (a listing may leave its artifacts out). An agent that does
 * not list tasks cannot say: the message is sent again under the same messageId, which is exactly
 * once only on an agent that treats a repeated messageId as the same message (this host does). So
 * is an agent that answered the lost send with a Message and made no task: it holds nothing to find.
 */
async function madeBy(
  client: A2aClient,
  message: UserMessage,
  reports: CallReports,
  signal: AbortSignal,
): Promise<Task | undefined> {
  let found: Task | undefined;
  try {
    found = (await client.listTasks({ contextId: message.contextId! }, { signal })).tasks[0];
  } catch (err) {
    if (!unsupported(err)) throw err;
    reports.warn(
      `the agent does not list tasks (${(err as Error).message}): a send that may have reached it is sent again with the same messageId`,
    );
    return undefined;
  }
  return found && client.getTask({ id: found.id }, { signal });
}

/** The task, if its history holds our answer `messageId` (the answer reached the agent). */
async function heard(
  client: A2aClient,
  taskId: string,
  messageId: string,
  signal: AbortSignal,
): Promise<Task | undefined> {
  const task = await client.getTask({ id: taskId }, { signal });
  return (task.history ?? []).some((m) => m.messageId === messageId) ? task : undefined;
}

/** ListTasks refused as an operation the agent does not offer (either binding). */
function unsupported(err: unknown): boolean {
  if (isA2aError(err, 'UnsupportedOperationError')) return true;
  return (
    err instanceof A2aRemoteError &&
    (err.code === -32601 ||
      (err.binding === 'HTTP+JSON' && [404, 405, 501].includes(err.httpStatus ?? 0)))
  );
}

/** What tells the question our interrupt asked from the agent's next one. */
function questionOf(task: Task): NonNullable<RemoteState['asked']> {
  const { message, timestamp } = task.status;
  return {
    ...(message?.messageId !== undefined && { messageId: message.messageId }),
    ...(timestamp !== undefined && { timestamp }),
  };
}

function sameQuestion(task: Task, asked: RemoteState['asked']): boolean {
  if (!asked || (asked.messageId === undefined && asked.timestamp === undefined)) return false;
  const now = questionOf(task);
  return now.messageId === asked.messageId && now.timestamp === asked.timestamp;
}

function messageOf(run: RunRecord, node: A2aCallNode, remote: RemoteState): UserMessage {
  const scope = { inputs: run.inputs, vars: run.engine.vars };
  const answer = remote.answer;
  const text =
    answer === undefined
      ? String(render(node.text, scope) ?? '')
      : typeof answer['text'] === 'string'
        ? answer['text']
        : 'continue';
  const parts: [Part, ...Part[]] = [{ text }];
  if (answer === undefined && node.data)
    parts.push({ data: render(node.data, scope) as JsonObject });
  // Trace context rides in Message.metadata.openwop (interop.md §"Trace context").
  const openwop: JsonObject = { ...outboundTrace(run) };
  if (node.skill !== undefined && answer === undefined) openwop['skill'] = node.skill;
  return {
    messageId: a2aMessageId(run.runId, node.id, remote.round),
    role: 'ROLE_USER',
    parts,
    ...(remote.taskId !== undefined && { taskId: remote.taskId }),
    contextId: remote.contextId ?? a2aContextId(run.runId, node.id),
    ...(Object.keys(openwop).length > 0 && { metadata: { openwop } }),
  };
}

function textOf(parts: Part[] | undefined): string {
  return (parts ?? [])
    .map((p) => ('text' in p && typeof p.text === 'string' ? p.text : ''))
    .filter(Boolean)
    .join('\n');
}

function dataOf(parts: Part[]): JsonObject[] {
  return parts.flatMap((p) => ('data' in p && p.data ? [p.data as JsonObject] : []));
}

/** vars.<id>: the task's id and context, its artifacts' text and data. */
function resultOf(task: Task | undefined, message?: Message): JsonObject {
  const parts = message ? message.parts : (task?.artifacts ?? []).flatMap((a) => a.parts);
  const result: JsonObject = { text: textOf(parts), data: dataOf(parts) };
  if (task) {
    result['taskId'] = task.id;
    result['contextId'] = task.contextId;
  }
  return result;
}

/** Our run was cancelled: CancelTask on the agent's task (a task already ended is left as it is). */
export async function cancelA2a(
  node: A2aCallNode,
  taskId: string,
  deps: OutboundDeps,
): Promise<void> {
  const card = await fetchAgentCard(node.agentCard, { fetch: deps.fetch, limits: deps.limits });
  const { interface: chosen } = selectInterface(card, node.agentCard);
  if (!chosen) return;
  await new A2aClient({ interface: chosen, fetch: deps.fetch, limits: deps.limits })
    .cancelTask({ id: taskId })
    .catch((err: unknown) => {
      if (!isA2aError(err, 'TaskNotCancelableError')) throw err;
    });
}
