// The harmless request each map row is probed with: an unknown task id, an unknown
// tool or prompt, a read of one page, a malformed filter answered before a stream opens. None of
// them starts a run, stores anything or opens a stream that stays open; a host that serves the row
// answers it through the row's own handler (a result, or an error such as TaskNotFoundError),
// a host that does not answers the row's refusal.

/** A task id no host has issued: every probe that names a task names this one. */
export const UNKNOWN_TASK = 'wopgen-report-probe-unknown-task';
const UNKNOWN_NAME = 'wopgen-report-probe-unknown';

export interface ProbeRequest {
  params: Record<string, unknown>;
  /** What the request asks, for the report. */
  says: string;
}

const unknownTask = { says: 'an unknown task id' };
const messageToUnknownTask: ProbeRequest = {
  params: {
    message: {
      messageId: 'wopgen-report-probe',
      role: 'ROLE_USER',
      taskId: UNKNOWN_TASK,
      parts: [{ text: 'probe' }],
    },
  },
  says: 'a message to an unknown task',
};

/** A2A 1.0 methods (JSON-RPC binding, A2A §9). */
const A2A: Record<string, ProbeRequest> = {
  SendMessage: messageToUnknownTask,
  SendStreamingMessage: messageToUnknownTask,
  GetTask: { params: { id: UNKNOWN_TASK }, ...unknownTask },
  CancelTask: { params: { id: UNKNOWN_TASK }, ...unknownTask },
  SubscribeToTask: { params: { id: UNKNOWN_TASK }, ...unknownTask },
  ListTasks: { params: { pageSize: 1 }, says: 'one page of at most one task' },
  CreateTaskPushNotificationConfig: {
    params: { taskId: UNKNOWN_TASK, url: 'https://push.invalid/wopgen-report-probe' },
    says: 'a push config for an unknown task',
  },
  GetTaskPushNotificationConfig: {
    params: { taskId: UNKNOWN_TASK, id: UNKNOWN_NAME },
    says: 'a push config of an unknown task',
  },
  ListTaskPushNotificationConfigs: {
    params: { taskId: UNKNOWN_TASK },
    says: 'the push configs of an unknown task',
  },
  DeleteTaskPushNotificationConfig: {
    params: { taskId: UNKNOWN_TASK, id: UNKNOWN_NAME },
    says: 'a push config of an unknown task',
  },
  GetExtendedAgentCard: { params: {}, says: 'the extended card' },
};

/** MCP 2026-07-28 methods and the tasks extension's. */
const MCP: Record<string, ProbeRequest> = {
  'server/discover': { params: {}, says: 'discovery' },
  'tools/list': { params: {}, says: 'the tool list' },
  'tools/call': {
    params: { name: `${UNKNOWN_NAME}-tool`, arguments: {} },
    says: 'an unknown tool',
  },
  'prompts/get': { params: { name: `${UNKNOWN_NAME}-prompt` }, says: 'an unknown prompt' },
  'prompts/list': { params: {}, says: 'the prompt list' },
  'resources/read': { params: { uri: `${UNKNOWN_NAME}:resource` }, says: 'an unknown resource' },
  'resources/list': { params: {}, says: 'the resource list' },
  'resources/templates/list': { params: {}, says: 'the template list' },
  'completion/complete': {
    params: {
      ref: { type: 'ref/prompt', name: `${UNKNOWN_NAME}-prompt` },
      argument: { name: 'value', value: '' },
    },
    says: 'completions for an unknown prompt',
  },
  'tasks/get': { params: { taskId: UNKNOWN_TASK }, ...unknownTask },
  'tasks/update': { params: { taskId: UNKNOWN_TASK, inputResponses: {} }, ...unknownTask },
  'tasks/cancel': { params: { taskId: UNKNOWN_TASK }, ...unknownTask },
  'subscriptions/listen': {
    params: { notifications: { taskIds: 'not-a-list' } },
    says: 'a malformed filter (answered before a stream opens)',
  },
  initialize: {
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'wopgen-report', version: '0' },
    },
    says: 'the initialize handshake',
  },
};

export function a2aProbe(method: string): ProbeRequest | undefined {
  return A2A[method];
}

export function mcpProbe(method: string): ProbeRequest | undefined {
  return MCP[method];
}

/**
 * The server capability an MCP method belongs to (MCP 2026-07-28 §Server features): a host that
 * does not list it in server/discover does not advertise the method. Null for core methods.
 */
export function mcpCapability(method: string): string | null {
  const prefix = method.split('/')[0];
  switch (prefix) {
    case 'tools':
    case 'prompts':
    case 'resources':
      return prefix;
    case 'completion':
      return 'completions';
    default:
      return null;
  }
}
