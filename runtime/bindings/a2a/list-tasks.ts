// ListTasks (interop.md §The operation mappings, Isolation: only runs listRuns would return to
// the same Subject), with opaque page tokens.
import type { RunStatus } from '@wopgen/generated/run-status';
import { INTERRUPT_KINDS } from '../../ports/interrupts.ts';
import type { ListRunsQuery, RunCountQuery } from '../../ports/run-core.ts';
import { agentOwns, type RoutedAgent } from './agent-routing.ts';
import { invalidParams } from './errors.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import { isJsonMap } from './routing.ts';
import { isCoreError } from '../../ports/errors.ts';
import {
  contextIdOf,
  loadTaskView,
  projectTask,
  type A2aStates,
  taskViewOf,
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
 * Which runs a ListTasks wants: the filters the core applies (status set, status time), and
 * whether each run must still be checked here (a context id, or a status some interrupt kind
 * projects to another wire state, e.g. waiting-input to AUTH_REQUIRED on a credential).
 */
interface Wanted {
  query: RunCountQuery;
  wire?: A2aWireTaskState;
  contextId?: string;
  /** Through an agent's routing value, only that agent's tasks (agent-routing.ts `agentOwns`). */
  agent?: RoutedAgent;
  /** The core's filters decide membership alone, so its counts and keyset pages are exact. */
  exact: boolean;
  /** The served contract's task-state projection the filter is read through. */
  states: A2aStates;
}

function wantedRuns(
  states: A2aStates,
  params: ListTasksParams,
  agent: RoutedAgent | undefined,
): Wanted {
  const wire = stateFilter(params.status);
  const statuses = wire
    ? wire === 'TASK_STATE_AUTH_REQUIRED'
      ? (['waiting-input'] as RunStatus[])
      : states.runStatusesFor(wire)
    : undefined;
  const since = params.statusTimestampAfter ? Date.parse(params.statusTimestampAfter) : undefined;
  const query: RunCountQuery = {
    ...(statuses && { statuses }),
    ...(since !== undefined && { statusAfter: new Date(since).toISOString() }),
  };
  const splits = (status: RunStatus) =>
    INTERRUPT_KINDS.some((k) => states.project(status, k).wire !== states.project(status).wire);
  return {
    query,
    ...(wire && { wire }),
    ...(params.contextId && { contextId: params.contextId }),
    ...(agent && { agent }),
    exact: !params.contextId && !agent && !(statuses ?? []).some(splits),
    states,
  };
}

/** Whether a loaded task view is one the request wants (the core's filters are hints only). */
function matches(v: TaskView, w: Wanted): boolean {
  if (w.query.statuses && !w.query.statuses.includes(v.run.status)) return false;
  if (
    w.query.statusAfter !== undefined &&
    !(Date.parse(v.statusAt) > Date.parse(w.query.statusAfter))
  )
    return false;
  if (!agentOwns(w.agent, v.run.workflowId)) return false;
  if (w.contextId !== undefined && contextIdOf(v) !== w.contextId) return false;
  if (w.wire && w.states.project(v.run.status, v.interrupt?.kind).wire !== w.wire) return false;
  return true;
}

/**
 * A page straight from the core's keyset, when its filters decide membership exactly and it can
 * count them: the cost follows the page size, not the tenant's run count (issue 10 break 4,
 * issue 13).
 */
async function keysetPage(
  deps: A2aDeps,
  rc: A2aRequestContext,
  pageSize: number,
  cursor: string | undefined,
  wanted: Wanted,
  count: () => Promise<number>,
  options: ProjectionOptions,
) {
  const query = { limit: pageSize, ...(cursor && { cursor }), ...wanted.query };
  let page: { views: (TaskView | undefined)[]; nextCursor: string | null };
  try {
    page = await pageOfViews(deps, rc, query);
  } catch (err) {
    if (isCoreError(err, 'validation_error')) throw invalidParams('invalid pageToken');
    throw err;
  }
  const tasks = page.views.filter((v): v is TaskView => v !== undefined && matches(v, wanted));
  const last = page.views.at(-1);
  return {
    tasks: tasks.map((v) => projectTask(deps.ctx.contract.a2a.taskState, v, options)),
    nextPageToken:
      page.nextCursor && last
        ? encodePageToken({ after: last.run.runId, cursor: page.nextCursor })
        : '',
    pageSize,
    totalSize: await count(),
  };
}

/**
 * One page of task views: read together when the core can (`listRunViews`), else the page and
 * then each view (undefined for a run that became unreadable in between).
 */
async function pageOfViews(
  deps: A2aDeps,
  rc: A2aRequestContext,
  query: ListRunsQuery,
): Promise<{ views: (TaskView | undefined)[]; nextCursor: string | null }> {
  const { core, now } = deps.ctx;
  if (core.listRunViews) {
    const page = await core.listRunViews(rc.subject, query, 'a2a');
    return { views: page.views.map(taskViewOf), nextCursor: page.nextCursor };
  }
  const page = await core.listRuns(rc.subject, query);
  const views = await Promise.all(
    page.runs.map((r) => loadTaskView(core, rc.subject, r.runId, now)),
  );
  return { views, nextCursor: page.nextCursor };
}

/** The counter for an exact query, when the core has one. */
function exactCount(deps: A2aDeps, rc: A2aRequestContext, w: Wanted) {
  const core = deps.ctx.core;
  if (!w.exact) return undefined;
  const filtered = w.query.statuses !== undefined || w.query.statusAfter !== undefined;
  if (!filtered) return core.countRuns && (() => core.countRuns!(rc.subject));
  return core.countMatchingRuns && (() => core.countMatchingRuns!(rc.subject, w.query));
}

/**
 * ListTasks over `listRuns` for the same Subject (so it returns only runs listRuns would), newest
 * first, filtered by contextId, projected state and status timestamp; `totalSize` counts every match.
 */
export async function listTasks(deps: A2aDeps, params: ListTasksParams, rc: A2aRequestContext) {
  const pageSize = params.pageSize ?? 50;
  const after = params.pageToken ? decodePageToken(params.pageToken) : undefined;
  const wanted = wantedRuns(deps.ctx.contract.a2a.taskState, params, rc.agent);
  const options = {
    includeArtifacts: params.includeArtifacts === true,
    ...(params.historyLength !== undefined ? { historyLength: params.historyLength } : {}),
  };
  const count = exactCount(deps, rc, wanted);
  if (count && (after === undefined || after.cursor !== undefined)) {
    return keysetPage(deps, rc, pageSize, after?.cursor, wanted, count, options);
  }
  // The walk: every run the core's filters let through, checked here; its cost follows the
  // number of candidate runs (all of the tenant's only when nothing narrows them).
  const found: TaskView[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await pageOfViews(deps, rc, {
      limit: 100,
      ...(cursor ? { cursor } : {}),
      ...wanted.query,
    });
    for (const v of page.views) if (v && matches(v, wanted)) found.push(v);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  let start = 0;
  if (after !== undefined) {
    const i = found.findIndex((v) => v.run.runId === after.after);
    if (i < 0) throw invalidParams('invalid pageToken');
    start = i + 1;
  }
  const slice = found.slice(start, start + pageSize);
  const more = start + pageSize < found.length;
  return {
    tasks: slice.map((v) => projectTask(deps.ctx.contract.a2a.taskState, v, options)),
    nextPageToken:
      more && slice.length > 0
        ? encodePageToken({ after: slice[slice.length - 1]!.run.runId })
        : '',
    pageSize,
    totalSize: found.length,
  };
}
