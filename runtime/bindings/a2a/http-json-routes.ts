// Which A2A method an HTTP+JSON request names, and its params (A2A 1.0 HTTP+JSON binding): the verb
// and path of each operation row come from the served contract's table (`a2a.operations[].http`),
// so the binding restates none of them and a row a contract adds is routed too. A path may start with `/{tenant}`; a request message travels as
// the body of a POST and in the query of a GET; `{configId}` is one path segment, percent-decoded.
// `{id}` is a task id, raw `<tenant>/<opaque>` (DESIGN.md §5 "Ids"): one segment when the client
// encodes its `/` (`acme%2Fr-…`, `acme~2Fr-…`), or the two segments `acme/r-…` as the official
// Python client and the compatibility kit send it. A `%` still in a decoded `{id}` was encoded
// twice (`acme%252Fr-…`): it is kept as the projection's literal `~25`, so the task id parser
// never decodes it a second time and such an id names no task.
import type { A2aMethod, A2aOperationEntry } from '@wopgen/generated/a2a/operations';
import { parseWireId } from '../../ids.ts';

interface Template {
  method: A2aMethod;
  verb: string;
  /** One matcher per path segment: a literal, or a pattern capturing named parameters. */
  segments: RegExp[];
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `{id}:cancel` → /^(?<id>[^/]+):cancel$/ (a parameter never spans a `/`). */
function segmentMatcher(segment: string): RegExp {
  const parts = segment.split(/(\{[A-Za-z]+\})/).filter((p) => p !== '');
  const body = parts
    .map((p) => (p.startsWith('{') ? `(?<${p.slice(1, -1)}>[^/]+?)` : escape(p)))
    .join('');
  return new RegExp(`^${body}$`);
}

/** The route table of a contract's operation rows: one template per method with an HTTP binding. */
export type RouteTable = readonly Template[];

export function routeTable(operations: readonly A2aOperationEntry[]): RouteTable {
  const seen = new Set<string>();
  const out: Template[] = [];
  for (const row of operations) {
    if (!row.http || seen.has(row.method)) continue;
    seen.add(row.method);
    const segments = row.http.path
      .split('/')
      .filter((s) => s !== '')
      .map(segmentMatcher);
    out.push({ method: row.method, verb: row.http.verb, segments });
  }
  return out;
}

export type RouteMatch =
  | { kind: 'call'; method: A2aMethod; pathParams: Record<string, string>; tenant?: string }
  /** The path names an operation, but not on this verb. */
  | { kind: 'wrong-verb'; allowed: string[] }
  | { kind: 'none' };

function matchSegments(t: Template, segs: readonly string[]): Record<string, string> | undefined {
  if (segs.length !== t.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segs.length; i++) {
    const m = t.segments[i]!.exec(segs[i]!);
    if (!m) return undefined;
    for (const [k, v] of Object.entries(m.groups ?? {})) params[k] = v;
  }
  return params;
}

function decode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** Every parameter percent-decoded; undefined when one is not valid percent-encoding. */
function decodeAll(found: Record<string, string>): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(found)) {
    const d = decode(v);
    if (d === undefined) return undefined;
    out[k] = k === 'id' ? d.replace(/%/g, '~25') : d;
  }
  return out;
}

/** The segments of `segs` with a raw `<tenant>/<opaque>` task id after `tasks` joined into one. */
function joinedId(segs: readonly string[]): string[] | undefined {
  if (segs[0] !== 'tasks' || segs.length < 3) return undefined;
  return ['tasks', `${segs[1]}%2F${segs[2]}`, ...segs.slice(3)];
}

