// The A2A 1.0 JSON-RPC binding, mounted at /a2a/jsonrpc. Every answer on this URL, refusals before
// dispatch included, is a JSON-RPC response whose `error.data` is an array holding one ErrorInfo
// (interop.md §"A2A error details"); never the OpenWOP envelope.
//
// Pipeline: POST only → body (size limit) → JSON parse (-32700) → envelope (-32600) → method in the
// generated table (-32601) → bearer auth (HTTP 401, -32600 / UNAUTHENTICATED) → `A2A-Version`
// negotiation (-32009, recorded for every outcome) → the rows' `requires` gate → params (-32602) →
// case selection (SendMessage) → handler. HTTP status: 200 for every JSON-RPC error except a
// malformed body (400), an oversize body (413), a failed authentication (401) and a method other
// than POST (405). The request `id` is echoed exactly; streaming methods answer `text/event-stream`
// with one full JSON-RPC response per `data:` line.
//
// Negotiation record: an exchange that creates, continues or cancels a run records on that run's log
// (`bindRun`); every other exchange (reads, refusals) records as the caller's host event. A request
// that fails authentication never reaches negotiation and records nothing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  a2aOperationsFor,
  type A2aHandlers,
  type A2aMethod,
  type A2aOperationEntry,
} from '../../generated/a2a/operations.ts';
import { jsonRpcError, type JsonRpcErrorObject } from '../../generated/a2a/errors.ts';
import { negotiationTables } from '../../generated/negotiation/tables.ts';
import type { Subject } from '../ports/auth.ts';
import type { HostContext, Mount } from '../context.ts';
import { readJsonBody } from '../http/body.ts';
import { sendJson, startSse } from '../http/respond.ts';
import { decide, type NegotiationDecision } from '../negotiation/decide.ts';
import { decisionPayload, recordDecision } from '../negotiation/record.ts';
import { JSONRPC_PATH, offeredA2a } from './card.ts';
import { A2aError, fromCoreError, unauthenticatedError } from './errors.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import { selectSendCase } from './send-case.ts';
import { checkParams } from './params.ts';
import type { Io, SendMessageParams } from './wire.ts';

type RpcId = string | number | null;

function reply(
  res: ServerResponse,
  status: number,
  id: RpcId,
  error: JsonRpcErrorObject,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { jsonrpc: '2.0', id, error }, headers);
}

/** Facet flag named by a row's `requires` entry (`a2a.<property>`). */
function facetFlag(ctx: HostContext, requirement: string): boolean {
  const [family, property] = requirement.split('.');
  if (family !== 'a2a' || property === undefined) return false;
  const value = (ctx.config.a2a as unknown as Record<string, unknown>)[property];
  return value === true;
}

/** The row's refusal when a facet it requires is not advertised; undefined when it may run. */
function requiresGate(ctx: HostContext, row: A2aOperationEntry): A2aError | undefined {
  const missing = row.requires.find((r) => !facetFlag(ctx, r));
  if (missing === undefined) return undefined;
  if (missing === 'a2a.pushNotifications') {
    return new A2aError(
      'PushNotificationNotSupportedError',
      'push notifications are not supported',
    );
  }
  return new A2aError(
    'UnsupportedOperationError',
    `${row.method} needs ${missing}, which this host does not advertise`,
  );
}

/** A JSON-RPC id we can echo: string, number or null. */
function isRpcId(v: unknown): v is RpcId {
  return v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
}

