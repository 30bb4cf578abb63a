// The tasks extension `io.modelcontextprotocol/tasks` (interop.md §MCP tasks and cancellation; the
// map's `mcp.tasks` rows): taskId is the run's projected runId, status comes from the served
// contract's projection (task-states.ts), `tasks/get` only reads (nothing is appended),
// `tasks/update` resolves each interrupt at most once, `tasks/cancel` acknowledges with an empty
// result. An unknown, purged, unreadable or foreign taskId is the same -32602 in every case.
import type { Subject } from '../../ports/auth.ts';
import { isCoreError } from '../../ports/errors.ts';
import type { RunCore, RunSnapshot } from '../../ports/run-core.ts';
import { parseWireId, projectId } from '../../ids.ts';
import type { McpConfig } from '../../config.ts';
import type { ClientCapabilities } from './envelope.ts';
import type { McpTaskStates } from './task-states.ts';
import { INTERNAL_ERROR, INVALID_PARAMS, McpError } from './jsonrpc.ts';
import {
  clientAbilities,
  inputKeys,
  inputRequestFor,
  parseInputResponses,
  resolveWith,
  type InputRequest,
} from './mrtr.ts';
import type { TaskFields } from '@wopgen/generated/types/mcp-wire';
import { callToolResult, isTerminal, type CallToolResult } from './tools.ts';

/** `run.cancelled.reason` of a run cancelled through `tasks/cancel`. */
export const TASK_CANCEL_REASON = 'mcp-tasks-cancel';

/** The task's fields, as the wire schema states them (generated from schemas/mcp-2026-07-28.schema.json). */
export type { TaskFields };

export interface TasksDeps {
  core: RunCore;
  mcp: McpConfig;
  states: McpTaskStates;
  /** The tasks extension the map pins (`pins.mcpTasks.extension`), or null. */
  extension: string | null;
}

export function taskNotFound(): McpError {
  return new McpError(INVALID_PARAMS, 'Task not found');
}

/** The run behind a taskId the caller may read, else the one not-found answer. */
export async function readTask(
  core: RunCore,
  subject: Subject,
  taskId: string,
): Promise<RunSnapshot> {
  const runId = parseWireId(taskId);
  const run = runId === undefined ? undefined : await core.getRun(subject, runId);
  if (!run) throw taskNotFound();
  return run;
}

/** createdAt / lastUpdatedAt from the run's record: a pure read. */
async function timestamps(
  core: RunCore,
  subject: Subject,
  run: RunSnapshot,
): Promise<{ createdAt: string; lastUpdatedAt: string }> {
  const times = await core.runTimes(subject, run.runId);
  const fallback = run.startedAt ?? new Date().toISOString();
  return {
    createdAt: times?.createdAt ?? fallback,
    lastUpdatedAt: times?.updatedAt ?? fallback,
  };
}

export async function taskFields(
  deps: TasksDeps,
  subject: Subject,
  run: RunSnapshot,
): Promise<TaskFields> {
  return {
    taskId: projectId(run.runId),
    status: deps.states.project(run.status, run.error?.code),
    ...(await timestamps(deps.core, subject, run)),
    ttlMs: deps.mcp.taskTtlMs,
    pollIntervalMs: deps.mcp.pollIntervalMs,
  };
}

/** The flat CreateTaskResult (no `task` wrapper, no result, no requestState). */
export async function createTaskResult(
  deps: TasksDeps,
  subject: Subject,
  run: RunSnapshot,
): Promise<TaskFields & { resultType: 'task' }> {
  return { resultType: 'task', ...(await taskFields(deps, subject, run)) };
}

/**
 * `tasks/get`: the DetailedTask; completed (incl. a run its workflow failed) inlines the
 * CallToolResult, failed (the host failed it) inlines a JSON-RPC error.
 */
export async function getTask(
  deps: TasksDeps,
  subject: Subject,
  taskId: string,
  caps: ClientCapabilities,
): Promise<
  TaskFields & {
    resultType: 'complete';
    result?: CallToolResult;
    error?: { code: number; message: string };
    inputRequests?: Record<string, InputRequest>;
  }
> {
  const run = await readTask(deps.core, subject, taskId);
  const fields = await taskFields(deps, subject, run);
  const out: Awaited<ReturnType<typeof getTask>> = { ...fields, resultType: 'complete' };
  // A run the host itself failed is a JSON-RPC error of the host (the map's errorCode status row):
  // inlined as `error`, with no result and nothing of the cause.
  if (fields.status === 'failed') out.error = { code: INTERNAL_ERROR, message: 'Internal error' };
  else if (isTerminal(run.status) && run.status !== 'cancelled') out.result = callToolResult(run);
  if (fields.status === 'input_required') {
    const open = (await deps.core.openInterrupts(subject, run.runId)) ?? [];
    const can = clientAbilities(caps);
    const requests: Record<string, InputRequest> = {};
    // Keyed as tools/call keys them (mrtr.ts `inputKeys`), and read back so by tasks/update.
    const keys = inputKeys(open);
    for (const it of open) {
      // A task client always gets a request it can answer: form for flat input, URL for a credential
      // when declared, a client request when its capability is declared; other shapes are omitted
      // (they are answered over REST).
      const r = inputRequestFor(it, { ...can, form: true });
      if (r) requests[keys.get(it.interruptId)!] = r;
    }
    out.inputRequests = requests;
  }
  return out;
}

/** `tasks/update`: each `inputResponses[<key>]` resolves that open interrupt at most once. */
export async function updateTask(
  deps: TasksDeps,
  subject: Subject,
  taskId: string,
  inputResponses: unknown,
): Promise<{ resultType: 'complete' }> {
  const run = await readTask(deps.core, subject, taskId);
  const open = (await deps.core.openInterrupts(subject, run.runId)) ?? [];
  // Keys never issued or no longer open resolve nothing (and are not validated).
  const responses = parseInputResponses(inputResponses ?? {}, open);
  for (const [interruptId, response] of Object.entries(responses)) {
    const it = open.find((i) => i.interruptId === interruptId);
    if (it) await resolveWith(deps.core, subject, it, response);
  }
  return { resultType: 'complete' };
}

/** `tasks/cancel`: cancels as cancelRun would; a terminal run is acknowledged, nothing appended. */
export async function cancelTask(
  deps: TasksDeps,
  subject: Subject,
  taskId: string,
): Promise<{ resultType: 'complete' }> {
  const run = await readTask(deps.core, subject, taskId);
  if (!isTerminal(run.status)) {
    try {
      await deps.core.cancelRun(subject, run.runId, {
        reason: TASK_CANCEL_REASON,
        cancelledBy: subject.subjectId,
      });
    } catch (err) {
      if (!isCoreError(err, 'run_terminal')) throw err;
    }
  }
  return { resultType: 'complete' };
}
