// An `a2a-call` step: the agent's card read, an interface chosen at the pinned version, one
// message sent (returnImmediately) and its task polled to an end or a question. INPUT_REQUIRED
// becomes our clarification and AUTH_REQUIRED our credential interrupt; the answer goes back as a
// follow-up message on the same task. The messageId is derived from the run, the step and the
// round, so a retried send names the same message (A2A Message.messageId).
import {
  A2aClient,
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
  REMOTE_FAILED,
  type CallReports,
  type OutboundDeps,
  type OutboundOutcome,
  type RemoteState,
} from './types.ts';
import { pause } from './pause.ts';
import { outboundTrace } from './trace.ts';

/** The messageId of a step's `round`th send: the same on every retry of that send. */
export function outboundMessageId(runId: string, nodeId: string, round: number): string {
  return `${runId}/${nodeId}/${round}`;
}

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
    return failed(`the agent at ${node.agentCard} offers no A2A interface this host speaks`);
  const client = new A2aClient({ interface: chosen, fetch: deps.fetch, limits: deps.limits });
  let task: Task;
  if (remote.taskId !== undefined && remote.answer === undefined) {
    task = await client.getTask({ id: remote.taskId }, { signal });
  } else {
    // The first send returns at once, so the task is recorded before the agent works on it; an
    // answer to the agent's question blocks until its task moves on, else the task as it was
    // (still INPUT_REQUIRED) would read as the same question asked again.
    const returnImmediately = remote.taskId === undefined;
    const sent = await client.sendMessage(
      { message: messageOf(run, node, remote), configuration: { returnImmediately } },
      { signal },
    );
    if ('message' in sent) return { kind: 'done', result: resultOf(undefined, sent.message) };
    task = sent.task;
    remote = { taskId: task.id, contextId: task.contextId, round: remote.round + 1 };
    await reports.record(remote);
  }
  while (!ENDED.includes(task.status.state) && !ASKS.includes(task.status.state)) {
    await pause(deps.pollMs, signal);
    task = await client.getTask({ id: task.id }, { signal });
  }
  const state = task.status.state;
  if (state === 'TASK_STATE_COMPLETED') return { kind: 'done', result: resultOf(task) };
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
      remote,
    };
  if (state === 'TASK_STATE_AUTH_REQUIRED')
    return {
      kind: 'ask',
      interruptKind: 'credential',
      schema: { type: 'object' },
      connectUrl: node.connectUrl ?? node.agentCard,
      remote,
    };
  return failed(
    `the agent's task ${task.id} ended ${state.replace('TASK_STATE_', '').toLowerCase()}: ${textOf(task.status.message?.parts)}`,
  );
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
    messageId: outboundMessageId(run.runId, node.id, remote.round),
    role: 'ROLE_USER',
    parts,
    ...(remote.taskId !== undefined && { taskId: remote.taskId }),
    ...(remote.contextId !== undefined && { contextId: remote.contextId }),
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

const failed = (message: string): OutboundOutcome => ({
  kind: 'failed',
  error: { code: REMOTE_FAILED, message },
});

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
