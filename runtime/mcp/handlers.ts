// The generated MCP contract (generated/mcp/methods.ts `McpHandlers`) implemented over the run
// core: one member per row of the map's `mcp.methods` and `mcp.tasks.methods`
// (interop.md §The operation mappings, §MCP tasks and cancellation, §The MCP round ceiling).
import type { McpHandlers, McpMethod } from '../../generated/mcp/methods.ts';
import { MCP_TASKS_EXTENSION } from '../../generated/mcp/methods.ts';
import type { Subject } from '../ports/auth.ts';
import type { HostContext } from '../context.ts';
import { isCoreError } from '../ports/errors.ts';
import type { Interrupt } from '../ports/interrupts.ts';
import type { RunSnapshot } from '../ports/run-core.ts';
import type { WorkflowView } from '../ports/workflows.ts';
import { HOST_VERSION } from '../version.ts';
import { missingClientCapabilities } from './client-needs.ts';
import { declaresTasks, missingCapability, type McpEnvelope } from './envelope.ts';
import { INVALID_PARAMS, isRecord, McpError, METHOD_NOT_FOUND, OPENWOP_ERROR } from './jsonrpc.ts';
import {
  clientAbilities,
  inputRequestFor,
  parseInputResponses,
  resolveWith,
  type InputRequest,
} from './mrtr.ts';
import { notifyFromRun } from './run-notifications.ts';
import { callDigest, invalidState, type RequestStates } from './request-state.ts';
import { listen, type NotificationStream } from './listen.ts';
import type { RequestScope } from './scope.ts';
import { catalogueCapabilities } from './catalogue/catalogue.ts';
import { catalogueHandlers } from './catalogue/handlers.ts';
import { cancelTask, createTaskResult, getTask, updateTask, type TasksDeps } from './tasks.ts';
import {
  callToolResult,
  checkArguments,
  isTerminal,
  listTools,
  toolError,
  toolWorkflow,
  WAITING_ON_CLIENT,
} from './tools.ts';

export type McpParams = Record<string, unknown>;
export type McpResult = object;
export type Io = { [M in McpMethod]: { params: McpParams; result: McpResult } };

/** What a handler knows about the request it serves (built by dispatch.ts). */
export interface McpCallContext {
  /** Undefined only on `server/discover`, which is served unauthenticated. */
  subject: Subject | undefined;
  envelope: McpEnvelope;
  scope: RequestScope;
  /** Puts this exchange's negotiation.decided record on the run's log. */
  bindRun(runId: string): Promise<void>;
  /** Notifications sent before the answer (subscriptions/listen, progress, log lines); undefined when the transport cannot stream. */
  stream?: NotificationStream;
}

/** `run.cancelled.reason` when a call is refused for exceeding `mcp.mrtr.maxRounds`. */
export const ROUNDS_EXCEEDED_REASON = 'mcp-mrtr-rounds-exceeded';

function subjectOf(c: McpCallContext): Subject {
  if (!c.subject) throw new Error('handler reached without an authenticated subject');
  return c.subject;
}