/** A path's readings: which segments are the operation's, and the `/{tenant}` prefix if any. */
function readings(raw: readonly string[]): { tenant?: string; segs: readonly string[] }[] {
  const out: { tenant?: string; segs: readonly string[] }[] = [{ segs: raw }];
  if (raw.length > 1) out.push({ tenant: raw[0]!, segs: raw.slice(1) });
  const joined = joinedId(raw);
  if (joined) out.push({ segs: joined });
  const prefixed = raw.length > 1 ? joinedId(raw.slice(1)) : undefined;
  if (prefixed) out.push({ tenant: raw[0]!, segs: prefixed });
  return out;
}

/**
 * The operation `verb` + `path` (relative to the interface URL, undecoded) names.
 *
 * A path is read four ways, in this order: as it stands; with its first segment as `/{tenant}`;
 * with a raw two-segment task id after `tasks`; both. The readings can overlap (`/tasks/x/y` is
 * task `x/y`, or task `y` under tenant `tasks`; `/tasks/x/pushNotificationConfigs` is a config
 * list, or task `x/pushNotificationConfigs`). A task id holds exactly one `/`, so the first reading
 * on this verb whose `{id}` decodes to a well-formed `<tenant>/<opaque>` wins; when none does, the
 * first reading on this verb is served, and its id is answered as an unknown task (TaskNotFound).
 */
export function matchRoute(table: RouteTable, verb: string, path: string): RouteMatch {
  const raw = path.split('/').filter((s) => s !== '');
  const allowed: string[] = [];
  let fallback: Extract<RouteMatch, { kind: 'call' }> | undefined;
  for (const { tenant, segs } of readings(raw)) {
    for (const t of table) {
      const found = matchSegments(t, segs);
      if (!found) continue;
      if (t.verb !== verb) {
        if (!allowed.includes(t.verb)) allowed.push(t.verb);
        continue;
      }
      const pathParams = decodeAll(tenant === undefined ? found : { ...found, tenant });
      if (!pathParams) continue;
      const { tenant: t2, ...params } = pathParams;
      const call = {
        kind: 'call' as const,
        method: t.method,
        pathParams: params,
        ...(t2 !== undefined ? { tenant: t2 } : {}),
      };
      if (params['id'] === undefined || parseWireId(params['id']) !== undefined) return call;
      fallback ??= call;
    }
  }
  if (fallback) return fallback;
  return allowed.length > 0 ? { kind: 'wrong-verb', allowed } : { kind: 'none' };
}

const INTEGER = /^-?\d+$/;
/** Query members read as integers and booleans (A2A ListTasks / GetTask request messages). */
// Both spellings of each: a query member is read as ProtoJSON, like a body (validators/requests).
const INTEGERS = new Set(['historyLength', 'history_length', 'pageSize', 'page_size']);
const BOOLEANS = new Set(['includeArtifacts', 'include_artifacts']);

/**
 * The query of a GET as request-message members: integers and booleans converted when they are
 * well formed (otherwise left as strings, so the params check refuses them as -32602's row).
 */
export function queryParams(query: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of query) {
    if (INTEGERS.has(k) && INTEGER.test(v)) out[k] = Number(v);
    else if (BOOLEANS.has(k) && (v === 'true' || v === 'false')) out[k] = v === 'true';
    else out[k] = v;
  }
  return out;
}

/** The params of the call: body or query, then the path's parameters under their message names. */
export function callParams(
  match: Extract<RouteMatch, { kind: 'call' }>,
  fromRequest: Record<string, unknown>,
): Record<string, unknown> {
  const params: Record<string, unknown> = { ...fromRequest };
  const pushConfig =
    match.method.endsWith('PushNotificationConfig') || match.method.endsWith('Configs');
  // A push config's path names its task `{id}` and itself `{configId}`, where its request message
  // says `taskId` and `id`; every other path parameter keeps its name (a row a contract adds).
  for (const [name, value] of Object.entries(match.pathParams)) {
    if (name === 'id') params[pushConfig ? 'taskId' : 'id'] = value;
    else if (name === 'configId') params['id'] = value;
    else params[name] = value;
  }
  if (match.tenant !== undefined) params['tenant'] = match.tenant;
  return params;
}
