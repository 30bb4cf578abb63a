// ListTasks (interop.md §The operation mappings, Isolation: only runs listRuns would return to
// the same Subject), with opaque page tokens.
import { projectA2aTaskState, runStatusesForA2aWire } from '@wopgen/generated/a2a/task-state';
import type { RunStatus } from '@wopgen/generated/run-status';
import { agentOwns } from './agent-routing.ts';
import { invalidParams } from './errors.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import { isJsonMap } from './routing.ts';
import { isCoreError } from '../../ports/errors.ts';
import {
  contextIdOf,
  loadTaskView,
  projectTask,
  type ProjectionOptions,
  type TaskView,
} from './task-projection.ts';
import type { ListTasksParams } from './wire.ts';
import type { A2aWireTaskState } from '@wopgen/generated/a2a/task-state';

/**
 * Opaque page token: base64url of the last task id of the previous page and, when that page came
 * from the unfiltered keyset path, the core's listRuns cursor to continue from.
 */
interface PageToken {
  after: string;
  cursor?: string;
}

function encodePageToken(token: PageToken): string {
  return Buffer.from(JSON.stringify(token), 'utf8').toString('base64url');
}

function decodePageToken(token: string): PageToken {
  try {
    const v: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (isJsonMap(v) && typeof v['after'] === 'string') {
      const cursor = v['cursor'];
      if (cursor === undefined) return { after: v['after'] };
      if (typeof cursor === 'string') return { after: v['after'], cursor };
    }
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
 * An unfiltered page: one keyset page of listRuns and the tenant's kept run count, so its cost
 * does not grow with the tenant's runs (issue 10 break 4). Filters the store cannot apply
 * (context, projected state, status time) take the walk below.
 */
async function keysetPage(
  deps: A2aDeps,
  rc: A2aRequestContext,
  pageSize: number,
  cursor: string | undefined,
  countRuns: (subject: A2aRequestContext['subject']) => Promise<number>,
  options: ProjectionOptions,
) {
  const { ctx } = deps;
  let page;
  try {
    page = await ctx.core.listRuns(rc.subject, { limit: pageSize, ...(cursor && { cursor }) });
  } catch (err) {
    if (isCoreError(err, 'validation_error')) throw invalidParams('invalid pageToken');
    throw err;
  }
  const views = await Promise.all(
    page.runs.map((r) => loadTaskView(ctx.core, rc.subject, r.runId, ctx.now)),
  );
  const tasks = views.filter((v): v is TaskView => v !== undefined);
  const last = page.runs.at(-1);
  return {
    tasks: tasks.map((v) => projectTask(v, options)),
    nextPageToken:
      page.nextCursor && last
        ? encodePageToken({ after: last.runId, cursor: page.nextCursor })
        : '',
    pageSize,
    totalSize: await countRuns(rc.subject),
  };
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
  const options = {
    includeArtifacts: params.includeArtifacts === true,
    ...(params.historyLength !== undefined ? { historyLength: params.historyLength } : {}),
  };
  const countRuns = ctx.core.countRuns?.bind(ctx.core);
  // Through an agent's R, only that agent's tasks (agent-routing.ts `agentOwns`): the walk filters.
  const unfiltered = !wanted && !params.contextId && since === undefined && !rc.agent;
  if (countRuns && unfiltered && (after === undefined || after.cursor !== undefined)) {
    return keysetPage(deps, rc, pageSize, after?.cursor, countRuns, options);
  }
  const matches: TaskView[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await ctx.core.listRuns(rc.subject, { limit: 100, ...(cursor ? { cursor } : {}) });
    for (const run of page.runs) {
      if (!agentOwns(rc.agent, run.workflowId)) continue;
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
    const i = matches.findIndex((v) => v.run.runId === after.after);
    if (i < 0) throw invalidParams('invalid pageToken');
    start = i + 1;
  }
  const slice = matches.slice(start, start + pageSize);
  const more = start + pageSize < matches.length;
  return {
    tasks: slice.map((v) => projectTask(v, options)),
    nextPageToken:
      more && slice.length > 0
        ? encodePageToken({ after: slice[slice.length - 1]!.run.runId })
        : '',
    pageSize,
    totalSize: matches.length,
  };
}
