// The A2A 1.0 HTTP+JSON binding, mounted at /a2a/rest: framing only, over the same transport-neutral
// pipeline (pipeline.ts) and handler set as JSON-RPC. Each operation row is served on its verb and
// path (http-json-routes.ts, from the generated table), optionally under `/{tenant}`.
//
// Answers: a unary result is the bare result JSON; a stream is `text/event-stream` of bare
// StreamResponse objects, a failure after the first event an `event: error` frame carrying
// `{error: google.rpc.Status}`. Every refusal on this URL, before dispatch included, is a
// `google.rpc.Status` `{error: {code, status, message, details: [ErrorInfo]}}` at the row's
// registered HTTP status (interop.md §A2A error details); never the OpenWOP envelope. A request
// without a valid credential is 401 UNAUTHENTICATED with `WWW-Authenticate`, whatever its path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { A2aHandlers } from '@wopgen/generated/a2a/operations';
import type { Mount } from '../../context.ts';
import { readJsonBody } from '../../http/body.ts';
import { httpExchange } from '../exchange.ts';
import { sseLimitsOf } from '../../http/limits.ts';
import { sendJson } from '../../http/respond.ts';
import { holdSlot } from '../../http/stream-slots.ts';
import type { SseLimits } from '../../http/sse.ts';
import { HTTP_JSON_PATH } from './card.ts';
import { A2aError, unauthenticatedStatus, type A2aErrors } from './errors.ts';
import { callParams, matchRoute, queryParams, routeTable } from './http-json-routes.ts';
import { createA2aPipeline, type A2aPipeline } from './pipeline.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import { streamAnswer } from './stream-answer.ts';
import type { TaskView } from './task-projection.ts';
import type { Io } from './wire.ts';

// Errors go out as sendJson's `application/json`, as successes do (A2A §11.1 and the §11.6
// error example; `application/a2a+json` is for push bodies, interop.md §"A2A push delivery").

function refuse(
  res: ServerResponse,
  errors: A2aErrors,
  error: A2aError,
  headers: Record<string, string> = {},
) {
  const { httpStatus, body } = error.toHttpJson(errors);
  sendJson(res, httpStatus, body, { ...error.headers(), ...headers });
}

function unauthenticated(res: ServerResponse, errors: A2aErrors) {
  sendJson(res, 401, unauthenticatedStatus(errors), { 'www-authenticate': 'Bearer' });
}

export function httpJsonMount(
  deps: A2aDeps,
  handlers: A2aHandlers<A2aRequestContext, Io, TaskView>,
): Mount {
  const pipeline = createA2aPipeline(deps, handlers);
  const { ctx } = deps;
  const errors: A2aErrors = ctx.contract.a2a.errors;
  const routes = routeTable(ctx.contract.a2a.operations);

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const verb = req.method ?? 'GET';
    const match = matchRoute(routes, verb, url.pathname.slice(HTTP_JSON_PATH.length));
    // Credentials are checked before a body is read (an unauthenticated caller
    // cannot make the host read a large body) and before saying which
    // operations exist: without one, every path is 401.
    const subject = await ctx.authenticate(req);
    if (!subject) {
      req.resume();
      return unauthenticated(res, errors);
    }
    if (match.kind !== 'call') {
      req.resume();
      if (match.kind === 'wrong-verb') {
        const error = new A2aError('MethodNotFoundError', `${verb} is not served on this path`);
        return refuse(res, errors, error, { allow: match.allowed.join(', ') });
      }
      const unknown = new A2aError('MethodNotFoundError', `no operation at ${url.pathname}`);
      return refuse(res, errors, unknown);
    }
    let fromRequest: Record<string, unknown>;
    if (verb === 'GET' || verb === 'DELETE') {
      req.resume();
      fromRequest = queryParams(url.searchParams);
    } else {
      const body = await readBody(req, res, ctx.config.bodyLimit, errors);
      if (!body) return;
      fromRequest = body;
    }
    if (pipeline.streams(match.method)) {
      // Open streams are capped per tenant and per host (http/stream-slots.ts).
      const refusal = holdSlot(ctx.streams, subject.tenant, res);
      if (refusal) {
        const { body } = new A2aError('InternalError', refusal.message).toHttpJson(errors);
        return sendJson(res, 429, body, { 'retry-after': '1' });
      }
    }
    const params = callParams(match, fromRequest);
    const outcome = await pipeline.run(httpExchange(ctx, req, res), match.method, params);
    await answer(res, pipeline, errors, outcome, sseLimitsOf(ctx.limits));
  }

  return { prefix: HTTP_JSON_PATH, handle };
}

/** A POST body: empty is `{}` (`:cancel`, `:subscribe`); not a JSON object is a refusal. */
async function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  errors: A2aErrors,
): Promise<Record<string, unknown> | undefined> {
  const length = req.headers['content-length'];
  if (length === '0' || (length === undefined && req.headers['transfer-encoding'] === undefined)) {
    req.resume();
    return {};
  }
  const body = await readJsonBody(req, limit);
  if (!body.ok) {
    if (body.problem === 'too-large' || body.problem === 'media-type') {
      // google.rpc.Status at HTTP 413 (as every binding answers an oversize body) or 415; its
      // `code` follows the HTTP status as every answer here.
      const http = body.problem === 'too-large' ? 413 : 415;
      const { body: status } = new A2aError('InvalidRequestError', body.message).toHttpJson(errors);
      const error = { ...status.error, code: http };
      const close: Record<string, string> = http === 413 ? { connection: 'close' } : {};
      return void sendJson(res, http, { error }, close);
    }
    return void refuse(res, errors, new A2aError('ParseError', body.message));
  }
  const v = body.value;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    const error = new A2aError('InvalidRequestError', 'the body must be a JSON object');
    return void refuse(res, errors, error);
  }
  return v as Record<string, unknown>;
}

async function answer(
  res: ServerResponse,
  pipeline: A2aPipeline,
  errors: A2aErrors,
  outcome: Awaited<ReturnType<A2aPipeline['run']>>,
  limits: SseLimits,
): Promise<void> {
  if (outcome.kind === 'unauthenticated') return unauthenticated(res, errors);
  if (outcome.kind === 'refused') return refuse(res, errors, outcome.error);
  const { answer, finish } = outcome;
  if (!answer.streaming) {
    await finish();
    // DeleteTaskPushNotificationConfig answers nothing.
    if (answer.result === undefined || answer.result === null) return void res.writeHead(204).end();
    return sendJson(res, 200, answer.result);
  }
  await streamAnswer(
    res,
    answer.events,
    finish,
    pipeline.toA2aError,
    {
      event: (sse, value) => sse.send(value),
      error: (sse, error) => sse.send(error.toHttpJson(errors).body, { event: 'error' }),
      refuse: (error) => refuse(res, errors, error),
    },
    limits,
  );
}
