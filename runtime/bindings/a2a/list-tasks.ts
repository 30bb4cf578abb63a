// ListTasks (interop.md §The operation mappings, Isolation: only runs listRuns would return to
// the same Subject), with sealed page tokens (page-token.ts).
import type { RunStatus } from '@wopgen/generated/run-status';
import { INTERRUPT_KINDS, type InterruptKind } from '../../ports/interrupts.ts';
import type { ListRunsQuery, OpenKindFilter, RunCountQuery } from '../../ports/run-core.ts';
import { agentOwns, type RoutedAgent } from './agent-routing.ts';
import { invalidParams } from './errors.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import { openPageToken, sealPageToken } from './page-token.ts';
import { isCoreError } from '../../ports/errors.ts';
import {
  contextIdOf,
  loadTaskView,
  projectTask,
  type A2aStates,
  taskViewOf,
  type TaskView,
} from './task-projection.ts';
import type { ListTasksParams } from './wire.ts';
import type { A2aWireTaskState } from '@wopgen/generated/a2a/task-state';

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
 * Which runs a ListTasks wants, as the core's filters: the status set, status time, context and
 * agent's workflows, and, for a state some interrupt kind projects to (AUTH_REQUIRED on a
 * credential) or away from (INPUT_REQUIRED), the kinds of the runs' open interrupts. The core
 * applies them from its indexes; each run it returns is still checked here (`matches`).
 */
interface Wanted {
  query: RunCountQuery;
  wire?: A2aWireTaskState;
  contextId?: string;
  /** Through an agent's routing value, only that agent's tasks (agent-routing.ts `agentOwns`). */
  agent?: RoutedAgent;
}

/** The run statuses (and, per status, the interrupt kinds) whose tasks project to `wire`. */
function statesOf(
  states: A2aStates,
  runStatuses: readonly RunStatus[],
  wire: A2aWireTaskState,
): Pick<RunCountQuery, 'statuses' | 'openKinds'> {
  const statuses: RunStatus[] = [];
  const openKinds: OpenKindFilter[] = [];
  for (const status of runStatuses) {
    const plain = states.project(status).wire;
    const to = (k: InterruptKind) => states.project(status, k).wire;
    // The kinds that move this status's tasks into `wire`, or out of it.
    const kinds = INTERRUPT_KINDS.filter((k) => (plain === wire ? to(k) !== wire : to(k) === wire));
    if (plain !== wire && kinds.length === 0) continue;
    statuses.push(status);
    if (kinds.length > 0) openKinds.push({ status, kinds, among: plain !== wire });
  }
  return { statuses, ...(openKinds.length > 0 && { openKinds }) };
}

/** The served contract's projection and run statuses, which a state filter is read through. */
interface Projection {
  states: A2aStates;
  runStatuses: readonly RunStatus[];
}

function wantedRuns(
  p: Projection,
  params: ListTasksParams,
  agent: RoutedAgent | undefined,
): Wanted {
  const wire = stateFilter(params.status);
  const since = params.statusTimestampAfter ? Date.parse(params.statusTimestampAfter) : undefined;
  const query: RunCountQuery = {
    ...(wire && statesOf(p.states, p.runStatuses, wire)),
    ...(since !== undefined && { statusAfter: new Date(since).toISOString() }),
    ...(params.contextId && { contextId: params.contextId }),
    // A tenant naming no agent of the caller routes to one with no workflows: nothing matches.
    ...(agent && { workflowIds: agent.entry.workflowIds }),
  };
  return {
    query,
    ...(wire && { wire }),
    ...(params.contextId && { contextId: params.contextId }),
    ...(agent && { agent }),
  };
}

/** Whether a loaded task view is one the request wants (the core's filters are hints only). */
function matches(states: A2aStates, v: TaskView, w: Wanted): boolean {
  if (w.query.statuses && !w.query.statuses.includes(v.run.status)) return false;
  if (
    w.query.statusAfter !== undefined &&
    !(Date.parse(v.statusAt) > Date.parse(w.query.statusAfter))
  )
    return false;
  if (!agentOwns(w.agent, v.run.workflowId)) return false;
  if (w.contextId !== undefined && contextIdOf(v) !== w.contextId) return false;
  if (w.wire && states.project(v.run.status, v.interrupt?.kind).wire !== w.wire) return false;
  return true;
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

/**
 * How many tasks match: the core's count of its exact filters when it has one (an index walk, not
 * a read of the runs), else the tasks listed through this page, exact on the last page.
 */
async function totalSize(
  deps: A2aDeps,
  rc: A2aRequestContext,
  w: Wanted,
  listed: number,
): Promise<number> {
  const core = deps.ctx.core;
  const filtered = Object.keys(w.query).length > 0;
  if (!filtered && core.countRuns) return core.countRuns(rc.subject);
  if (core.countMatchingRuns) return core.countMatchingRuns(rc.subject, w.query);
  return listed;
}

/** What a page token is bound to: the caller's tenant, the agent it came through, the filters. */
function tokenScope(rc: A2aRequestContext, params: ListTasksParams): string {
  return JSON.stringify([
    rc.subject.tenant,
    rc.agent?.a2aTenant ?? '',
    params.contextId ?? '',
    stateFilter(params.status) ?? '',
    params.statusTimestampAfter ?? '',
  ]);
}

/**
 * ListTasks over `listRuns` for the same Subject (so it returns only runs listRuns would), newest
 * first, filtered by contextId, projected state and status timestamp; `totalSize` counts every
 * match. Every page is one page of the core's list, whatever the filters or the token: its cost
 * follows the page, not the tenant's runs, and a tenant's listings run a few at a time
 * (`ctx.listings`), so one tenant's burst never holds another's requests.
 */
export async function listTasks(deps: A2aDeps, params: ListTasksParams, rc: A2aRequestContext) {
  const pageSize = params.pageSize ?? 50;
  const scope = tokenScope(rc, params);
  const from = params.pageToken
    ? await openPageToken(deps.ctx, scope, params.pageToken)
    : undefined;
  const { contract } = deps.ctx;
  const states = contract.a2a.taskState;
  const wanted = wantedRuns({ states, runStatuses: contract.runStatuses.all }, params, rc.agent);
  const options = {
    includeArtifacts: params.includeArtifacts === true,
    ...(params.historyLength !== undefined ? { historyLength: params.historyLength } : {}),
  };
  return deps.ctx.listings.run(rc.subject.tenant, async () => {
    let page: { views: (TaskView | undefined)[]; nextCursor: string | null };
    try {
      page = await pageOfViews(deps, rc, {
        limit: pageSize,
        ...(from && { cursor: from.cursor }),
        ...wanted.query,
      });
    } catch (err) {
      if (isCoreError(err, 'validation_error')) throw invalidParams('invalid pageToken');
      throw err;
    }
    const tasks = page.views.filter(
      (v): v is TaskView => v !== undefined && matches(states, v, wanted),
    );
    const listed = (from?.listed ?? 0) + tasks.length;
    return {
      tasks: tasks.map((v) => projectTask(states, v, options)),
      nextPageToken: page.nextCursor
        ? await sealPageToken(deps.ctx, scope, { cursor: page.nextCursor, listed })
        : '',
      pageSize,
      totalSize: await totalSize(deps, rc, wanted, listed),
    };
  });
}