export function jsonRpcMount(deps: A2aDeps, handlers: A2aHandlers<A2aRequestContext, Io>): Mount {
  const { ctx } = deps;

  const invoke = async (
    method: A2aMethod,
    rows: readonly A2aOperationEntry[],
    params: unknown,
    rc: A2aRequestContext,
  ): Promise<unknown> => {
    if (method === 'SendMessage') {
      const p = params as SendMessageParams;
      const key = await selectSendCase(deps, p, rc);
      const row = rows.find((r) => r.key === key)!;
      const gate = requiresGate(ctx, row);
      if (gate) throw gate;
      switch (key) {
        case 'sendMessageWhenNoTaskId':
          return handlers.sendMessageWhenNoTaskId(p, rc);
        case 'sendMessageWhenTaskIdWaitingApprovalWaitingInputWaitingExternal':
          return handlers.sendMessageWhenTaskIdWaitingApprovalWaitingInputWaitingExternal(p, rc);
        case 'sendMessageWhenTaskIdNotSuspendedNotTerminal':
          return handlers.sendMessageWhenTaskIdNotSuspendedNotTerminal(p, rc);
        default:
          return handlers.sendMessageWhenTaskIdTerminalRetained(p, rc);
      }
    }
    const key = rows[0]!.key;
    // Every non-SendMessage row is one member of the same name; the generated interface types it.
    const member = handlers[key] as (p: unknown, c: A2aRequestContext) => unknown;
    return member.call(handlers, params, rc);
  };

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname !== JSONRPC_PATH) {
      return reply(
        res,
        404,
        null,
        jsonRpcError('MethodNotFoundError', `no JSON-RPC endpoint at ${url.pathname}`),
      );
    }
    if (req.method !== 'POST') {
      req.resume();
      return reply(
        res,
        405,
        null,
        jsonRpcError('InvalidRequestError', 'JSON-RPC requests are POSTed'),
        { allow: 'POST' },
      );
    }
    const body = await readJsonBody(req, ctx.config.bodyLimit);
    if (!body.ok) {
      if (body.problem === 'too-large') {
        return reply(res, 413, null, jsonRpcError('InvalidRequestError', body.message), {
          connection: 'close',
        });
      }
      return reply(res, 400, null, jsonRpcError('ParseError', body.message));
    }
    const env = body.value;
    if (typeof env !== 'object' || env === null || Array.isArray(env)) {
      return reply(
        res,
        200,
        null,
        jsonRpcError('InvalidRequestError', 'the request must be one JSON-RPC request object'),
      );
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
      return reply(
        res,
        200,
        id,
        jsonRpcError(
          'InvalidRequestError',
          'not a JSON-RPC 2.0 request (jsonrpc, method, id, params)',
        ),
      );
    }
    const method = e['method'];
    const rows = a2aOperationsFor(method);
    if (rows.length === 0) {
      return reply(
        res,
        200,
        id,
        jsonRpcError('MethodNotFoundError', `method ${method} is not served`),
      );
    }
    const a2aMethod = method as A2aMethod;

    const subject = await ctx.authenticate(req);
    if (!subject) {
      return reply(res, 401, id, unauthenticatedError(), { 'www-authenticate': 'Bearer' });
    }

    const header = req.headers['a2a-version'];
    const requested = typeof header === 'string' && header !== '' ? header : undefined;
    const decision = decide(negotiationTables.a2a, offeredA2a(ctx), {
      ...(requested !== undefined ? { requested } : {}),
      authenticated: true,
    });
    const negotiation = negotiationRecorder(ctx, req, subject, decision);
    if (decision.outcome === 'refused') {
      await negotiation.finish();
      return reply(
        res,
        200,
        id,
        jsonRpcError(
          'VersionNotSupportedError',
          `A2A version ${requested ?? ''} is not supported`,
          {
            supportedVersions: ctx.config.a2a.versions.join(','),
          },
        ),
      );
    }

    const ac = new AbortController();
    res.on('close', () => ac.abort());
    const rc: A2aRequestContext = {
      subject,
      version: decision.version!,
      signal: ac.signal,
      bindRun: negotiation.bindRun,
    };
    const streaming = rows[0]!.streaming;
    try {
      // Gate on what every row of the method requires (SendMessage re-gates its selected row).
      const common =
        rows.length === 1
          ? rows[0]!
          : {
              ...rows[0]!,
              requires: rows[0]!.requires.filter((r) => rows.every((x) => x.requires.includes(r))),
            };
      const gate = requiresGate(ctx, common);
      if (gate) throw gate;
      const params = checkParams(a2aMethod, e['params']);
      if (!streaming) {
        const result = await invoke(a2aMethod, rows, params, rc);
        await negotiation.finish();
        return sendJson(res, 200, { jsonrpc: '2.0', id, result });
      }
      const events = (await invoke(a2aMethod, rows, params, rc)) as AsyncIterable<unknown>;
      const it = events[Symbol.asyncIterator]();
      // The first event decides the shape: an error before it is a plain JSON-RPC error response.
      const first = await it.next();
      const sse = startSse(res);
      try {
        if (!first.done) sse.send({ jsonrpc: '2.0', id, result: first.value });
        for (;;) {
          const next = await it.next();
          if (next.done) break;
          sse.send({ jsonrpc: '2.0', id, result: next.value });
        }
      } catch (err) {
        sse.send({ jsonrpc: '2.0', id, error: toRpcError(ctx, err) });
      } finally {
        await it.return?.();
        await negotiation.finish();
        sse.end();
      }
    } catch (err) {
      await negotiation.finish();
      if (res.headersSent) throw err;
      reply(res, 200, id, toRpcError(ctx, err));
    }
  }

  return { prefix: JSONRPC_PATH, handle };
}

function toRpcError(ctx: HostContext, err: unknown): JsonRpcErrorObject {
  try {
    return fromCoreError(err).toJsonRpc();
  } catch (unexpected) {
    ctx.log.error({ err: unexpected }, 'A2A handler failure');
    return jsonRpcError('InternalError', 'internal error');
  }
}

/** Records the exchange's decision once: on a bound run's log, else as the caller's host event. */
function negotiationRecorder(
  ctx: HostContext,
  req: IncomingMessage,
  subject: Subject,
  decision: NegotiationDecision,
) {
  let recorded = false;
  const payload = () => decisionPayload('a2a', decision, ctx.peerOrigin(req), ctx.now());
  return {
    async bindRun(runId: string) {
      if (recorded) return;
      recorded = true;
      await recordDecision(ctx, { runId, subject }, payload());
    },
    async finish() {
      if (recorded) return;
      recorded = true;
      await recordDecision(ctx, { tenant: subject.tenant }, payload());
    },
  };
}
