// ListTasks (interop.md §The operation mappings, Isolation: only runs listRuns would return to
// the same Subject), with opaque page tokens.
import { projectA2aTaskState, runStatusesForA2aWire } from '@wopgen/generated/a2a/task-state';
import type { RunStatus } from '@wopgen/generated/run-status';
import { invalidParams } from './errors.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import { isJsonMap } from './routing.ts';
import { contextIdOf, loadTaskView, projectTask, type TaskView } from './task-projection.ts';
import type { ListTasksParams } from './wire.ts';
import type { A2aWireTaskState } from '@wopgen/generated/a2a/task-state';

/** Opaque page token: base64url of the last task id of the previous page. */
function encodePageToken(runId: string): string {
  return Buffer.from(JSON.stringify({ after: runId }), 'utf8').toString('base64url');
}

function decodePageToken(token: string): string {
  try {
    const v: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (isJsonMap(v) && typeof v['after'] === 'string') return v['after'];
  } catch {
    // fall through
  }
  throw invalidParams('invalid pageToken');
}

/**
 * The state a ListTasks filters on, or undefined for none: the proto default
 * `TASK_STATE_UNSPECIFIED` and `UNRECOGNIZED` (how @a2a-js/sdk encodes a filter left unset,
 * CLIENTS.md §1) both mean "no filter" rather than "matches nothing".
 */
function stateFilter(status: string | undefined): A2aWireTaskState | undefined {
  if (status === undefined || status === 'TASK_STATE_UNSPECIFIED' || status === 'UNRECOGNIZED')
    return undefined;
  return status as A2aWireTaskState;
}

/**
 * ListTasks over `listRuns` for the same Subject (so it returns only runs listRuns would), newest
 * first, filtered by contextId, projected state and status timestamp; `totalSize` counts every match.
 */
export async function listTasks(deps: A2aDeps, params: ListTasksParams, rc: A2aRequestContext) {
  const { ctx } = deps;
  const pageSize = params.pageSize ?? 50;
  const after = params.pageToken ? decodePageToken(params.pageToken) : undefined;
  const wanted = stateFilter(params.status);
  const statuses = wanted
    ? new Set<RunStatus>(
        wanted === 'TASK_STATE_AUTH_REQUIRED' ? ['waiting-input'] : runStatusesForA2aWire(wanted),
      )
    : undefined;
  const since = params.statusTimestampAfter ? Date.parse(params.statusTimestampAfter) : undefined;
  const matches: TaskView[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await ctx.core.listRuns(rc.subject, { limit: 100, ...(cursor ? { cursor } : {}) });
    for (const run of page.runs) {
      if (statuses && !statuses.has(run.status)) continue;
      const v = await loadTaskView(ctx.core, rc.subject, run.runId, ctx.now);
      if (!v) continue;
      if (params.contextId && contextIdOf(v) !== params.contextId) continue;
      if (wanted && projectA2aTaskState(v.run.status, v.interrupt?.kind).wire !== wanted) continue;
      if (since !== undefined && !(Date.parse(v.statusAt) > since)) continue;
      matches.push(v);
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  let start = 0;
  if (after !== undefined) {
    const i = matches.findIndex((v) => v.run.runId === after);
    if (i < 0) throw invalidParams('invalid pageToken');
    start = i + 1;
  }
  const slice = matches.slice(start, start + pageSize);
  const more = start + pageSize < matches.length;
  const options = {
    includeArtifacts: params.includeArtifacts === true,
    ...(params.historyLength !== undefined ? { historyLength: params.historyLength } : {}),
  };
  return {
    tasks: slice.map((v) => projectTask(v, options)),
    nextPageToken:
      more && slice.length > 0 ? encodePageToken(slice[slice.length - 1]!.run.runId) : '',
    pageSize,
    totalSize: matches.length,
  };
}
