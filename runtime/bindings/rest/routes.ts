// REST core routes of DESIGN.md §5 over RunCore: runs, events (SSE and long-poll), interrupts,
// the agent inventory and host events. Bodies follow the bundled OpenAPI document.
import type { ServerResponse } from 'node:http';
import { isRunStatus, isTerminalRunStatus } from '@wopgen/generated/run-status';
import type { HostContext } from '../../context.ts';
import type { RunSnapshot } from '../../ports/run-core.ts';
import type { Interrupt, InterruptAnswer } from '../../ports/interrupts.ts';
import { readJsonBody } from '../../http/body.ts';
import { sendJson, sendOpenWopError, startSse } from '../../http/respond.ts';
import type { Route } from '../../http/router.ts';
import { sseLimitsOf } from '../../http/limits.ts';
import { holdSlot } from '../../http/stream-slots.ts';
import { agentRoutes } from './agents.ts';
import { answerCoreError, restPreamble, runIdParam, versionHeaders } from './guard.ts';

export function restRoutes(ctx: HostContext): Route[] {
  const h = () => versionHeaders(ctx);
  const notFound = (res: ServerResponse) =>
    sendOpenWopError(res, 'not_found', 'no such run', undefined, h());
  /** Takes an open-stream slot for the response, or answers 429 `rate_limited` (issue 10). */
  const streamSlot = (res: ServerResponse, tenant: string): boolean => {
    const refusal = holdSlot(ctx.streams, tenant, res);
    if (!refusal) return true;
    sendOpenWopError(res, 'rate_limited', refusal.message, { limit: refusal.refused }, h());
    return false;
  };
  const sseLimits = sseLimitsOf(ctx.limits);

  const cancel: Route['handler'] = async (req, res, params) => {
    const subject = await restPreamble(ctx, req, res);
    if (!subject) return;
    const runId = runIdParam(ctx, res, subject, params['runId']!);
    if (!runId) return;
    try {
      const run = await ctx.core.cancelRun(subject, runId, { cancelledBy: subject.subjectId });
      if (!run) return notFound(res);
      sendJson(res, 200, run, h());
    } catch (err) {
      answerCoreError(ctx, res, err);
    }
  };

  return [
    {
      method: 'POST',
      path: '/runs',
      async handler(req, res) {
        const subject = await restPreamble(ctx, req, res);
        if (!subject) return;
        const body = await readJsonBody(req, ctx.config.bodyLimit);
        if (!body.ok) {
          return sendOpenWopError(res, bodyErrorCode(body.problem), body.message, undefined, h());
        }
        const b = body.value as Record<string, unknown> | null;
        if (
          !b ||
          typeof b !== 'object' ||
          Array.isArray(b) ||
          typeof b['workflowId'] !== 'string'
        ) {
          return sendOpenWopError(
            res,
            'validation_error',
            'body must be an object with a string workflowId',
            undefined,
            h(),
          );
        }
        const inputs = b['inputs'] ?? {};
        if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) {
          return sendOpenWopError(
            res,
            'validation_error',
            'inputs must be an object',
            undefined,
            h(),
          );
        }
        const key = req.headers['idempotency-key'];
        try {
          const { run, created } = await ctx.core.createRun(subject, {
            workflowId: b['workflowId'],
            inputs: inputs as Record<string, unknown>,
            ...(b['metadata'] && typeof b['metadata'] === 'object'
              ? { metadata: b['metadata'] as Record<string, unknown> }
              : {}),
            transport: 'rest',
            ...(typeof key === 'string' && key !== '' ? { idempotencyKey: key } : {}),
          });
          sendJson(res, created ? 201 : 200, run, h());
        } catch (err) {
          answerCoreError(ctx, res, err);
        }
      },
    },
    {
      method: 'GET',
      path: '/runs',
      async handler(req, res, _p, url) {
        const subject = await restPreamble(ctx, req, res);
        if (!subject) return;
        const q = url.searchParams;
        const limit = q.has('limit') ? Number(q.get('limit')) : undefined;
        const status = q.get('status') ?? undefined;
        if (status !== undefined && !isRunStatus(status)) {
          return sendOpenWopError(
            res,
            'validation_error',
            `unknown status ${status}`,
            undefined,
            h(),
          );
        }
        try {
          // A tenant's listings run a few at a time (util/tenant-gate.ts).
          const page = await ctx.listings.run(subject.tenant, () =>
            ctx.core.listRuns(subject, {
              ...(limit !== undefined ? { limit } : {}),
              ...(q.get('cursor') ? { cursor: q.get('cursor')! } : {}),
              ...(q.get('workflowId') ? { workflowId: q.get('workflowId')! } : {}),
              ...(status ? { status } : {}),
            }),
          );
          sendJson(res, 200, { runs: page.runs, nextCursor: page.nextCursor }, h());
        } catch (err) {
          answerCoreError(ctx, res, err);
        }
      },
    },
    {
      method: 'GET',
      path: '/runs/{runId}',
      async handler(req, res, params) {
        const subject = await restPreamble(ctx, req, res);
        if (!subject) return;
        const runId = runIdParam(ctx, res, subject, params['runId']!);
        if (!runId) return;
        const run = await ctx.core.getRun(subject, runId);
        if (!run) return notFound(res);
        sendJson(res, 200, run, h());
      },
    },
    { method: 'POST', path: '/runs/{runId}:cancel', handler: cancel },
    { method: 'POST', path: '/runs/{runId}/cancel', handler: cancel },
    {
      method: 'GET',
      path: '/runs/{runId}/events/poll',
      async handler(req, res, params, url) {
        const subject = await restPreamble(ctx, req, res);
        if (!subject) return;
        const runId = runIdParam(ctx, res, subject, params['runId']!);
        if (!runId) return;
        const after = url.searchParams.has('afterSequence')
          ? Number(url.searchParams.get('afterSequence'))
          : -1;
        const timeoutS = Math.min(
          Math.max(Number(url.searchParams.get('timeout') ?? 0) || 0, 0),
          60,
        );
        if (!Number.isInteger(after) || after < -1) {
          return sendOpenWopError(
            res,
            'validation_error',
            'afterSequence must be an integer ≥ -1',
            undefined,
            h(),
          );
        }
        let events = await ctx.core.readEvents(subject, runId, after, 500);
        if (!events) return notFound(res);
        if (events.length === 0 && timeoutS > 0) {
          const ac = new AbortController();
          req.on('close', () => ac.abort());
          const stream = await ctx.core.streamRunEvents(subject, runId, {
            afterSequence: after,
            signal: ac.signal,
          });
          const timer = setTimeout(() => ac.abort(), timeoutS * 1000);
          try {
            for await (const e of stream ?? []) {
              events = [e];
              break;
            }
          } finally {
            clearTimeout(timer);
            ac.abort();
          }
        }
        const run = (await ctx.core.getRun(subject, runId)) as RunSnapshot;
        const last = (await ctx.core.lastSequence(subject, runId)) ?? -1;
        sendJson(
          res,
          200,
          {
            runId: run.runId,
            events,
            lastSequence: last,
            status: run.status,
            isTerminal: isTerminalRunStatus(run.status),
          },
          h(),
        );
      },
    },
    {
      method: 'GET',
      path: '/runs/{runId}/events',
      async handler(req, res, params) {
        const subject = await restPreamble(ctx, req, res);
        if (!subject) return;
        const runId = runIdParam(ctx, res, subject, params['runId']!);
        if (!runId) return;
        const lastId = req.headers['last-event-id'];
        const after = typeof lastId === 'string' && /^\d+$/.test(lastId) ? Number(lastId) : -1;
        const ac = new AbortController();
        res.on('close', () => ac.abort());
        const stream = await ctx.core.streamRunEvents(subject, runId, {
          afterSequence: after,
          signal: ac.signal,
        });
        if (!stream) return notFound(res);
        if (!streamSlot(res, subject.tenant)) return ac.abort();
        const sse = startSse(res, sseLimits, h());
        for await (const e of stream) {
          if (!(await sse.send(e, { id: String(e.sequence), event: e.type }))) break;
        }
        ac.abort();
        sse.end();
      },
    },
    {
      method: 'POST',
      path: '/runs/{runId}/interrupts/{nodeId}',
      async handler(req, res, params) {
        const subject = await restPreamble(ctx, req, res);
        if (!subject) return;
        const runId = runIdParam(ctx, res, subject, params['runId']!);
        if (!runId) return;
        const body = await readJsonBody(req, ctx.config.bodyLimit);
        if (!body.ok && body.problem !== 'malformed' && body.problem !== 'empty') {
          return sendOpenWopError(res, bodyErrorCode(body.problem), body.message, undefined, h());
        }
        if (
          !body.ok ||
          typeof body.value !== 'object' ||
          body.value === null ||
          !('resumeValue' in body.value)
        ) {
          return sendOpenWopError(
            res,
            'validation_error',
            'body must be {resumeValue, interruptId?}',
            undefined,
            h(),
          );
        }
        const b = body.value as { resumeValue: unknown; interruptId?: unknown };
        const open = await ctx.core.openInterrupts(subject, runId);
        if (!open) return notFound(res);
        const target = open.find(
          (i) =>
            i.nodeId === params['nodeId'] &&
            (b.interruptId === undefined || i.interruptId === b.interruptId),
        );
        if (!target)
          return sendOpenWopError(
            res,
            'interrupt_not_found',
            'no open interrupt at that node',
            undefined,
            h(),
          );
        try {
          const run = await ctx.core.resolveInterrupt(
            subject,
            runId,
            target.interruptId,
            restAnswer(target, b.resumeValue),
          );
          sendJson(res, 200, run, h());
        } catch (err) {
          answerCoreError(ctx, res, err);
        }
      },
    },
    ...agentRoutes(ctx),
    {
      method: 'GET',
      path: '/host/events',
      async handler(req, res) {
        const subject = await restPreamble(ctx, req, res);
        if (!subject) return;
        const lastId = req.headers['last-event-id'];
        if (!streamSlot(res, subject.tenant)) return;
        const ac = new AbortController();
        res.on('close', () => ac.abort());
        const sse = startSse(res, sseLimits, h());
        const stream = ctx.hostEvents.stream(subject.tenant, {
          ...(typeof lastId === 'string' && lastId !== '' ? { afterEventId: lastId } : {}),
          signal: ac.signal,
        });
        for await (const e of stream) {
          if (!(await sse.send(e, { id: e.eventId, event: e.type }))) break;
        }
        ac.abort();
        sse.end();
      },
    },
  ];
}

