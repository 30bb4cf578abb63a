// Params validation per JSON-RPC method: anything malformed is InvalidParamsError (-32602), never a
// handler crash. Unknown members are tolerated (forward compatibility); the values we read are checked.
import type { A2aMethod } from '@wopgen/generated/a2a/operations';
import { a2aWireTaskStates } from '@wopgen/generated/a2a/task-state';
import { invalidParams } from './errors.ts';
import { isJsonMap } from './routing.ts';
import type {
  GetTaskParams,
  Io,
  ListTasksParams,
  Message,
  Part,
  PushConfigParams,
  SendMessageParams,
  TaskIdParams,
} from './wire.ts';
import { extend } from '../../util/extend.ts';

const TASK_STATES: ReadonlySet<string> = new Set(a2aWireTaskStates);

function optString(o: Record<string, unknown>, key: string, nonEmpty = false): void {
  const v = o[key];
  if (v === undefined) return;
  if (typeof v !== 'string' || (nonEmpty && v === ''))
    throw invalidParams(`${key} must be a string`);
}

function optInt(o: Record<string, unknown>, key: string, min: number, max: number): void {
  const v = o[key];
  if (v === undefined) return;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw invalidParams(`${key} must be an integer from ${min} to ${max}`);
  }
}

function optBool(o: Record<string, unknown>, key: string): void {
  const v = o[key];
  if (v !== undefined && typeof v !== 'boolean') throw invalidParams(`${key} must be a boolean`);
}

function checkPart(p: unknown, i: number): Part {
  if (!isJsonMap(p)) throw invalidParams(`message.parts[${i}] must be an object`);
  const members = ['text', 'raw', 'url', 'data'].filter((k) => p[k] !== undefined);
  if (members.length !== 1) {
    throw invalidParams(`message.parts[${i}] must carry exactly one of text, raw, url, data`);
  }
  for (const k of ['text', 'raw', 'url']) optString(p, k);
  optString(p, 'mediaType');
  optString(p, 'filename');
  if (p['metadata'] !== undefined && !isJsonMap(p['metadata'])) {
    throw invalidParams(`message.parts[${i}].metadata must be an object`);
  }
  return pick(p, PART_MEMBERS) as unknown as Part;
}

// The members of a Message and a Part the A2A schema names. Anything else a client sends is not
// carried: a stored message is echoed in Task.history, which must stay a valid A2A Message.
const PART_MEMBERS = ['text', 'raw', 'url', 'data', 'mediaType', 'filename', 'metadata'];
const MESSAGE_MEMBERS = [
  'messageId',
  'role',
  'parts',
  'contextId',
  'taskId',
  'metadata',
  'referenceTaskIds',
  'extensions',
];

/** `o` with only the named members (in that order; absent ones left out). */
function pick(o: Record<string, unknown>, members: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of members) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

export function checkMessage(m: unknown): Message {
  if (!isJsonMap(m)) throw invalidParams('message must be an object');
  if (typeof m['messageId'] !== 'string' || m['messageId'] === '') {
    throw invalidParams('message.messageId must be a non-empty string');
  }
  if (m['role'] !== 'ROLE_USER') throw invalidParams('message.role must be ROLE_USER');
  if (!Array.isArray(m['parts']) || m['parts'].length === 0) {
    throw invalidParams('message.parts must be a non-empty array');
  }
  const parts = m['parts'].map(checkPart);
  optString(m, 'contextId');
  optString(m, 'taskId');
  if (m['metadata'] !== undefined && !isJsonMap(m['metadata'])) {
    throw invalidParams('message.metadata must be an object');
  }
  for (const k of ['referenceTaskIds', 'extensions']) {
    const v = m[k];
    if (v !== undefined && (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))) {
      throw invalidParams(`message.${k} must be an array of strings`);
    }
  }
  // pick() made a fresh object holding `parts` already: set in place, same key order (util/extend.ts
  // says why not a spread).
  const out = pick(m, MESSAGE_MEMBERS);
  out['parts'] = parts;
  return out as unknown as Message;
}

