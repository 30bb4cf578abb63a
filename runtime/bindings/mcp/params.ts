// Params per MCP method, checked once before the handler (the generated dispatcher's `params`
// hook) into the types generated from schemas/mcp-2026-07-28.schema.json: anything malformed is
// -32602 with the message the handlers gave before, and handlers read typed values. What needs
// state to judge (a tool's inputSchema, a requestState, which interrupts are open) stays theirs.
import type { McpMethod, McpWireIo } from '@wopgen/generated/mcp/methods';
import type {
  CompletionCompleteParams,
  PageParams,
  PromptsGetParams,
  RequestParams,
  ResourcesReadParams,
  SubscriptionsListenParams,
  TaskParams,
  TasksUpdateParams,
  ToolsCallParams,
} from '@wopgen/generated/types/mcp-wire';
import { INVALID_PARAMS, isRecord, McpError } from './jsonrpc.ts';

type Raw = Record<string, unknown>;

const invalid = (message: string) => new McpError(INVALID_PARAMS, message);

function nonEmptyString(p: Raw, key: string): string {
  const v = p[key];
  if (typeof v !== 'string' || v === '') throw invalid(`params.${key} must be a non-empty string`);
  return v;
}

/** The member `key` when absent or an object; else -32602. */
function optObject(p: Raw, key: string): Raw | undefined {
  const v = p[key];
  if (v === undefined) return undefined;
  if (!isRecord(v)) throw invalid(`params.${key} must be an object`);
  return v;
}

function request(p: Raw): RequestParams {
  const meta = optObject(p, '_meta');
  return meta === undefined ? {} : { _meta: meta };
}

function page(p: Raw): PageParams {
  const cursor = p['cursor'];
  if (cursor === undefined) return request(p);
  if (typeof cursor !== 'string') throw invalid('params.cursor must be a string');
  return { ...request(p), cursor };
}

function toolsCall(p: Raw): ToolsCallParams {
  const name = nonEmptyString(p, 'name');
  const args = optObject(p, 'arguments');
  // Built in place on request()'s fresh object, in the same key order as a spread would give: an
  // object literal opening with a spread is V8's slow path once it gains keys (util/extend.ts).
  const out: ToolsCallParams = Object.assign(request(p), { name });
  if (args !== undefined) out.arguments = args;
  if ('requestState' in p) out.requestState = p['requestState'] as ToolsCallParams['requestState'];
  if ('inputResponses' in p)
    out.inputResponses = p['inputResponses'] as ToolsCallParams['inputResponses'];
  return out;
}

function promptsGet(p: Raw): PromptsGetParams {
  const name = nonEmptyString(p, 'name');
  const args = optObject(p, 'arguments');
  return { ...request(p), name, ...(args !== undefined && { arguments: args }) };
}

function resourcesRead(p: Raw): ResourcesReadParams {
  return { ...request(p), uri: nonEmptyString(p, 'uri') };
}

function completionComplete(p: Raw): CompletionCompleteParams {
  const arg = p['argument'];
  if (!isRecord(arg) || typeof arg['name'] !== 'string' || typeof arg['value'] !== 'string')
    throw invalid('params.argument must be {name: string, value: string}');
  return {
    ...request(p),
    ref: p['ref'],
    argument: { name: arg['name'], value: arg['value'] },
    ...('context' in p && { context: p['context'] }),
  };
}

function task(p: Raw): TaskParams {
  const taskId = p['taskId'];
  if (typeof taskId !== 'string') throw invalid('params.taskId must be a string');
  return { ...request(p), taskId };
}

function tasksUpdate(p: Raw): TasksUpdateParams {
  return { ...task(p), ...('inputResponses' in p && { inputResponses: p['inputResponses'] }) };
}

function subscriptionsListen(p: Raw): SubscriptionsListenParams {
  const filter = p['notifications'];
  if (!isRecord(filter)) throw invalid('params.notifications must be an object');
  const ids: unknown = filter['taskIds'];
  if (ids === undefined) return { ...request(p), notifications: {} };
  if (!Array.isArray(ids) || !ids.every((t): t is string => typeof t === 'string'))
    throw invalid('params.notifications.taskIds must be an array of strings');
  return { ...request(p), notifications: { taskIds: ids } };
}

/** The params of a method the served contract adds: the object the transport read (its own validator checks more). */
export const objectParams = (p: Raw): Raw => p;

export const mcpParamChecks: {
  readonly [M in McpMethod]: (raw: Raw) => McpWireIo[M]['params'];
} = {
  'server/discover': request,
  'tools/list': page,
  'tools/call': toolsCall,
  'prompts/get': promptsGet,
  'resources/read': resourcesRead,
  'prompts/list': page,
  'resources/list': page,
  'resources/templates/list': page,
  'completion/complete': completionComplete,
  'tasks/get': task,
  'tasks/update': tasksUpdate,
  'tasks/cancel': task,
  'subscriptions/listen': subscriptionsListen,
};
