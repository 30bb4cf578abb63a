// Which A2A method an HTTP+JSON request names, and its params (A2A 1.0 HTTP+JSON binding): the verb
// and path of each operation row come from the served contract's table (`a2a.operations[].http`),
// so the binding restates none of them and a row a contract adds is routed too. A path may start
// with `/{tenant}`; a request message travels as the body of a POST and in the query of a GET;
// `{id}` and `{configId}` are one path segment each, percent-decoded (a task id `acme/r-…` arrives
// as `acme%2Fr-…`). A `%` still in a decoded `{id}` was encoded twice (`acme%252Fr-…`): it is kept
// as the projection's literal `~25`, so the task id parser never decodes it a second time and such
// an id names no task.
import type { A2aMethod, A2aOperationEntry } from '@wopgen/generated/a2a/operations';

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

/** The operation `verb` + `path` (relative to the interface URL, undecoded) names. */
export function matchRoute(table: RouteTable, verb: string, path: string): RouteMatch {
  const raw = path.split('/').filter((s) => s !== '');
  const allowed: string[] = [];
  // Without a tenant first, then with the first segment as the tenant.
  for (const [tenant, segs] of [
    [undefined, raw],
    [raw[0], raw.slice(1)],
  ] as const) {
    for (const t of table) {
      const found = matchSegments(t, segs);
      if (!found) continue;
      if (t.verb !== verb) {
        allowed.push(t.verb);
        continue;
      }
      const pathParams: Record<string, string> = {};
      for (const [k, v] of Object.entries(found)) {
        const d = decode(v);
        if (d === undefined) return { kind: 'none' };
        pathParams[k] = k === 'id' ? d.replace(/%/g, '~25') : d;
      }
      const t2 = tenant === undefined ? undefined : decode(tenant);
      return {
        kind: 'call',
        method: t.method,
        pathParams,
        ...(t2 !== undefined ? { tenant: t2 } : {}),
      };
    }
  }
  return allowed.length > 0 ? { kind: 'wrong-verb', allowed } : { kind: 'none' };
}

const INTEGER = /^-?\d+$/;
/** Query members read as integers and booleans (A2A ListTasks / GetTask request messages). */
const INTEGERS = new Set(['historyLength', 'pageSize']);
const BOOLEANS = new Set(['includeArtifacts']);

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
