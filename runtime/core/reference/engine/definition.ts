// Shape of a reference-engine workflow definition (the JSON files under core/reference/workflows/) and the
// ajv check every definition passes before it is registered.
import {
  APPROVAL_ACTIONS,
  CREDENTIAL_REASONS,
  type ApprovalAction,
  type CredentialReason,
} from '../../../ports/interrupts.ts';
import type { JsonObject } from '../../../ports/json.ts';
import type { ClientRequest } from '../../../ports/store/run-store.ts';
import type { FirstQuestion } from '../../../ports/workflows.ts';
import { DEFAULT_APPROVAL_ACTIONS } from '../../../util/approval-answer.ts';
import { firstQuestionsSchema } from '../../../util/first-questions.ts';
import { ajv, validatorOf } from '../../../util/json-schema.ts';

export type NodeDef =
  /** Completes the run with `output`, rendered with {{inputs.x}} / {{vars.node.x}} substitution. */
  | { id: string; kind: 'complete'; output?: JsonObject }
  /** Fails the run with this error. */
  | { id: string; kind: 'fail'; error: { code: string; message: string } }
  /** Sleeps `delayMs` (or `inputs[delayMsInput]` when that is a number). */
  | { id: string; kind: 'delay'; delayMs?: number; delayMsInput?: string }
  /** Like delay, but with no duration it waits until cancelled. */
  | { id: string; kind: 'wait'; delayMs?: number; delayMsInput?: string }
  /**
   * Approval interrupt; approvers from `approversInput` (an inputs array) else `approvers`;
   * `actions` the gate allows (interrupt.md §Approval; default accept and reject).
   */
  | {
      id: string;
      kind: 'approval';
      approvers?: string[];
      approversInput?: string;
      prompt?: string;
      actions?: ApprovalAction[];
    }
  /** Clarification/input interrupt whose resume value (checked against `schema`) becomes vars.<id>. */
  | {
      id: string;
      kind: 'input';
      interruptKind?: 'clarification' | 'input';
      schema: JsonObject;
      prompt?: string;
    }
  /**
   * Credential interrupt pointing the user at `connectUrl` to connect `provider` (an advertised
   * `oauth.providers[].id`) for `scopes`; `reason` says why (upstream CredentialData).
   */
  | {
      id: string;
      kind: 'credential';
      connectUrl: string;
      provider?: string;
      scopes?: string[];
      reason?: CredentialReason;
      schema?: JsonObject;
      prompt?: string;
    }
  /**
   * A question for the caller's own client rather than a person (a `custom` interrupt): an MCP
   * client's model (`sampling/createMessage`) or its roots (`roots/list`). The result becomes
   * vars.<id>; only a caller whose client declared the capability can answer it.
   */
  | { id: string; kind: 'client-request'; method: ClientRequest['method']; params?: JsonObject }
  /** Writes one line to the run's log (`log.appended`); `message` is rendered like `output`. */
  | { id: string; kind: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; message: string }
  /** Asks every child at once; the run moves on when all are answered (vars.<childId> each). */
  | { id: string; kind: 'all'; nodes: AskNode[] }
  /**
   * A conversation loop: a declared input path (interop-map SendMessage, "taskId, run not suspended
   * and not terminal"). The run stays running and answers each further message with `reply`
   * (rendered with `{{message.text}}`, `{{message.data.x}}` besides inputs and vars), the message
   * that started the run (`inputs.text`) first. It moves on when a message's text is `until`
   * (trimmed, any case) or after `maxTurns` exchanges; vars.<id> = {turns, last}.
   */
  | ConverseNode
  | A2aCallNode
  | McpCallNode;

/**
 * Calls an A2A agent (interop.md §Calling out): `text` (and `data`) rendered like `output` is sent
 * to the agent whose card is at `agentCard`; vars.<id> = {taskId, contextId, text, data}. The
 * agent's INPUT_REQUIRED is our clarification, its AUTH_REQUIRED our credential interrupt
 * (pointing at `connectUrl`, else the card).
 */
export interface A2aCallNode {
  id: string;
  kind: 'a2a-call';
  agentCard: string;
  text: string;
  data?: JsonObject;
  skill?: string;
  connectUrl?: string;
}

/**
 * Calls an MCP tool at `server` (a URL) or on the stdio server the operator allows as `stdio`;
 * `arguments` rendered like `output`; `task` declares the tasks extension. vars.<id> = {text,
 * structuredContent}; a round of input the server asks for is our clarification.
 */
export interface McpCallNode {
  id: string;
  kind: 'mcp-call';
  server?: string;
  stdio?: string;
  tool: string;
  arguments?: JsonObject;
  task?: boolean;
}

/** The nodes that call out. */
export type OutboundNode = A2aCallNode | McpCallNode;

export interface ConverseNode {
  id: string;
  kind: 'converse';
  reply: string;
  until?: string;
  maxTurns?: number;
}

/** The nodes that open an interrupt. */
export type AskNode = Extract<
  NodeDef,
  { kind: 'approval' | 'input' | 'credential' | 'client-request' }
>;

export type NodeKind = NodeDef['kind'];

/** The nodes of `def`, children of `all` included, in order. */
export function flatNodes(def: WorkflowDefinition): NodeDef[] {
  return def.nodes.flatMap((n): NodeDef[] => (n.kind === 'all' ? [n, ...n.nodes] : [n]));
}

