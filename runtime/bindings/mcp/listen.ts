// `subscriptions/listen` (SEP-2575, a core method of MCP 2026-07-28) with the tasks extension's
// `notifications/tasks` (the map's `mcp.tasks.methods` row "notifications/tasks |
// subscriptions/listen taskIds": only the `taskIds` filter needs the extension, which dispatch.ts
// enforces). The stream opens with `notifications/subscriptions/acknowledged` naming the subset
// of the filter this server honours: the list-changed and resource-update types are never honoured
// (tools, prompts and resources are fixed for the life of the process, so `server/discover`
// declares no `listChanged`), and `notifications.taskIds` lists only the requested tasks the
// caller can read (an unreadable,
// foreign or fabricated taskId is left out identically and never notified); then each change of a
// listed task's projected status is one `notifications/tasks` carrying what `tasks/get` answers at
// that moment. Every frame carries `_meta["io.modelcontextprotocol/subscriptionId"]` (the listen
// request's JSON-RPC id). When every listed task is terminal the server ends the subscription with
// the SubscriptionsListenResult (never `notifications/cancelled`: interop.md §MCP tasks and
// cancellation); when the client goes away (HTTP disconnect, stdio `notifications/cancelled`) the
// request's scope is abandoned and the stream ends without an answer. A listen that watches no task
// stays open, silent, until the client leaves.
import type { McpTaskStatus } from '@wopgen/generated/mcp/task-status';
import type { SubscriptionsListenParams } from '@wopgen/generated/types/mcp-wire';
import type { Subject } from '../../ports/auth.ts';
import type { RunSnapshot } from '../../ports/run-core.ts';
import { parseWireId } from '../../ids.ts';
import type { ClientCapabilities } from './envelope.ts';
import { INVALID_PARAMS, INVALID_REQUEST, McpError, type JsonRpcId } from './jsonrpc.ts';
import type { RequestScope } from './scope.ts';
import { getTask, type TasksDeps } from './tasks.ts';
import { isTerminal } from './tools.ts';

export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
export const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';
export const TASK_NOTIFICATION = 'notifications/tasks';

/** The transport's channel for notifications sent before a request's answer. */
export interface NotificationStream {
  /** The JSON-RPC id of the request the stream belongs to. */
  id: JsonRpcId;
  send(method: string, params: Record<string, unknown>): void;
}

/** Resolves when the request is abandoned (the client left). */
function untilAbandoned(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

export async function listen(
  deps: TasksDeps,
  subject: Subject,
  params: SubscriptionsListenParams,
  caps: ClientCapabilities,
  scope: RequestScope,
  stream: NotificationStream | undefined,
): Promise<{ resultType: 'complete'; _meta: Record<string, unknown> }> {
  if (!stream)
    throw new McpError(
      INVALID_REQUEST,
      'Not Acceptable: subscriptions/listen answers text/event-stream',
      undefined,
      406,
    );
  // Shape checked by the params hook (params.ts); repeated ids name one task.
  const taskIds = params.notifications.taskIds;
  const requested = taskIds === undefined ? undefined : [...new Set(taskIds)];
  const meta = { [META_SUBSCRIPTION_ID]: stream.id };

  // Readable tasks only; anything else is left out exactly like a nonexistent taskId.
  const watched: { taskId: string; run: RunSnapshot }[] = [];
  for (const taskId of requested ?? []) {
    const runId = parseWireId(taskId);
    const run = runId === undefined ? undefined : await deps.core.getRun(subject, runId);
    if (run) watched.push({ taskId, run });
  }
  stream.send(ACKNOWLEDGED, {
    notifications: requested === undefined ? {} : { taskIds: watched.map((w) => w.taskId) },
    _meta: meta,
  });
  if (requested === undefined) {
    await untilAbandoned(scope.signal);
    return { resultType: 'complete', _meta: meta };
  }

  await Promise.all(
    watched.map(async ({ taskId, run }) => {
      let last: McpTaskStatus = deps.states.project(run.status, run.error?.code);
      if (isTerminal(run.status)) return;
      const events = await deps.core.streamRunEvents(subject, run.runId, {
        afterSequence: -1,
        signal: scope.signal,
      });
      if (!events) return;
      for await (const _event of events) {
        if (scope.signal.aborted) return;
        let task;
        try {
          task = await getTask(deps, subject, taskId, caps);
        } catch (err) {
          // Purged or no longer readable: nothing more is said about it.
          if (err instanceof McpError && err.code === INVALID_PARAMS) return;
          throw err;
        }
        if (task.status === last) continue;
        last = task.status;
        const { resultType: _resultType, ...detailed } = task;
        stream.send(TASK_NOTIFICATION, { ...detailed, _meta: meta });
        // Final: no live run projects to it (task-states.ts), so nothing follows.
        if (deps.states.final.has(last)) return;
      }
    }),
  );
  return { resultType: 'complete', _meta: meta };
}
