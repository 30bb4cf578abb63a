// Reads the interop map's rows into IR entries: splits combined rows, parses http bindings,
// derives member names and the run statuses each A2A `when` case covers.
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { joinPointer } from '../load/pointer.ts';
import { jsonRpcErrors } from './builtins.ts';
import type { A2aError, A2aOperation, HttpBinding, McpMethod, ReverseRow, StateRow } from './ir.ts';
import { errorReason, lowerCamel, pascal, words } from './naming.ts';

interface RawOperation {
  upstream: string;
  http?: string;
  when?: string;
  v2Operation: string | null;
  requires: string[];
}

export interface MapContext {
  file: string;
  sink: DiagnosticSink;
  runStatuses: string[];
  streamingOperations: Set<string>;
}

const TERMINAL_STORED = new Set(['completed', 'failed', 'canceled', 'rejected']);
const SUSPENDED_STORED = new Set(['input-required', 'auth-required']);

export function readTaskState(rows: unknown[], ctx: MapContext, base: string): StateRow[] {
  return (rows as Omit<StateRow, 'origin'>[]).map((r, i) => ({
    runStatus: r.runStatus,
    stored: r.stored,
    wire: r.wire,
    ...(r.interruptKind ? { interruptKind: r.interruptKind } : {}),
    origin: { file: ctx.file, pointer: joinPointer(base, i) },
  }));
}

export function readReverse(rows: unknown[], ctx: MapContext, base: string): ReverseRow[] {
  return (rows as Omit<ReverseRow, 'origin'>[]).map((r, i) => ({
    wire: r.wire,
    runStatus: r.runStatus,
    origin: { file: ctx.file, pointer: joinPointer(base, i) },
  }));
}

/** Terminal statuses: those whose default forward projection is a terminal A2A state. */
export function terminalStatuses(taskState: StateRow[]): string[] {
  return taskState
    .filter((r) => !r.interruptKind && TERMINAL_STORED.has(r.stored))
    .map((r) => r.runStatus);
}

export function readA2aOperations(
  rows: RawOperation[],
  taskState: StateRow[],
  ctx: MapContext,
  base: string,
): A2aOperation[] {
  const defaults = taskState.filter((r) => !r.interruptKind);
  const terminal = new Set(terminalStatuses(taskState));
  const suspended = new Set(
    defaults.filter((r) => SUSPENDED_STORED.has(r.stored)).map((r) => r.runStatus),
  );
  const count = new Map<string, number>();
  for (const row of rows)
    for (const name of splitNames(row.upstream)) count.set(name, (count.get(name) ?? 0) + 1);

  const out: A2aOperation[] = [];
  rows.forEach((row, i) => {
    const pointer = joinPointer(base, i);
    const names = splitNames(row.upstream);
    const http = parseHttp(row.http, names, ctx, pointer);
    const when = row.when ?? '';
    names.forEach((method, j) => {
      const member =
        (count.get(method) ?? 0) > 1
          ? lowerCamel(method) + 'When' + whenSlug(when)
          : lowerCamel(method);
      out.push({
        member,
        method,
        http: http ? (http[j] ?? null) : null,
        when,
        caseStatuses: caseStatuses(when, ctx.runStatuses, terminal, suspended),
        v2Operation: row.v2Operation,
        requires: [...row.requires],
        streaming: row.v2Operation !== null && ctx.streamingOperations.has(row.v2Operation),
        origin: { file: ctx.file, pointer },
      });
    });
  });
  reportCollisions(out, ctx, (o) => o.member);
  return out;
}

export function readA2aErrors(rows: unknown[], ctx: MapContext, base: string): A2aError[] {
  return (
    rows as {
      upstream: string;
      jsonrpc: number;
      grpc: string;
      http: number;
      clientProjection: string;
    }[]
  ).map((r, i) => {
    // A parenthesised row names a generic JSON-RPC error; it takes that error's name and reason.
    const builtin = r.upstream.startsWith('(')
      ? jsonRpcErrors.find((e) => e.code === r.jsonrpc)
      : undefined;
    const name =
      builtin?.name ?? (r.upstream.startsWith('(') ? pascal(r.upstream) + 'Error' : r.upstream);
    return {
      name,
      key: name,
      jsonrpc: r.jsonrpc,
      http: r.http,
      grpc: r.grpc,
      reason: builtin?.reason ?? errorReason(name),
      clientProjection: r.clientProjection,
      origin: { file: ctx.file, pointer: joinPointer(base, i) },
    };
  });
}

