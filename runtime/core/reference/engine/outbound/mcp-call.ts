// An `mcp-call` step: `server/discover` and the pinned revision negotiated, then `tools/call`. A
// round of input the server asks for (MCP multi-round input, or a task of the tasks extension
// waiting on input) becomes our clarification: one form whose fields are the server's form
// elicitations, keyed as asked; the answer goes back as `inputResponses` with the echoed
// `requestState` (or by `tasks/update`). A server is a URL, or a stdio command the operator
// allows by name (config `outbound.stdio`). Each `tools/call` and `tasks/update` is an effect seam
// (seam.ts): its JSON-RPC id and `Idempotency-Key` are derived from the run, the step and the round
// (identity.ts), and a request that may have left before a crash is sent again under them. A
// server that honours the key (this host, on tools/call over HTTP) answers the repeat as the first
// call; one that does not (the official SDK's server) and every stdio server may run the call twice
// if the crash fell between its answer and our record of it: at least once, not exactly once.
import { spawn } from 'node:child_process';
import { mcpStdioTransport } from '@wopgen/generated/client/mcp-stdio';
import { McpClient, mcpHttpTransport } from '@wopgen/generated/mcp/client';
import type { JsonObject } from '../../../../ports/json.ts';
import type { RunRecord } from '../../../../ports/store/run-store.ts';
import type { McpCallNode } from '../definition.ts';
import { render } from '../template.ts';
import { mcpRequestId } from './identity.ts';
import { pause } from './pause.ts';
import { sendOnce } from './seam.ts';
import { outboundTrace } from './trace.ts';
import {
  remoteFailed,
  type CallReports,
  type OutboundDeps,
  type OutboundOutcome,
  type RemoteState,
} from './types.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export async function callMcp(
  run: RunRecord,
  node: McpCallNode,
  remote: RemoteState,
  deps: OutboundDeps,
  signal: AbortSignal,
  reports: CallReports,
): Promise<OutboundOutcome> {
  const transport = transportOf(node, deps);
  if (!transport)
    return remoteFailed(`the stdio server ${node.stdio} is not one the operator allows`);
  const client = new McpClient({
    transport,
    clientInfo: { name: 'wopgen', version: '2' },
    capabilities: { elicitation: { form: {} } },
  });
  try {
    try {
      await client.discover({ signal });
    } finally {
      if (client.core.negotiation) await reports.decided(client.core.negotiation);
    }
    const trace = outboundTrace(run);
    // Trace context rides in `_meta` (the only carrier on stdio).
    const opts = { signal, tasks: node.task === true, ...(trace && { trace }) };
    const identity = (method: string) => {
      const id = mcpRequestId(method, run.runId, node.id, remote.round);
      return { id, idempotencyKey: id };
    };
    if (remote.sending !== undefined)
      reports.warn(
        'a request that may have reached the MCP server is sent again under the same id and Idempotency-Key: a server that does not honour the key runs it twice',
      );
    if (remote.taskId !== undefined) {
      if (remote.answer !== undefined) {
        const update = { taskId: remote.taskId, inputResponses: responsesOf(remote.answer) };
        await sendOnce(reports, remote, () =>
          client.tasksUpdate(update, { ...opts, ...identity('tasks/update') }),
        );
        remote = { taskId: remote.taskId, round: remote.round + 1 };
        await reports.record(remote);
      }
      return await follow(client, remote, deps, signal);
    }
    const scope = { inputs: run.inputs, vars: run.engine.vars };
    const args = render(node.arguments ?? {}, scope) as JsonObject;
    const call = {
      ...opts,
      ...identity('tools/call'),
      ...(remote.answer !== undefined && { inputResponses: responsesOf(remote.answer) }),
      ...(remote.requestState !== undefined && { requestState: remote.requestState }),
    };
    const tool = String(render(node.tool, scope));
    const result = (await sendOnce(reports, remote, () =>
      client.callTool(tool, args, call),
    )) as Record<string, unknown>;
    if (result['resultType'] === 'task') {
      remote = { taskId: String(result['taskId']), round: remote.round };
      await reports.record(remote);
      return await follow(client, remote, deps, signal);
    }
    if (result['resultType'] === 'input_required') {
      const next: RemoteState = { round: remote.round + 1 };
      if (typeof result['requestState'] === 'string') next.requestState = result['requestState'];
      return ask(result['inputRequests'], next);
    }
    return outcomeOf(result);
  } finally {
    await client.close();
  }
}

