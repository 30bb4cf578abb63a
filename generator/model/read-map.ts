// Reads the interop map's rows into IR entries: splits combined rows, parses http bindings,
// reads each A2A `when` phrase (when.ts) into the case it selects and its member name.
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { joinPointer } from '../load/pointer.ts';
import { jsonRpcErrors } from './builtins.ts';
import type {
  A2aError,
  A2aOperation,
  HttpBinding,
  McpMethod,
  McpRefusedMethod,
  ReverseRow,
  StateRow,
} from './ir.ts';
import { errorReason, lowerCamel, pascal } from './naming.ts';
import { caseName, readWhen, type StatusClass, type WhenSelector } from './when.ts';

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
  const classes = statusClasses(taskState, ctx.runStatuses);
  const out: A2aOperation[] = [];
  rows.forEach((row, i) => {
    const pointer = joinPointer(base, i);
    const names = splitNames(row.upstream);
    const http = parseHttp(row.http, names, ctx, pointer);
    const when = row.when ?? '';
    const reading = readWhen(when, ctx.runStatuses, classes);
    if (!reading.ok)
      ctx.sink.report(
        'when-unknown',
        ctx.file,
        joinPointer(pointer, 'when'),
        reading.problem,
        // No run status is known when the RunSnapshot enum is missing: that is the problem.
        ctx.runStatuses.length === 0 ? ctx.sink.firstError('status-enum-missing') : undefined,
      );
    names.forEach((method, j) => {
      const entry = {
        method,
        http: http ? (http[j] ?? null) : null,
        when,
        v2Operation: row.v2Operation,
        requires: [...row.requires],
        streaming: row.v2Operation !== null && ctx.streamingOperations.has(row.v2Operation),
        origin: { file: ctx.file, pointer },
      };
      if (!reading.ok) return;
      const selector = reading.selector;
      if (selector.kind !== 'sameAs') {
        out.push(withCase(entry, selector, classes));
        return;
      }
      // `as X`: this method serves X's cases, each under its own member.
      const served = out.filter((o) => o.method === selector.method);
      if (served.length === 0)
        ctx.sink.report(
          'when-unknown',
          ctx.file,
          joinPointer(pointer, 'when'),
          `"${when}" names ${selector.method}, which no earlier row serves`,
        );
      for (const s of served) out.push(withCase(entry, s.selector, classes));
    });
  });
  claimExplicitStatuses(out);
  reportCollisions(out, ctx, (o) => o.member);
  return out;
}

type CaseFree = Omit<A2aOperation, 'member' | 'caseId' | 'selector' | 'caseStatuses'>;

function withCase(
  entry: CaseFree,
  selector: WhenSelector,
  classes: Record<StatusClass, readonly string[]>,
): A2aOperation {
  const base = lowerCamel(entry.method);
  const name = caseName(selector, classes);
  return {
    ...entry,
    member: name === null ? base : base + name[0]!.toUpperCase() + name.slice(1),
    caseId: name === null ? base : `${base}.${name}`,
    selector,
    caseStatuses: selector.kind === 'task' ? [...selector.statuses] : null,
  };
}

/** A case naming statuses outright is more specific than a class phrase: the class keeps the rest. */
function claimExplicitStatuses(ops: A2aOperation[]): void {
  for (const op of ops) {
    if (op.selector.kind !== 'task' || op.selector.class === null) continue;
    const claimed = new Set(
      ops
        .filter(
          (o) => o.method === op.method && o.selector.kind === 'task' && o.selector.class === null,
        )
        .flatMap((o) => o.caseStatuses ?? []),
    );
    op.caseStatuses = op.selector.statuses.filter((s) => !claimed.has(s));
  }
}

/** Run statuses per class, by their default forward projection's stored state. */
function statusClasses(
  taskState: StateRow[],
  statuses: readonly string[],
): Record<StatusClass, readonly string[]> {
  const stored = new Map(
    taskState.filter((r) => !r.interruptKind).map((r) => [r.runStatus, r.stored]),
  );
  const terminal = statuses.filter((s) => TERMINAL_STORED.has(stored.get(s) ?? ''));
  const suspended = statuses.filter((s) => SUSPENDED_STORED.has(stored.get(s) ?? ''));
  return {
    suspended,
    terminal,
    active: statuses.filter((s) => !terminal.includes(s) && !suspended.includes(s)),
  };
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

/**
 * The dispatchable methods of MCP rows, and the methods that rows name as rules: every method of a
 * row that also names a header (`initialize | Mcp-Session-Id`: the initialize-era lifecycle the
 * revision dropped) and every `notifications/…` item (sent, never served). Both answer -32601.
 */
export function readMcpMethods(
  rows: RawOperation[],
  extension: string | null,
  ctx: MapContext & { revision: string },
  base: string,
): { methods: McpMethod[]; refused: McpRefusedMethod[] } {
  const methods: McpMethod[] = [];
  const refused: McpRefusedMethod[] = [];
  rows.forEach((row, i) => {
    const origin = { file: ctx.file, pointer: joinPointer(base, i) };
    const items = row.upstream.split('|').map((t) => t.trim().split(/\s+/));
    const isMethod = (name: string) => /^[a-z][A-Za-z]*(\/[a-z][A-Za-z]*)*$/.test(name);
    const namesHeader = items.some(([name = '']) => !isMethod(name));
    for (const [method = '', ...params] of items) {
      if (!isMethod(method)) continue;
      if (namesHeader || method.startsWith('notifications/')) {
        const message = namesHeader
          ? `${method} is not a method of MCP ${ctx.revision}`
          : `${method} is a notification the server sends, not a request`;
        refused.push({ method, message, origin });
        continue;
      }
      // `method param…` names parameters of an otherwise core method: only they need the extension.
      const gatesParams = params.length > 0 && extension !== null;
      methods.push({
        member: lowerCamel(method),
        method,
        v2Operation: row.v2Operation,
        requires: [...row.requires],
        extension: gatesParams ? null : extension,
        extensionParams: gatesParams ? params : [],
        origin,
      });
    }
  });
  return { methods, refused };
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