export function readMcpMethods(
  rows: RawOperation[],
  extension: string | null,
  ctx: MapContext,
  base: string,
): McpMethod[] {
  const out: McpMethod[] = [];
  rows.forEach((row, i) => {
    for (const token of row.upstream.split('|')) {
      const [method = '', ...params] = token.trim().split(/\s+/);
      // Non-method items of a row (a header such as Mcp-Session-Id) are rules, not dispatch entries.
      if (!/^[a-z][A-Za-z]*(\/[a-z][A-Za-z]*)*$/.test(method)) continue;
      // `method param…` names parameters of an otherwise core method: only they need the extension.
      const gatesParams = params.length > 0 && extension !== null;
      out.push({
        member: lowerCamel(method),
        method,
        v2Operation: row.v2Operation,
        requires: [...row.requires],
        extension: gatesParams ? null : extension,
        extensionParams: gatesParams ? params : [],
        origin: { file: ctx.file, pointer: joinPointer(base, i) },
      });
    }
  });
  return out;
}

export function reportCollisions<T extends { origin: { file: string; pointer: string } }>(
  items: T[],
  ctx: MapContext,
  key: (t: T) => string,
): void {
  const seen = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    const prior = seen.get(k);
    if (prior && prior.origin.pointer !== item.origin.pointer) {
      ctx.sink.report(
        'name-collision',
        item.origin.file,
        item.origin.pointer,
        `"${k}" is also derived by the row at ${prior.origin.pointer}`,
      );
    }
    seen.set(k, item);
  }
}

function splitNames(upstream: string): string[] {
  return upstream
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
}

const VERBS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `POST /message:send`, or `GET | GET | DELETE /tasks/{id}/x[/{configId}]` for a combined row:
 * one verb per name, and the bracketed optional segment kept for all but the List operation.
 */
function parseHttp(
  http: string | undefined,
  names: string[],
  ctx: MapContext,
  pointer: string,
): HttpBinding[] | null {
  if (http === undefined || http === '') return null;
  const m = /^([A-Z]+(?:\s*\|\s*[A-Z]+)*)\s+(\/\S*)$/.exec(http.trim());
  const verbs = m ? m[1]!.split('|').map((v) => v.trim()) : [];
  if (
    !m ||
    verbs.some((v) => !VERBS.has(v)) ||
    (verbs.length !== 1 && verbs.length !== names.length)
  ) {
    ctx.sink.report(
      'unparsable-http',
      ctx.file,
      joinPointer(pointer, 'http'),
      `cannot read http binding "${http}" for ${names.join(', ')}`,
    );
    return null;
  }
  const path = m[2]!;
  return names.map((name, j) => ({
    verb: (verbs.length === 1 ? verbs[0] : verbs[j]) as HttpBinding['verb'],
    path: name.startsWith('List')
      ? path.replace(/\[[^\]]*\]/g, '')
      : path.replace(/\[([^\]]*)\]/g, '$1'),
  }));
}

const FILLER = new Set(['run', 'and', 'as']);

function whenSlug(when: string): string {
  return words(when)
    .filter((w) => !FILLER.has(w.toLowerCase()))
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** The run statuses a `when` case selects, or null when the case is about a message with no task. */
function caseStatuses(
  when: string,
  statuses: string[],
  terminal: Set<string>,
  suspended: Set<string>,
): string[] | null {
  if (when.trim() === '' || /\bno taskId\b/.test(when) || /^as\s/.test(when)) return null;
  const named = statuses.filter((s) => new RegExp(`(^|[^a-z-])${s}($|[^a-z-])`).test(when));
  if (named.length > 0 && !/\bnot\b/.test(when)) return named;
  if (/not suspended and not terminal/.test(when))
    return statuses.filter((s) => !terminal.has(s) && !suspended.has(s));
  if (/\bterminal\b/.test(when)) return statuses.filter((s) => terminal.has(s));
  return null;
}
