// The A2A 1.0 JSON-RPC binding, mounted at /a2a/jsonrpc: framing only, over the transport-neutral
// pipeline (pipeline.ts). Every answer on this URL, refusals before dispatch included, is a JSON-RPC
// response whose `error.data` is an array holding one ErrorInfo (interop.md §"A2A error details");
// never the OpenWOP envelope.
//
// Framing: POST only → body (size limit) → JSON parse (-32700) → envelope (-32600) → method in the
// generated table (-32601) → the pipeline. HTTP status: 200 for every JSON-RPC error except a
// malformed body (400), an oversize body (413), a failed authentication (401) and a method other
// than POST (405). The request `id` is echoed exactly; streaming methods answer `text/event-stream`
// with one full JSON-RPC response per `data:` line.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JsonRpcErrorObject } from '@wopgen/generated/a2a/errors';
import type { A2aHandlers, A2aMethod } from '@wopgen/generated/a2a/operations';
import type { Mount } from '../../context.ts';
import { readJsonBody } from '../../http/body.ts';
import { httpExchange } from '../exchange.ts';
import { sendJson } from '../../http/respond.ts';
import { sseLimitsOf } from '../../http/limits.ts';
import { holdSlot } from '../../http/stream-slots.ts';
import { JSONRPC_PATH } from './card.ts';
import { unauthenticatedError, type A2aErrors } from './errors.ts';
import { createA2aPipeline, type A2aPipeline } from './pipeline.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import { streamAnswer } from './stream-answer.ts';
import type { TaskView } from './task-projection.ts';
import type { Io } from './wire.ts';

type RpcId = string | number | null;

interface RpcCall {
  id: RpcId;
  method: A2aMethod;
  params: unknown;
}

function reply(
  res: ServerResponse,
  status: number,
  id: RpcId,
  error: JsonRpcErrorObject,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { jsonrpc: '2.0', id, error }, headers);
}

/** A JSON-RPC id we can echo: string, number or null. */
function isRpcId(v: unknown): v is RpcId {
  return v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
}

export function jsonRpcMount(
  deps: A2aDeps,
  handlers: A2aHandlers<A2aRequestContext, Io, TaskView>,
): Mount {
  const pipeline = createA2aPipeline(deps, handlers);
  const { ctx } = deps;
  const errors: A2aErrors = ctx.contract.a2a.errors;
  const jsonRpcError = errors.jsonRpc;

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // The credential is checked before the body is read: an unauthenticated
    // caller may make the host read only a small body (to echo its id in the 401), never 1 MiB.
    const subject = await ctx.authenticate(req);
    const bodyLimit = subject ? ctx.config.bodyLimit : ctx.limits.unauthenticatedBodyLimit;
    const call = await readCall(req, res, url, bodyLimit, subject !== undefined, pipeline, errors);
    if (!call) return;
    if (subject && pipeline.streams(call.method)) {
      const refusal = holdSlot(ctx.streams, subject.tenant, res);
      if (refusal) {
        const error = jsonRpcError('InternalError', refusal.message);
        return reply(res, 429, call.id, error, { 'retry-after': '1' });
      }
    }
    const outcome = await pipeline.run(httpExchange(ctx, req, res), call.method, call.params);
    if (outcome.kind === 'unauthenticated') {
      return reply(res, 401, call.id, unauthenticatedError(errors), {
        'www-authenticate': 'Bearer',
      });
    }
    if (outcome.kind === 'refused') {
      const { error } = outcome;
      return reply(res, error.rpcHttpStatus, call.id, error.toJsonRpc(errors), error.headers());
    }
    const { answer, finish } = outcome;
    if (!answer.streaming) {
      await finish();
      return sendJson(res, 200, { jsonrpc: '2.0', id: call.id, result: answer.result });
    }
    await streamAnswer(
      res,
      answer.events,
      finish,
      pipeline.toA2aError,
      {
        event: (sse, result) => sse.send({ jsonrpc: '2.0', id: call.id, result }),
        error: (sse, error) =>
          sse.send({ jsonrpc: '2.0', id: call.id, error: error.toJsonRpc(errors) }),
        refuse: (error) =>
          reply(res, error.rpcHttpStatus, call.id, error.toJsonRpc(errors), error.headers()),
      },
      sseLimitsOf(ctx.limits),
    );
  }

  return { prefix: JSONRPC_PATH, handle };
}

/** The JSON-RPC request of an exchange, or undefined once its refusal has been answered. */
async function readCall(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bodyLimit: number,
  authenticated: boolean,
  pipeline: A2aPipeline,
  errors: A2aErrors,
): Promise<RpcCall | undefined> {
  const jsonRpcError = errors.jsonRpc;
  // The card's URL with a trailing slash (clients join paths onto it) is the same endpoint.
  if (url.pathname !== JSONRPC_PATH && url.pathname !== `${JSONRPC_PATH}/`) {
    const error = jsonRpcError('MethodNotFoundError', `no JSON-RPC endpoint at ${url.pathname}`);
    return void reply(res, 404, null, error);
  }
  if (req.method !== 'POST') {
    req.resume();
    const error = jsonRpcError('InvalidRequestError', 'JSON-RPC requests are POSTed');
    return void reply(res, 405, null, error, { allow: 'POST' });
  }
  const body = await readJsonBody(req, bodyLimit);
  if (!body.ok) {
    if (body.problem === 'too-large' && !authenticated) {
      return void reply(res, 401, null, unauthenticatedError(errors), {
        'www-authenticate': 'Bearer',
        connection: 'close',
      });
    }
    if (body.problem === 'too-large') {
      const error = jsonRpcError('InvalidRequestError', body.message);
      return void reply(res, 413, null, error, { connection: 'close' });
    }
    if (body.problem === 'media-type') {
      // Not a JSON-RPC request as sent (nothing was parsed, so not -32700): -32600 at HTTP 415.
      return void reply(res, 415, null, jsonRpcError('InvalidRequestError', body.message));
    }
    return void reply(res, 400, null, jsonRpcError('ParseError', body.message));
  }
  const env = body.value;
  if (typeof env !== 'object' || env === null || Array.isArray(env)) {
    const message = 'the request must be one JSON-RPC request object';
    return void reply(res, 200, null, jsonRpcError('InvalidRequestError', message));
  }
  const e = env as Record<string, unknown>;
  const id: RpcId = isRpcId(e['id']) ? e['id'] : null;
  if (
    e['jsonrpc'] !== '2.0' ||
    typeof e['method'] !== 'string' ||
    !('id' in e) ||
    !isRpcId(e['id']) ||
    (e['params'] !== undefined && (typeof e['params'] !== 'object' || e['params'] === null))
  ) {
    const message = 'not a JSON-RPC 2.0 request (jsonrpc, method, id, params)';
    return void reply(res, 200, id, jsonRpcError('InvalidRequestError', message));
  }
  const method = e['method'];
  if (!pipeline.serves(method)) {
    // Authenticate before saying which methods exist: without a credential, every method is 401.
    if (!authenticated) {
      return void reply(res, 401, id, unauthenticatedError(errors), {
        'www-authenticate': 'Bearer',
      });
    }
    const error = jsonRpcError('MethodNotFoundError', `method ${method} is not served`);
    return void reply(res, 200, id, error);
  }
  return { id, method, params: e['params'] };
}