function transportOf(node: McpCallNode, deps: OutboundDeps) {
  const limits = deps.limits;
  if (node.server !== undefined)
    return mcpHttpTransport(node.server, { fetch: deps.fetch, limits });
  const allowed = node.stdio === undefined ? undefined : deps.stdio[node.stdio];
  return allowed && mcpStdioTransport({ spawn, ...allowed, limits });
}

/** A task of the tasks extension polled to its end or to a question. */
async function follow(
  client: McpClient,
  remote: RemoteState,
  deps: OutboundDeps,
  signal: AbortSignal,
): Promise<OutboundOutcome> {
  for (;;) {
    const task = (await client.tasksGet(
      { taskId: remote.taskId! },
      { signal },
    )) as unknown as Record<string, unknown>;
    const status = task['status'];
    if (status === 'completed' && isObject(task['result'])) return outcomeOf(task['result']);
    if (status === 'failed' || status === 'cancelled')
      return remoteFailed(`the server's task ${remote.taskId} ended ${String(status)}`);
    if (status === 'input_required') return ask(task['inputRequests'], remote);
    await pause(Math.max(deps.pollMs, Number(task['pollIntervalMs']) || 0), signal);
  }
}

/** The server's round of input as our clarification's form, or a failure for what we cannot ask. */
function ask(inputRequests: unknown, remote: RemoteState): OutboundOutcome {
  const properties: JsonObject = {};
  for (const [key, req] of Object.entries(isObject(inputRequests) ? inputRequests : {})) {
    const params = isObject(req) ? req['params'] : undefined;
    if (!isObject(req) || req['method'] !== 'elicitation/create' || !isObject(params))
      return remoteFailed(
        `the server asks for ${String(isObject(req) && req['method'])} (${key}), which this host does not bridge`,
      );
    const schema = isObject(params['requestedSchema']) ? params['requestedSchema'] : {};
    properties[key] = {
      ...(schema as JsonObject),
      ...(typeof params['message'] === 'string' && { description: params['message'] }),
    };
  }
  return {
    kind: 'ask',
    interruptKind: 'clarification',
    schema: { type: 'object', required: Object.keys(properties), properties },
    remote,
  };
}

/** Our caller's answer ({key: content}) as the server's `inputResponses`. */
function responsesOf(answer: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(answer).map(([k, content]) => [k, { action: 'accept', content }]),
  );
}

function outcomeOf(result: Record<string, unknown>): OutboundOutcome {
  const content = Array.isArray(result['content']) ? result['content'] : [];
  const text = content
    .map((c) => (isObject(c) && c['type'] === 'text' ? String(c['text']) : ''))
    .filter(Boolean)
    .join('\n');
  if (result['isError'] === true) return remoteFailed(`the tool answered an error: ${text}`);
  const out: JsonObject = { text };
  if (isObject(result['structuredContent']))
    out['structuredContent'] = result['structuredContent'] as JsonObject;
  return { kind: 'done', result: out };
}

/** Our run was cancelled: `tasks/cancel` on the server's task of the tasks extension. */
export async function cancelMcp(
  node: McpCallNode,
  taskId: string,
  deps: OutboundDeps,
): Promise<void> {
  const transport = transportOf(node, deps);
  if (!transport) return;
  const client = new McpClient({ transport, clientInfo: { name: 'wopgen', version: '2' } });
  try {
    await client.tasksCancel({ taskId }, {});
  } finally {
    await client.close();
  }
}