function sendMessage(p: Record<string, unknown>): SendMessageParams {
  const message = checkMessage(p['message']);
  const c = p['configuration'];
  if (c !== undefined) {
    if (!isJsonMap(c)) throw invalidParams('configuration must be an object');
    optBool(c, 'returnImmediately');
    optInt(c, 'historyLength', 0, Number.MAX_SAFE_INTEGER);
    const modes = c['acceptedOutputModes'];
    if (modes !== undefined && (!Array.isArray(modes) || modes.some((x) => typeof x !== 'string')))
      throw invalidParams('configuration.acceptedOutputModes must be an array of strings');
  }
  if (p['metadata'] !== undefined && !isJsonMap(p['metadata'])) {
    throw invalidParams('metadata must be an object');
  }
  return extend(p, { message }) as unknown as SendMessageParams;
}

function taskId(p: Record<string, unknown>): TaskIdParams {
  if (typeof p['id'] !== 'string' || p['id'] === '') throw invalidParams('id must be a string');
  return p as unknown as TaskIdParams;
}

function getTask(p: Record<string, unknown>): GetTaskParams {
  taskId(p);
  optInt(p, 'historyLength', 0, Number.MAX_SAFE_INTEGER);
  return p as unknown as GetTaskParams;
}

// RFC 3339 §5.6 date-time (`T`/`Z` in either case, fraction optional, offset required), and a real
// instant: `Date.parse` alone takes "-1" or "2001" and reads them as dates.
const RFC3339 =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

function isRfc3339(v: unknown): v is string {
  return typeof v === 'string' && RFC3339.test(v) && !Number.isNaN(Date.parse(v));
}

function listTasks(p: Record<string, unknown>): ListTasksParams {
  optString(p, 'contextId');
  optString(p, 'pageToken');
  optInt(p, 'pageSize', 1, 100);
  optInt(p, 'historyLength', 0, Number.MAX_SAFE_INTEGER);
  optBool(p, 'includeArtifacts');
  const s = p['status'];
  // The official client encodes an unset filter as "UNRECOGNIZED" (CLIENTS.md §1, wire encoding):
  // accepted here, read as no filter by list-tasks.ts.
  if (s !== undefined && (typeof s !== 'string' || !(TASK_STATES.has(s) || s === 'UNRECOGNIZED'))) {
    throw invalidParams('status must be a TASK_STATE_* name');
  }
  const after = p['statusTimestampAfter'];
  if (after !== undefined && !isRfc3339(after)) {
    throw invalidParams('statusTimestampAfter must be an RFC 3339 timestamp');
  }
  return p as unknown as ListTasksParams;
}

function pushConfig(p: Record<string, unknown>): PushConfigParams {
  if (typeof p['taskId'] !== 'string') throw invalidParams('taskId must be a string');
  return p as unknown as PushConfigParams;
}

/** The `params` member as an object, with the routing `tenant` checked; throws InvalidParamsError. */
function envelopeOf(raw: unknown): Record<string, unknown> {
  const p = raw === undefined ? {} : raw;
  if (!isJsonMap(p)) throw invalidParams('params must be an object');
  // A non-empty `tenant` is a per-agent routing value, resolved by the pipeline before dispatch
  // (agent-routing.ts).
  optString(p, 'tenant');
  return p;
}

/** The params of a method the served contract adds: an object (its own validator checks more). */
export function objectParams(raw: unknown): Record<string, unknown> {
  return envelopeOf(raw);
}

const checked =
  <P>(check: (p: Record<string, unknown>) => P) =>
  (raw: unknown): P =>
    check(envelopeOf(raw));

/** Checked params per method (the dispatcher's `params` hook); raw is the request's `params`. */
export const a2aParamChecks: { readonly [M in A2aMethod]: (raw: unknown) => Io[M]['params'] } = {
  SendMessage: checked(sendMessage),
  SendStreamingMessage: checked(sendMessage),
  GetTask: checked(getTask),
  ListTasks: checked(listTasks),
  CancelTask: checked(taskId),
  SubscribeToTask: checked(taskId),
  CreateTaskPushNotificationConfig: checked(pushConfig),
  GetTaskPushNotificationConfig: checked(pushConfig),
  ListTaskPushNotificationConfigs: checked(pushConfig),
  DeleteTaskPushNotificationConfig: checked(pushConfig),
  GetExtendedAgentCard: checked((x) => x),
};