/** The actions the approval gate at `nodeId` allows (interrupt.md §Approval). */
export function gateActions(def: WorkflowDefinition, nodeId: string): ApprovalAction[] {
  const node = flatNodes(def).find((n) => n.id === nodeId);
  const declared = node?.kind === 'approval' ? node.actions : undefined;
  return [...(declared ?? DEFAULT_APPROVAL_ACTIONS)];
}

export interface WorkflowDefinition {
  id: string;
  description: string;
  inputSchema: JsonObject;
  nodes: NodeDef[];
  /**
   * Whether an MCP caller must run this workflow as a task (ext-tasks `execution.taskSupport`);
   * absent means optional.
   */
  taskSupport?: 'forbidden' | 'optional' | 'required';
  /**
   * Questions asked before a run starts when its inputs lack them (WorkflowView.asksFirst): each
   * answer is the input `name`, so `{{inputs.<name>.<field>}}` reads it; `schema` is a form (a flat
   * object of primitives) and `inputSchema` must allow the input.
   */
  asksFirst?: FirstQuestion[];
}

const idPattern = '^[A-Za-z0-9._~:-]{1,128}$';
const delayProps = { delayMs: { type: 'integer', minimum: 0 }, delayMsInput: { type: 'string' } };
const node = (kind: string, props: JsonObject, required: string[] = []): JsonObject => ({
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', ...required],
  properties: { id: { type: 'string', pattern: idPattern }, kind: { const: kind }, ...props },
});

const askNodes = [
  node('approval', {
    approvers: { type: 'array', items: { type: 'string' } },
    approversInput: { type: 'string' },
    prompt: { type: 'string' },
    actions: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { enum: [...APPROVAL_ACTIONS] },
    },
  }),
  node(
    'input',
    {
      interruptKind: { enum: ['clarification', 'input'] },
      schema: { type: 'object' },
      prompt: { type: 'string' },
    },
    ['schema'],
  ),
  node(
    'credential',
    {
      connectUrl: { type: 'string', format: 'uri' },
      provider: { type: 'string', minLength: 1 },
      scopes: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true },
      reason: { enum: [...CREDENTIAL_REASONS] },
      schema: { type: 'object' },
      prompt: { type: 'string' },
    },
    ['connectUrl'],
  ),
  node(
    'client-request',
    { method: { enum: ['sampling/createMessage', 'roots/list'] }, params: { type: 'object' } },
    ['method'],
  ),
];

const definitionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'description', 'inputSchema', 'nodes'],
  properties: {
    id: { type: 'string', pattern: idPattern },
    description: { type: 'string' },
    inputSchema: { type: 'object' },
    taskSupport: { enum: ['forbidden', 'optional', 'required'] },
    asksFirst: firstQuestionsSchema,
    nodes: {
      type: 'array',
      minItems: 1,
      items: {
        oneOf: [
          node('complete', { output: { type: 'object' } }),
          node('fail', { error: { type: 'object', required: ['code', 'message'] } }, ['error']),
          node('delay', delayProps),
          node('wait', delayProps),
          ...askNodes,
          node(
            'log',
            { level: { enum: ['debug', 'info', 'warn', 'error'] }, message: { type: 'string' } },
            ['level', 'message'],
          ),
          node(
            'converse',
            {
              reply: { type: 'string' },
              until: { type: 'string', minLength: 1 },
              maxTurns: { type: 'integer', minimum: 1 },
            },
            ['reply'],
          ),
          node(
            'a2a-call',
            {
              agentCard: { type: 'string', format: 'uri' },
              text: { type: 'string' },
              data: { type: 'object' },
              skill: { type: 'string', minLength: 1 },
              connectUrl: { type: 'string', format: 'uri' },
            },
            ['agentCard', 'text'],
          ),
          {
            ...node(
              'mcp-call',
              {
                server: { type: 'string', format: 'uri' },
                stdio: { type: 'string', minLength: 1 },
                tool: { type: 'string', minLength: 1 },
                arguments: { type: 'object' },
                task: { type: 'boolean' },
              },
              ['tool'],
            ),
            oneOf: [{ required: ['server'] }, { required: ['stdio'] }],
          },
          node('all', { nodes: { type: 'array', minItems: 1, items: { oneOf: askNodes } } }, [
            'nodes',
          ]),
        ],
      },
    },
  },
};

const validateDefinition = ajv.compile<WorkflowDefinition>(definitionSchema);

/** Check `value` is a well-formed definition with unique node ids; throws with the reasons. */
export function parseDefinition(value: unknown, source: string): WorkflowDefinition {
  if (!validateDefinition(value)) {
    throw new Error(
      `${source}: invalid workflow definition: ${ajv.errorsText(validateDefinition.errors)}`,
    );
  }
  const ids = new Set<string>();
  for (const n of flatNodes(value)) {
    if (ids.has(n.id)) throw new Error(`${source}: duplicate node id ${n.id}`);
    ids.add(n.id);
  }
  const names = new Set<string>();
  for (const q of value.asksFirst ?? []) {
    if (names.has(q.name)) throw new Error(`${source}: duplicate asksFirst name ${q.name}`);
    names.add(q.name);
  }
  validatorOf(value.inputSchema); // throws on an invalid input schema; kept for the first call
  return value;
}