/**
 * The answer a `resumeValue` gives. An approval's resumeValue is the approval answer itself
 * (interrupt.md §Approval: `{action: accept|reject|refine|edit-accept|ask, ...}`), checked by the
 * core against the gate (400 validation_error otherwise). Any other interrupt: `{action: decline}`
 * or `{action: cancel}` decline or cancel it, `{action: accept, value}` answers `value`, and any
 * other value is the answer itself.
 */
function restAnswer(target: Interrupt, resumeValue: unknown): InterruptAnswer {
  if (target.kind === 'approval') return { action: 'accept', value: resumeValue };
  const rv = resumeValue as { action?: unknown; value?: unknown } | null;
  const action =
    rv && typeof rv === 'object' && (rv.action === 'decline' || rv.action === 'cancel')
      ? rv.action
      : 'accept';
  const value =
    action === 'accept' && rv && typeof rv === 'object' && 'value' in rv ? rv.value : resumeValue;
  return { action, value };
}

/** The envelope code of a body that could not be read (errors.json: 413, 415, else 400). */
function bodyErrorCode(problem: 'too-large' | 'malformed' | 'empty' | 'media-type') {
  if (problem === 'too-large') return 'payload_too_large';
  return problem === 'media-type' ? 'unsupported_media_type' : 'validation_error';
}
