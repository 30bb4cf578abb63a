// The SQL of a page of a tenant's runs and of a filtered count, the same in both SQL stores
// (interop.md §Isolation; the A2A ListTasks filters). A page costs what the page costs, never a walk
// of the tenant's runs, whatever its filters:
//   1. the keys (created_at, run_id) of a bounded number of candidates are read from indexes, one
//      newest-first range per index key that decides a filter (a context, each status, each
//      workflow, else the tenant), with a flag saying whether each candidate passes the filters no
//      index decides (a status time, an interrupt kind, a workflow beside a status);
//   2. the page is cut where every range has examined every key above it, and only its own runs
//      are read in full.
// The database orders the ranges' keys (one ORDER BY over their union), so this code never compares
// two keys itself: its collation is the one the indexes and the cursor use.
import type { RunStatus } from '@wopgen/generated/run-status';
import type { OpenKindFilter } from '../../ports/run-core.ts';
import type { RunFilter, RunListQuery, RunPosition } from '../../ports/store/run-store.ts';

/** Binds a value and answers its placeholder (`@p0` in SQLite, `$1` in PostgreSQL). */
export type Bind = (value: string | number) => string;

export interface RunSqlDialect {
  /** The interrupts column that orders interrupts opened at one instant (insertion order). */
  interruptOrder: 'rowid' | 'ord';
}

/** Candidates a range with undecided filters examines per page, as a multiple of the page. */
const EXAMINE_FACTOR = 4;
const EXAMINE_MIN = 32;
/** An agent with more workflows than this is filtered, not ranged (one range per workflow). */
const MAX_WORKFLOW_RANGES = 8;

/** The filters of a query with `status`/`workflowId` folded into the lists; undefined: none match. */
interface Filters {
  statuses?: readonly RunStatus[];
  workflowIds?: readonly string[];
  statusAfter?: string;
  contextId?: string;
  openKinds?: readonly OpenKindFilter[];
}

function intersect<T>(
  one: T | undefined,
  list: readonly T[] | undefined,
): readonly T[] | undefined {
  if (one === undefined) return list;
  return list === undefined ? [one] : list.filter((v) => v === one);
}

function normalize(
  q: RunFilter & Pick<RunListQuery, 'status' | 'workflowId'>,
): Filters | undefined {
  const statuses = intersect(q.status, q.statuses);
  const workflowIds = intersect(q.workflowId, q.workflowIds);
  if (statuses?.length === 0 || workflowIds?.length === 0) return undefined;
  const openKinds = q.openKinds?.filter(
    (f) => (f.among || f.kinds.length > 0) && (!statuses || statuses.includes(f.status)),
  );
  return {
    ...(statuses && { statuses }),
    ...(workflowIds && { workflowIds }),
    ...(q.statusAfter !== undefined && { statusAfter: q.statusAfter }),
    ...(q.contextId !== undefined && { contextId: q.contextId }),
    ...(openKinds?.length && { openKinds }),
  };
}

const list = (values: readonly string[], bind: Bind) => values.map(bind).join(', ');

/** The kind of a run's first open interrupt (the one a task projection shows). */
function firstOpenKind(d: RunSqlDialect): string {
  return `(SELECT i.kind FROM interrupts i WHERE i.run_id = r.run_id AND i.status = 'open'
    ORDER BY i.created_at, i.${d.interruptOrder} LIMIT 1)`;
}