export function createHandlers(
  ctx: HostContext,
  states: RequestStates,
): McpHandlers<McpCallContext, Io> {
  const mcp = ctx.config.mcp;
  const tasksDeps: TasksDeps = { core: ctx.core, mcp };

  /** Waits until the run is terminal or waits on the client; ends early when the request is abandoned. */
  async function settle(
    subject: Subject,
    runId: string,
    scope: RequestScope,
  ): Promise<RunSnapshot> {
    for (;;) {
      const run = await ctx.core.waitFor(
        subject,
        runId,
        (r) => isTerminal(r.status) || WAITING_ON_CLIENT.includes(r.status),
        { timeoutMs: 30_000, signal: scope.signal },
      );
      if (!run) throw new McpError(INVALID_PARAMS, 'the run is no longer readable');
      if (isTerminal(run.status) || WAITING_ON_CLIENT.includes(run.status) || scope.signal.aborted)
        return run;
    }
  }

  /**
   * The answer of a tools/call whose run is `runId` at `round` (1-based; mrtr rows). Progress and
   * log notifications the request asked for go out on its stream until the answer is ready.
   */
  async function answer(
    subject: Subject,
    workflow: WorkflowView,
    runId: string,
    digest: string,
    round: number,
    afterSequence: number,
    c: McpCallContext,
  ): Promise<McpResult> {
    if (declaresTasks(c.envelope.capabilities)) {
      // Tasks: never InputRequiredResult; a run not terminal at answer time is a task.
      const run = await ctx.core.getRun(subject, runId);
      if (!run) throw new McpError(INVALID_PARAMS, 'the run is no longer readable');
      return isTerminal(run.status)
        ? { ...callToolResult(run) }
        : await createTaskResult(tasksDeps, subject, run);
    }
    const notifier = notifyFromRun(
      ctx.core,
      subject,
      runId,
      afterSequence,
      workflow,
      c.envelope,
      c.stream,
    );
    let run: RunSnapshot;
    let open: Interrupt[] = [];
    try {
      for (;;) {
        run = await settle(subject, runId, c.scope);
        if (isTerminal(run.status) || c.scope.signal.aborted) break;
        open = (await ctx.core.openInterrupts(subject, runId)) ?? [];
        if (open.length > 0) break;
        // Waiting, yet nothing open: answered meanwhile by someone else (REST, A2A); look again.
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      await notifier.stop();
    }
    if (isTerminal(run.status) || c.scope.signal.aborted) return { ...callToolResult(run) };
    if (round > mcp.maxRounds) {
      // interop.md §The MCP round ceiling. The logical call ends here, so its run is cancelled
      // rather than left waiting on a question no MCP client can answer any more.
      await ctx.core
        .cancelRun(subject, runId, {
          reason: ROUNDS_EXCEEDED_REASON,
          cancelledBy: subject.subjectId,
        })
        .catch((err: unknown) => {
          if (!isCoreError(err, 'run_terminal')) throw err;
        });
      throw new McpError(OPENWOP_ERROR, `more than ${mcp.maxRounds} input_required rounds`, {
        error: 'mcp_mrtr_rounds_exceeded',
        maxRounds: mcp.maxRounds,
        round,
      });
    }
    const can = clientAbilities(c.envelope.capabilities);
    const inputRequests: Record<string, InputRequest> = {};
    for (const it of open) {
      const r = inputRequestFor(it, can);
      if (!r) {
        // mrtr row: no form for this shape and no URL mode declared ⇒ CallToolResult isError.
        return {
          ...toolError(
            `the tool needs input (${it.kind}) that this client cannot provide; the run waits for it`,
          ),
        };
      }
      inputRequests[it.interruptId] = r;
    }
    const requestState = await states.mint(subject, {
      dig: digest,
      runId,
      interruptIds: Object.keys(inputRequests),
      round,
    });
    return { resultType: 'input_required', inputRequests, requestState };
  }

  return {
    async serverDiscover() {
      const extensions: Record<string, object> = {};
      if (MCP_TASKS_EXTENSION !== null && mcp.features.includes('extensions'))
        extensions[MCP_TASKS_EXTENSION] = {};
      return {
        supportedVersions: [...mcp.revisions],
        capabilities: { tools: {}, ...catalogueCapabilities(ctx.catalogue), extensions },
        resultType: 'complete',
        ttlMs: mcp.listTtlMs,
        cacheScope: 'public',
        _meta: {
          'io.modelcontextprotocol/serverInfo': { name: 'wopgen', version: HOST_VERSION },
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
      const subject = subjectOf(c);
      const workflow = await toolWorkflow(ctx.core, subject, params.name);
      const args = checkArguments(workflow, params.arguments);
      const digest = callDigest('tools/call', workflow.id, args);
      const caps = c.envelope.capabilities;

      // A retry continues the run its requestState names. inputResponses without a requestState
      // cannot be bound to any run: they are ignored and the call starts afresh (SEP-2322: a
      // server ignores what it does not recognise and asks again).
      if (params.requestState !== undefined) {
        const claims = await states.check(params.requestState, subject, digest);
        const run = await ctx.core.getRun(subject, claims.runId);
        if (!run) throw invalidState();
        const open = (await ctx.core.openInterrupts(subject, run.runId)) ?? [];
        // Only the keys this state asked about are read (extra keys are ignored); a malformed
        // answer to one of them is -32602 and leaves the state unused.
        const asked = open.filter((i) => claims.interruptIds.includes(i.interruptId));
        const responses = parseInputResponses(params.inputResponses ?? {}, asked);
        await states.consume(claims);
        c.scope.own(subject, run.runId);
        await c.bindRun(run.runId);
        // This request's notifications start after what the log holds now.
        const after = (await ctx.core.lastSequence(subject, run.runId)) ?? -1;
        for (const it of asked) {
          const response = responses[it.interruptId];
          if (response) await resolveWith(ctx.core, subject, it, response);
        }
        return answer(subject, workflow, run.runId, digest, claims.round + 1, after, c);
      }

      // A workflow that must run as a task needs the tasks extension declared (ext-tasks).
      if (
        workflow.taskSupport === 'required' &&
        MCP_TASKS_EXTENSION !== null &&
        !declaresTasks(caps)
      ) {
        throw missingCapability({ extensions: { [MCP_TASKS_EXTENSION]: {} } }, MCP_TASKS_EXTENSION);
      }
      // A workflow that will ask the caller's client something needs a way to ask (never assumed),
      // whatever extensions the request declared: a task's input requests reach the client too.
      const missing = missingClientCapabilities(workflow, clientAbilities(caps));
      if (missing) throw missingCapability(missing, Object.keys(missing).join(', '));
      const { run } = await ctx.core.createRun(subject, {
        workflowId: workflow.id,
        inputs: args,
        transport: 'mcp',
        trustBoundary: 'untrusted',
      });
      c.scope.own(subject, run.runId);
      await c.bindRun(run.runId);
      return answer(subject, workflow, run.runId, digest, 1, -1, c);
    },

    ...catalogueHandlers(ctx.catalogue, mcp),

    async initialize() {
      // The map's `initialize | Mcp-Session-Id` row: never required on 2026-07-28.
      throw new McpError(METHOD_NOT_FOUND, 'initialize is not a method of MCP 2026-07-28');
    },

    async tasksGet(params, c) {
      return getTask(tasksDeps, subjectOf(c), params.taskId, c.envelope.capabilities);
    },

    async tasksUpdate(params, c) {
      return updateTask(tasksDeps, subjectOf(c), params.taskId, params.inputResponses);
    },

    async tasksCancel(params, c) {
      return cancelTask(tasksDeps, subjectOf(c), params.taskId);
    },

    async notificationsTasks() {
      throw new McpError(METHOD_NOT_FOUND, 'notifications/tasks is sent by servers only');
    },

    async subscriptionsListen(params, c) {
      return listen(tasksDeps, subjectOf(c), params, c.envelope.capabilities, c.scope, c.stream);
    },
  };
}

export function isParams(v: unknown): v is McpParams {
  return isRecord(v);
}
