// The generated MCP contract (generated/mcp/methods.ts `McpHandlers`) implemented over the run
// core: one member per row of the map's `mcp.methods` and `mcp.tasks.methods`
// (interop.md §The operation mappings, §MCP tasks and cancellation, §The MCP round ceiling).
import type { McpHandlers, McpWireIo } from '@wopgen/generated/mcp/methods';
import type { Subject } from '../../ports/auth.ts';
import type { NewRunEvent } from '../../ports/events.ts';
import type { HostContext } from '../../context.ts';
import { HOST_NAME, HOST_VERSION } from '../../version.ts';
import type { McpEnvelope } from './envelope.ts';
import { listen, type NotificationStream } from './listen.ts';
import type { RequestStates } from './request-state.ts';
import type { RequestScope } from './scope.ts';
import { catalogueCapabilities } from './catalogue/catalogue.ts';
import { catalogueHandlers } from './catalogue/handlers.ts';
import { cancelTask, getTask, updateTask, type TasksDeps } from './tasks.ts';
import { mcpTaskStates } from './task-states.ts';
import { toolsCall, type ToolCallDeps } from './tool-call.ts';
import { listTools } from './tools.ts';

/** Params and results per method, generated from schemas/mcp-2026-07-28.schema.json. */
export type Io = McpWireIo;

/** What a handler knows about the request it serves (built by dispatch.ts). */
export interface McpCallContext {
  /** Undefined only on `server/discover`, which is served unauthenticated. */
  subject: Subject | undefined;
  envelope: McpEnvelope;
  scope: RequestScope;
  /**
   * Puts this exchange's negotiation.decided record on the run's log; `written`: it went in with
   * the run's insert (decisionRecord), so it is only marked done.
   */
  bindRun(runId: string, written?: boolean): Promise<void>;
  /** The record, for createRun to write in a new run's insert (absent: bindRun writes it). */
  decisionRecord?(): NewRunEvent;
  /** tools/call over HTTP: the caller's Idempotency-Key (envelope.ts idempotencyKeyOf). */
  idempotencyKey?: string;
  /** Notifications sent before the answer (subscriptions/listen, progress, log lines); undefined when the transport cannot stream. */
  stream?: NotificationStream;
}

function subjectOf(c: McpCallContext): Subject {
  if (!c.subject) throw new Error('handler reached without an authenticated subject');
  return c.subject;
}

export function createHandlers(
  ctx: HostContext,
  states: RequestStates,
): McpHandlers<McpCallContext, Io> {
  const mcp = ctx.config.mcp;
  const extension = ctx.contract.mcp.tasksExtension;
  const tasksDeps: TasksDeps = {
    core: ctx.core,
    mcp,
    states: mcpTaskStates(ctx.contract),
    extension,
  };

  const toolCallDeps: ToolCallDeps = { ctx, states, tasks: tasksDeps };

  return {
    async serverDiscover() {
      const extensions: Record<string, object> = {};
      if (extension !== null && mcp.features.includes('extensions')) extensions[extension] = {};
      return {
        supportedVersions: [...mcp.revisions],
        capabilities: { tools: {}, ...catalogueCapabilities(ctx.catalogue), extensions },
        resultType: 'complete',
        ttlMs: mcp.listTtlMs,
        cacheScope: 'public',
        _meta: {
          'io.modelcontextprotocol/serverInfo': { name: HOST_NAME, version: HOST_VERSION },
        },
      };
    },

    async toolsList(_params, c) {
      // The list depends on who asks (it is only shown to an authenticated caller): private.
      return {
        tools: listTools(await ctx.core.listWorkflows(subjectOf(c))),
        resultType: 'complete',
        ttlMs: mcp.listTtlMs,
        cacheScope: 'private',
      };
    },

    async toolsCall(params, c) {
      return toolsCall(toolCallDeps, params, c, subjectOf(c));
    },

    ...catalogueHandlers(ctx.catalogue, mcp, states),

    async tasksGet(params, c) {
      return getTask(tasksDeps, subjectOf(c), params.taskId, c.envelope.capabilities);
    },

    async tasksUpdate(params, c) {
      return updateTask(tasksDeps, subjectOf(c), params.taskId, params.inputResponses);
    },

    async tasksCancel(params, c) {
      return cancelTask(tasksDeps, subjectOf(c), params.taskId);
    },

    async subscriptionsListen(params, c) {
      return listen(tasksDeps, subjectOf(c), params, c.envelope.capabilities, c.scope, c.stream);
    },
  };
}