/** WHERE terms on `runs r` for the filters a range's index does not decide. */
function terms(
  f: Filters,
  decided: { statuses?: boolean; workflows?: boolean; status?: RunStatus },
  bind: Bind,
  d: RunSqlDialect,
): string[] {
  const out: string[] = [];
  if (f.statuses && !decided.statuses) out.push(`r.status IN (${list(f.statuses, bind)})`);
  if (f.workflowIds && !decided.workflows)
    out.push(`r.workflow_id IN (${list(f.workflowIds, bind)})`);
  if (f.statusAfter !== undefined) out.push(`r.status_at > ${bind(f.statusAfter)}`);
  for (const k of f.openKinds ?? []) {
    // A status range of another status never meets this filter's runs.
    if (decided.status !== undefined && decided.status !== k.status) continue;
    const other = `r.status <> ${bind(k.status)}`;
    if (k.kinds.length === 0) out.push(other);
    else if (k.among) out.push(`(${other} OR ${firstOpenKind(d)} IN (${list(k.kinds, bind)}))`);
    else
      out.push(`(${other} OR COALESCE(${firstOpenKind(d)}, '') NOT IN (${list(k.kinds, bind)}))`);
  }
  return out;
}

type Range =
  | { on: 'tenant' }
  | { on: 'status'; status: RunStatus }
  | { on: 'workflow'; workflowId: string }
  | { on: 'context'; contextId: string }
  /** The run whose own id is the context, when it has no A2A record (contextIdOf). */
  | { on: 'context-run'; runId: string };

function rangesOf(f: Filters): Range[] {
  if (f.contextId !== undefined) {
    return [
      { on: 'context', contextId: f.contextId },
      { on: 'context-run', runId: f.contextId },
    ];
  }
  if (f.statuses) return f.statuses.map((status) => ({ on: 'status', status }));
  if (f.workflowIds && f.workflowIds.length <= MAX_WORKFLOW_RANGES)
    return f.workflowIds.map((workflowId) => ({ on: 'workflow', workflowId }));
  return [{ on: 'tenant' }];
}

function decidedBy(r: Range): Parameters<typeof terms>[1] {
  if (r.on === 'status') return { statuses: true, status: r.status };
  if (r.on === 'workflow') return { workflows: true };
  return {};
}

/** Phase 1 of a page: its candidates' keys in newest-first order, and how each range was read. */
export interface PagePlan {
  sql: string;
  /** Candidates each range may return (one fewer than this returned: the range is exhausted). */
  examine: number[];
}

/** Undefined when the filters match no run (an empty status or workflow list). */
export function pageKeysSql(q: RunListQuery, bind: Bind, d: RunSqlDialect): PagePlan | undefined {
  const f = normalize(q);
  if (!f) return undefined;
  const examine: number[] = [];
  const parts = rangesOf(f).map((range, rg) => {
    const undecided = terms(f, decidedBy(range), bind, d);
    const n =
      undecided.length === 0 ? q.limit + 1 : Math.max(EXAMINE_MIN, EXAMINE_FACTOR * (q.limit + 1));
    // The run named by the context is one row at most: more than it can return, so always done.
    examine.push(range.on === 'context-run' ? 2 : n);
    const hit =
      undecided.length === 0 ? '1' : `CASE WHEN ${undecided.join(' AND ')} THEN 1 ELSE 0 END`;
    const join = undecided.length === 0 ? '' : ' JOIN runs r ON r.run_id = k.run_id';
    return `SELECT k.rg, k.created_at, k.run_id, ${hit} AS hit FROM (${candidates(range, rg, q, n, bind)}) k${join}`;
  });
  return { sql: `${parts.join(' UNION ALL ')} ORDER BY 2 DESC, 3 DESC`, examine };
}

/** The keys of one range's candidates, newest first, from its index. */
function candidates(range: Range, rg: number, q: RunListQuery, n: number, bind: Bind): string {
  // One placeholder for the instant, used twice: the planner then reads `created_at <= x` into the
  // index range (two placeholders of one value leave it scanning from the newest run).
  const at = q.before && bind(q.before.createdAt);
  const before = q.before
    ? ` AND (created_at < ${at} OR (created_at = ${at} AND run_id < ${bind(q.before.runId)}))`
    : '';
  const tenant = `tenant = ${bind(q.tenant)}`;
  const keys = `SELECT ${rg} AS rg, created_at, run_id`;
  if (range.on === 'context-run') {
    return `${keys} FROM runs WHERE run_id = ${bind(range.runId)} AND ${tenant}${before}
      AND NOT EXISTS (SELECT 1 FROM a2a_tasks x WHERE x.run_id = runs.run_id)`;
  }
  const where =
    range.on === 'context'
      ? `a2a_tasks WHERE ${tenant} AND context_id = ${bind(range.contextId)}`
      : range.on === 'status'
        ? `runs WHERE ${tenant} AND status = ${bind(range.status)}`
        : range.on === 'workflow'
          ? `runs WHERE ${tenant} AND workflow_id = ${bind(range.workflowId)}`
          : `runs WHERE ${tenant}`;
  return `${keys} FROM ${where}${before} ORDER BY created_at DESC, run_id DESC LIMIT ${bind(n)}`;
}

