// The REST binding's one generic router (interop.md §"REST is the wire"): each operation of the
// served contract's route table (`contract.rest.operations`) is a route. A request is read by its
// row — the OpenWOP-Version header, the credential (unless `security: []`), path, query and header
// parameters with their JSON types, the body under the host's limits — then its handler member
// (built-in or supplied by the host implementer) is called with the request as the contract's
// generated validator checked it (a refusal names the field) and its answer written: a JSON body at
// its status, or an event stream. Every answer carries OpenWOP-Version; every refusal is the
// OpenWOP envelope at the status the contract's error catalogue registers. The router knows no
// operation by name.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  RestEvent,
  RestOperationEntry,
  RestParameterEntry,
} from '@wopgen/generated/rest/operations';
import type { OpenWopErrorCode } from '@wopgen/generated/errors/catalogue';
import type { RequestCheck } from '@wopgen/generated/validators/request-check';
import type { HostContext } from '../../context.ts';
import { readJsonBody } from '../../http/body.ts';
import { disconnectSignal } from '../../http/disconnect.ts';
import { sseLimitsOf } from '../../http/limits.ts';
import { sendJson, sendOpenWopError, startSse } from '../../http/respond.ts';
import type { Route } from '../../http/router.ts';
import { holdSlot } from '../../http/stream-slots.ts';
import { retryAfterHeaders } from '../../http/unavailable.ts';
import { isCoreError } from '../../ports/errors.ts';
import { unprojectId } from '../../ids.ts';
import type { SuppliedMember } from '../../contract/supplied.ts';
import type { RestCallContext } from './call-context.ts';
import { restPreamble, versionHeaders } from './guard.ts';

/** A request as a handler member gets it (the generated `RestRequest`, untyped here). */
export interface RestRequestValue {
  path: Record<string, string>;
  query: Record<string, string | number | boolean>;
  header: Record<string, string>;
  body: unknown;
}

/** An answer as a handler member gives it (the generated `RestAnswer`, untyped here). */
export type RestAnswerValue =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { status: number; events: AsyncIterable<RestEvent>; headers?: Record<string, string> };

/** A second path an operation is also served on (a spelling clients use that the table lacks). */
export interface RestAlias {
  operationId: string;
  method: string;
  path: string;
}

