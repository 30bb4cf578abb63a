// Isolation probes (interop.md §"The operation mappings" Isolation): every operation that
// takes a task or run id, on every binding, sent by tenant `other` with an id of tenant `acme`.
// `foreign` is a run that exists; `unknown` is a well-formed id that names none, under the same
// tenant segment. Both must be answered byte for byte alike (status, content type, body) and in the
// same time. bench/isolation-timing.ts prints the timing table over the same probes.
import { projectId } from '../../runtime/ids.ts';
import { KEYS } from '../helpers/host.ts';

export interface ProbeAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

export interface Probe {
  binding: 'a2a-jsonrpc' | 'a2a-http-json' | 'mcp' | 'rest';
  operation: string;
  /** Sends the operation on `id` (a raw `<tenant>/<opaque>` id) as tenant `other`. */
  send(base: string, id: string): Promise<ProbeAnswer>;
}

const other = `Bearer ${KEYS.other}`;

async function answer(res: Response): Promise<ProbeAnswer> {
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    body: await res.text(),
  };
}

function jsonrpc(method: string, params: (id: string) => Record<string, unknown>): Probe {
  return {
    binding: 'a2a-jsonrpc',
    operation: method,
    send: async (base, id) =>
      answer(
        await fetch(`${base}/a2a/jsonrpc`, {
          method: 'POST',
          headers: {
            authorization: other,
            'content-type': 'application/json',
            'a2a-version': '1.0',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: params(id) }),
        }),
      ),
  };
}

function httpJson(
  operation: string,
  verb: string,
  path: (id: string) => string,
  body?: (id: string) => unknown,
): Probe {
  return {
    binding: 'a2a-http-json',
    operation,
    send: async (base, id) =>
      answer(
        await fetch(`${base}/a2a/rest${path(encodeURIComponent(id))}`, {
          method: verb,
          headers: {
            authorization: other,
            'content-type': 'application/json',
            'a2a-version': '1.0',
          },
          ...(body && { body: JSON.stringify(body(id)) }),
        }),
      ),
  };
}

const MCP_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'isolation-probe', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {
    elicitation: { form: {} },
    extensions: { 'io.modelcontextprotocol/tasks': {} },
  },
};

function mcp(method: string, params: (taskId: string) => Record<string, unknown>): Probe {
  return {
    binding: 'mcp',
    operation: method,
    send: async (base, id) => {
      const taskId = projectId(id);
      return answer(
        await fetch(`${base}/mcp`, {
          method: 'POST',
          headers: {
            authorization: other,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': method,
            'mcp-name': taskId,
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 7,
            method,
            params: { ...params(taskId), _meta: MCP_META },
          }),
        }),
      );
    },
  };
}

function rest(
  operation: string,
  verb: string,
  path: (runId: string) => string,
  body?: unknown,
): Probe {
  return {
    binding: 'rest',
    operation,
    send: async (base, id) =>
      answer(
        await fetch(`${base}${path(projectId(id))}`, {
          method: verb,
          headers: { authorization: other, 'content-type': 'application/json' },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        }),
      ),
  };
}

const message = (taskId: string) => ({
  message: { messageId: 'probe', role: 'ROLE_USER', parts: [{ text: 'x' }], taskId },
});
const HOOK = 'https://push.example/hook';
const CONFIG = 'cfg-probe';

/** One probe per id-taking operation of each binding. */
export const PROBES: readonly Probe[] = [
  jsonrpc('GetTask', (id) => ({ id })),
  jsonrpc('CancelTask', (id) => ({ id })),
  jsonrpc('SubscribeToTask', (id) => ({ id })),
  jsonrpc('SendMessage', message),
  jsonrpc('SendStreamingMessage', message),
  jsonrpc('CreateTaskPushNotificationConfig', (taskId) => ({ taskId, url: HOOK })),
  jsonrpc('GetTaskPushNotificationConfig', (taskId) => ({ taskId, id: CONFIG })),
  jsonrpc('ListTaskPushNotificationConfigs', (taskId) => ({ taskId })),
  jsonrpc('DeleteTaskPushNotificationConfig', (taskId) => ({ taskId, id: CONFIG })),
  httpJson('GetTask', 'GET', (id) => `/tasks/${id}`),
  httpJson('CancelTask', 'POST', (id) => `/tasks/${id}:cancel`),
  httpJson('SubscribeToTask', 'POST', (id) => `/tasks/${id}:subscribe`),
  httpJson('SendMessage', 'POST', () => '/message:send', message),
  httpJson('SendStreamingMessage', 'POST', () => '/message:stream', message),
  httpJson(
    'CreateTaskPushNotificationConfig',
    'POST',
    (id) => `/tasks/${id}/pushNotificationConfigs`,
    (taskId) => ({ taskId, url: HOOK }),
  ),
  httpJson(
    'GetTaskPushNotificationConfig',
    'GET',
    (id) => `/tasks/${id}/pushNotificationConfigs/${CONFIG}`,
  ),
  httpJson(
    'ListTaskPushNotificationConfigs',
    'GET',
    (id) => `/tasks/${id}/pushNotificationConfigs`,
  ),
  httpJson(
    'DeleteTaskPushNotificationConfig',
    'DELETE',
    (id) => `/tasks/${id}/pushNotificationConfigs/${CONFIG}`,
  ),
  mcp('tasks/get', (taskId) => ({ taskId })),
  mcp('tasks/update', (taskId) => ({ taskId, inputResponses: {} })),
  mcp('tasks/cancel', (taskId) => ({ taskId })),
  rest('getRun', 'GET', (id) => `/runs/${id}`),
  rest('cancelRun', 'POST', (id) => `/runs/${id}:cancel`),
  rest('cancelRun (/cancel)', 'POST', (id) => `/runs/${id}/cancel`),
  rest('streamRunEvents', 'GET', (id) => `/runs/${id}/events`),
  rest('pollRunEvents', 'GET', (id) => `/runs/${id}/events/poll`),
  rest('resolveInterrupt', 'POST', (id) => `/runs/${id}/interrupts/approve`, {
    resumeValue: { action: 'accept' },
  }),
];

/** An id of `tenant` that names no run (22 opaque characters, as minted ids have). */
export function unknownId(tenant: string, n: number): string {
  return `${tenant}/${String(n).padStart(22, 'Q')}`;
}

/** Median of a list of milliseconds. */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Interleaved timing: foreign and unknown probes alternate (which goes first alternates too), so a
 * burst of load from the rest of the suite lands on both sides alike; 200 of each.
 * Medians ignore the slow outliers a busy machine produces.
 */
export async function timeProbe(
  base: string,
  send: (base: string, id: string) => Promise<ProbeAnswer>,
  foreignId: string,
  n = 200,
): Promise<{ foreign: number; unknown: number }> {
  const f: number[] = [];
  const u: number[] = [];
  for (let i = 0; i < n; i++) {
    const pair: [number[], string][] = [
      [f, foreignId],
      [u, unknownId('acme', i)],
    ];
    if (i % 2) pair.reverse();
    for (const [into, id] of pair) {
      const t0 = performance.now();
      await send(base, id);
      into.push(performance.now() - t0);
    }
  }
  return { foreign: median(f), unknown: median(u) };
}