/** A phase-1 row: a candidate's range, key, and whether it passes every filter. */
export interface KeyRow {
  rg: number;
  created_at: string;
  run_id: string;
  hit: number | string;
}

/**
 * The page among the candidates (in the database's newest-first order): the passing ones above the
 * cut, the oldest key every range that is not exhausted has reached, so no run is skipped between
 * pages; `next` continues after the last run taken, or after the cut when the page is short.
 */
export function pickPage(
  rows: readonly KeyRow[],
  examine: readonly number[],
  limit: number,
): { ids: string[]; next?: RunPosition } {
  const seen = examine.map(() => 0);
  const last = examine.map(() => -1);
  rows.forEach((row, i) => {
    seen[row.rg]! += 1;
    last[row.rg] = i;
  });
  // A range that returned all it may has more beyond its last key; one that returned fewer is done.
  const reached = examine.flatMap((n, rg) => (seen[rg]! >= n ? [last[rg]!] : []));
  const cut = reached.length > 0 ? Math.min(...reached) : rows.length - 1;
  const hits = rows.slice(0, cut + 1).filter((r) => Number(r.hit) === 1);
  const key = (r: KeyRow): RunPosition => ({ createdAt: r.created_at, runId: r.run_id });
  if (hits.length > limit) {
    return { ids: hits.slice(0, limit).map((r) => r.run_id), next: key(hits[limit - 1]!) };
  }
  const ids = hits.map((r) => r.run_id);
  return reached.length > 0 ? { ids, next: key(rows[cut]!) } : { ids };
}

/** How many of the tenant's runs match (undefined: none can). */
export function countSql(
  tenant: string,
  filter: RunFilter,
  bind: Bind,
  d: RunSqlDialect,
): string | undefined {
  const f = normalize(filter);
  if (!f) return undefined;
  if (f.contextId === undefined) {
    const where = [`r.tenant = ${bind(tenant)}`, ...terms(f, {}, bind, d)];
    return `SELECT COUNT(*) AS n FROM runs r WHERE ${where.join(' AND ')}`;
  }
  const rest = terms(f, {}, bind, d);
  const t = bind(tenant);
  const c = bind(f.contextId);
  const tasks =
    rest.length === 0
      ? `SELECT COUNT(*) FROM a2a_tasks a WHERE a.tenant = ${t} AND a.context_id = ${c}`
      : `SELECT COUNT(*) FROM a2a_tasks a JOIN runs r ON r.run_id = a.run_id
         WHERE a.tenant = ${t} AND a.context_id = ${c} AND ${rest.join(' AND ')}`;
  const own = [
    `r.run_id = ${c}`,
    `r.tenant = ${t}`,
    'NOT EXISTS (SELECT 1 FROM a2a_tasks x WHERE x.run_id = r.run_id)',
    ...rest,
  ];
  return `SELECT (${tasks}) + (SELECT COUNT(*) FROM runs r WHERE ${own.join(' AND ')}) AS n`;
}

/** Rows in the order of `ids`; an id whose run went meanwhile is left out. */
export function inPageOrder<T extends { runId: string }>(ids: readonly string[], runs: T[]): T[] {
  const byId = new Map(runs.map((r) => [r.runId, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