/** A refusal the router makes while reading a request. */
class Refusal extends Error {
  constructor(
    readonly code: OpenWopErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A parameter's text as its JSON type; a refusal naming it when the text is not of that type. */
function typed(p: RestParameterEntry, text: string): string | number | boolean {
  if (p.type === 'integer') {
    if (!INTEGER.test(text)) throw new Refusal('validation_error', `${p.name} must be an integer`);
    return Number(text);
  }
  if (p.type === 'number') {
    if (!NUMBER.test(text)) throw new Refusal('validation_error', `${p.name} must be a number`);
    return Number(text);
  }
  if (p.type === 'boolean') {
    if (text !== 'true' && text !== 'false')
      throw new Refusal('validation_error', `${p.name} must be true or false`);
    return text === 'true';
  }
  return text;
}

function decoded(name: string, segment: string): string {
  let text: string | undefined;
  try {
    text = unprojectId(decodeURIComponent(segment));
  } catch {
    text = undefined;
  }
  if (text === undefined)
    throw new Refusal('validation_error', `${name} is not a well-formed path segment`, {
      field: `path.${name}`,
    });
  return text;
}

function headerText(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

/**
 * The parameters of `op` off the request. A path parameter is an OpenWOP projected segment
 * (DESIGN.md §5 Ids: `acme~2Fr-…`, or `acme%2Fr-…`): percent-decoded, then `~XX`-decoded, so a
 * handler and the validator see the id itself (`acme/r-…`).
 */
function parameters(
  op: RestOperationEntry,
  req: IncomingMessage,
  pathParams: Record<string, string>,
  url: URL,
): Omit<RestRequestValue, 'body'> {
  const out: Omit<RestRequestValue, 'body'> = { path: {}, query: {}, header: {} };
  for (const p of op.parameters) {
    if (p.in === 'path') {
      out.path[p.name] = decoded(p.name, pathParams[p.name] ?? '');
      continue;
    }
    const text =
      p.in === 'query' ? (url.searchParams.get(p.name) ?? undefined) : headerText(req, p.name);
    if (text === undefined || text === '') {
      if (p.required)
        throw new Refusal('validation_error', `the ${p.in} parameter ${p.name} is required`);
      continue;
    }
    if (p.in === 'query') out.query[p.name] = typed(p, text);
    else out.header[p.name] = text;
  }
  return out;
}

/** The envelope code of a body that could not be read (errors.json: 413, 415, else 400). */
function bodyErrorCode(problem: 'too-large' | 'malformed' | 'empty' | 'media-type') {
  if (problem === 'too-large') return 'payload_too_large';
  return problem === 'media-type' ? 'unsupported_media_type' : 'validation_error';
}

async function body(op: RestOperationEntry, req: IncomingMessage, limit: number): Promise<unknown> {
  if (!op.body) {
    req.resume();
    return undefined;
  }
  const read = await readJsonBody(req, limit);
  if (read.ok) return read.value;
  if (read.problem === 'empty' && !op.body.required) return undefined;
  if (read.problem === 'empty') throw new Refusal('validation_error', 'a JSON body is required');
  throw new Refusal(bodyErrorCode(read.problem), read.message);
}

/**
 * The routes of the served contract's operations. `members` are typed where they are written (the
 * generated `RestHandlers`, host/contract-handlers.ts); here they are called by operationId with a
 * request read by the same table their types come from.
 */
export function restRoutes(
  ctx: HostContext,
  members: Readonly<Record<string, SuppliedMember>>,
  aliases: readonly RestAlias[] = [],
): Route[] {
  const h = () => versionHeaders(ctx);
  const requests = ctx.contract.rest.requests as Readonly<
    Record<string, (value: unknown) => ReturnType<RequestCheck<unknown>>>
  >;
  /** The contract's check of an operation's request (verified at start-up: every one has one). */
  const check = (operationId: string, value: RestRequestValue) =>
    Object.hasOwn(requests, operationId)
      ? requests[operationId]!(value)
      : ({ ok: true, value } as const);
  const refuse = (res: ServerResponse, code: OpenWopErrorCode, message: string, details?: object) =>
    sendOpenWopError(ctx.contract.errors, res, code, message, details as never, {
      ...h(),
      // An unavailable store (runner_unavailable, 503) says when to try again.
      ...(code === 'runner_unavailable' && retryAfterHeaders()),
    });
  const sseLimits = sseLimitsOf(ctx.limits);

  const route = (op: RestOperationEntry, member: SuppliedMember): Route['handler'] => {
    return async (req, res, pathParams, url) => {
      let subject;
      if (op.anonymous) {
        // No credential is asked for; the OpenWOP-Version rule still holds.
        subject = undefined;
      } else {
        subject = await restPreamble(ctx, req, res);
        if (!subject) return void req.resume();
      }
      let answer: RestAnswerValue;
      try {
        const read: RestRequestValue = {
          ...parameters(op, req, pathParams, url),
          body: await body(op, req, ctx.config.bodyLimit),
        };
        const checked = check(op.operationId, read);
        if (!checked.ok) {
          const { field, message } = checked.refusal;
          // A path that names no resource the operation could have is a 404, as any unknown id.
          if (field.startsWith('path.'))
            throw new Refusal('not_found', `nothing at ${url.pathname}: ${message}`, { field });
          throw new Refusal('validation_error', message, { field });
        }
        const request = checked.value as RestRequestValue;
        const signal = disconnectSignal(res);
        const context = {
          subject: subject!,
          headers: req.headers,
          get signal() {
            return signal();
          },
        };
        const call: RestCallContext = context;
        answer = (await member(request, call)) as RestAnswerValue;
      } catch (err) {
        if (err instanceof Refusal) return refuse(res, err.code, err.message, err.details);
        if (isCoreError(err)) return refuse(res, err.code, err.message, err.details);
        ctx.log.error({ err, operationId: op.operationId }, 'REST handler failure');
        return refuse(res, 'internal_error', 'internal error');
      }
      if ('events' in answer) return stream(res, subject?.tenant, answer);
      const headers = { ...h(), ...answer.headers };
      if (answer.body === undefined) return void res.writeHead(answer.status, headers).end();
      sendJson(res, answer.status, answer.body, headers);
    };
  };

  /** An event stream: one open-stream slot per stream (429 `rate_limited` without one). */
  async function stream(
    res: ServerResponse,
    tenant: string | undefined,
    answer: Extract<RestAnswerValue, { events: unknown }>,
  ): Promise<void> {
    const it = answer.events[Symbol.asyncIterator]();
    const refusal = holdSlot(ctx.streams, tenant ?? '', res);
    if (refusal) {
      await it.return?.();
      return refuse(res, 'rate_limited', refusal.message, { limit: refusal.refused });
    }
    const sse = startSse(res, sseLimits, { ...h(), ...answer.headers });
    try {
      for (;;) {
        const next = await it.next();
        if (next.done) break;
        const e = next.value;
        const frame = {
          ...(e.id !== undefined && { id: e.id }),
          ...(e.event && { event: e.event }),
        };
        if (!(await sse.send(e.data, frame))) break;
      }
    } catch (err) {
      ctx.log.error({ err }, 'REST event stream failed');
    } finally {
      await it.return?.();
      sse.end();
    }
  }

  const routes: Route[] = [];
  const byId = new Map(ctx.contract.rest.operations.map((op) => [op.operationId as string, op]));
  for (const op of ctx.contract.rest.operations) {
    const member = members[op.operationId];
    // Verified at start-up (contract/verify.ts): every operation has a member.
    if (!member) continue;
    routes.push({ method: op.method, path: op.path, handler: route(op, member) });
  }
  for (const a of aliases) {
    const op = byId.get(a.operationId);
    const member = members[a.operationId];
    if (op && member && op.method === a.method)
      routes.push({ method: a.method, path: a.path, handler: route(op, member) });
  }
  return routes;
}
