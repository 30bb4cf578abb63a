// The conversation loop (a `converse` node): a declared input path for messages to a running run
// (interop-map SendMessage, "taskId, run not suspended and not terminal"). Each exchange is one
// RunChange: `conversation.exchanged` with the message taken (`turn`) and the run's answer
// (`outcome`), the binding's note of the message, and, on the last exchange, `conversation.closed`
// with the move to the next node. The node's state lives in vars.<id> = {turns, last}, so a
// restarted host finds the conversation where it was.
import type { Subject } from '../../../ports/auth.ts';
import type { JsonObject } from '../../../ports/json.ts';
import type { ConversationReply, RunMessageRequest } from '../../../ports/run-core.ts';
import type { RunChange, RunRecord, RunStore } from '../../../ports/store/run-store.ts';
import type { ConverseNode } from './definition.ts';
import { render } from './template.ts';
import { stop, type Step } from './steps.ts';

/** What a conversation keeps in vars.<nodeId>. */
interface ConversationState {
  turns: number;
  last: string;
}

/** The open conversation of `node` in `run`, or undefined before the node has opened it. */
export function conversationState(
  run: RunRecord,
  node: ConverseNode,
): ConversationState | undefined {
  const v = run.engine.vars[node.id];
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const { turns, last } = v as JsonObject;
  return typeof turns === 'number' && typeof last === 'string' ? { turns, last } : undefined;
}

/** Unique within the tenant: the run id (which carries the tenant) and the node. */
export function conversationId(run: RunRecord, node: ConverseNode): string {
  return `${run.runId}#${node.id}`;
}

/** What the message that started the run says (its `text` input), if anything. */
function startingMessage(run: RunRecord): RunMessageRequest | undefined {
  const text = run.inputs['text'];
  return typeof text === 'string' ? { messageId: run.runId, text } : undefined;
}

interface Exchange {
  change: Omit<RunChange, 'at'>;
  reply: ConversationReply;
  /** The conversation ended with this exchange: the run goes on with its next node. */
  closes: boolean;
}

function said(message: RunMessageRequest): JsonObject {
  const m: JsonObject = {};
  if (message.text !== undefined) m['text'] = message.text;
  if (message.data !== undefined) m['data'] = message.data;
  return m;
}

/** Whether `message` ends the conversation after `turns` exchanges (this one included). */
function ends(node: ConverseNode, message: RunMessageRequest, turns: number): boolean {
  const until = node.until?.trim().toLowerCase();
  if (until !== undefined && message.text?.trim().toLowerCase() === until) return true;
  return node.maxTurns !== undefined && turns >= node.maxTurns;
}

/** The events and patch of one exchange: the run takes `message` and answers it. */
function exchange(
  run: RunRecord,
  node: ConverseNode,
  turnIndex: number,
  message: RunMessageRequest,
  from: string,
  at: string,
  opening: boolean,
): Exchange {
  const id = conversationId(run, node);
  const content = said(message);
  const scope = { inputs: run.inputs, vars: run.engine.vars, message: content };
  const text = String(render(node.reply, scope) ?? '');
  const turns = turnIndex + 1;
  const closes = ends(node, message, turns);
  const events: RunChange['events'] = [];
  if (opening)
    events.push({ type: 'conversation.opened', payload: { conversationId: id, nodeId: node.id } });
  events.push({
    type: 'conversation.exchanged',
    payload: {
      conversationId: id,
      turnIndex,
      turn: {
        messageId: message.messageId,
        from,
        role: 'user',
        content: message.text ?? message.data ?? '',
        ts: Date.parse(at),
        turnIndex,
      },
      outcome: { text },
    },
  });
  const vars = { ...run.engine.vars, [node.id]: { turns, last: text } };
  if (closes) {
    events.push({
      type: 'conversation.closed',
      payload: { conversationId: id, reason: 'goal-reached', turnCount: turns },
    });
  }
  const change: Omit<RunChange, 'at'> = {
    runId: run.runId,
    expectStatus: ['running'],
    patch: closes
      ? { engine: { nodeIndex: run.engine.nodeIndex + 1, vars }, currentNodeId: null }
      : { engine: { nodeIndex: run.engine.nodeIndex, vars }, currentNodeId: node.id },
    events,
  };
  if (message.note) change.note = message.note;
  const inReplyTo = message.messageId === run.runId ? null : message.messageId;
  return { change, reply: { inReplyTo, turnIndex, text, at }, closes };
}

/**
 * Opening the conversation: `conversation.opened`, and the answer to the message that started the
 * run when it said something; the run then waits at the node for the next message.
 */
export function openConversation(
  run: RunRecord,
  node: ConverseNode,
  at: string,
): Exchange | Omit<RunChange, 'at'> {
  const first = startingMessage(run);
  if (first) return exchange(run, node, 0, first, run.owner.subjectId, at, true);
  return {
    runId: run.runId,
    expectStatus: ['running'],
    patch: {
      engine: {
        nodeIndex: run.engine.nodeIndex,
        vars: { ...run.engine.vars, [node.id]: { turns: 0, last: '' } },
      },
      currentNodeId: node.id,
    },
    events: [
      {
        type: 'conversation.opened',
        payload: { conversationId: conversationId(run, node), nodeId: node.id },
      },
    ],
  };
}

/** A further message to an open conversation. */
export function nextExchange(
  subject: Subject,
  run: RunRecord,
  node: ConverseNode,
  state: ConversationState,
  message: RunMessageRequest,
  at: string,
): Exchange {
  return exchange(run, node, state.turns, message, subject.subjectId, at, false);
}

/** The answers recorded in a run's log (its `conversation.exchanged` events), oldest first. */
export function replyOf(payload: JsonObject, timestamp: string): ConversationReply | undefined {
  const turn = payload['turn'] as JsonObject | undefined;
  const outcome = payload['outcome'] as JsonObject | undefined;
  if (!turn || typeof outcome?.['text'] !== 'string' || typeof payload['turnIndex'] !== 'number')
    return undefined;
  const conversation = String(payload['conversationId'] ?? '');
  const starting =
    typeof turn['messageId'] === 'string' && conversation.startsWith(`${turn['messageId']}#`);
  return {
    inReplyTo: starting ? null : String(turn['messageId']),
    turnIndex: payload['turnIndex'],
    text: outcome['text'],
    at: timestamp,
  };
}

/** A conversing run's answers, oldest first, read from its log. */
export async function readReplies(
  runs: Pick<RunStore, 'readEvents'>,
  runId: string,
): Promise<ConversationReply[]> {
  const replies: ConversationReply[] = [];
  for (let after = -1; ;) {
    const page = await runs.readEvents(runId, after, 1000);
    for (const e of page) {
      if (e.type !== 'conversation.exchanged') continue;
      const reply = replyOf(e.payload, e.timestamp);
      if (reply) replies.push(reply);
    }
    if (page.length < 1000) return replies;
    after = page.at(-1)!.sequence;
  }
}

/** A `converse` step: open the conversation (answering the run's first message); goes on when it closed at once. */
export async function converseStep(
  run: RunRecord,
  node: ConverseNode,
  at: string,
  commit: (run: RunRecord, change: Omit<RunChange, 'at'>) => Promise<RunRecord | undefined>,
): Promise<Step> {
  if (conversationState(run, node)) return stop(run); // open: waiting for the next message
  const opened = openConversation(run, node, at);
  if (!('reply' in opened)) return stop(await commit(run, opened));
  const after = await commit(run, opened.change);
  return { run: after, goOn: opened.closes };
}
