// The REST contract (generated `RestHandlers`, one member per OpenAPI operation) over the RunCore
// port: runs, their events (a stream and a long poll), interrupts, the agent inventory, host events,
// the effect-seam manifest and discovery. The generic router (router.ts) reads each request by the
// contract's route table and writes each answer; a member only decides. A refusal is thrown as a CoreError carrying its
// registered code; a run the caller may not read is `not_found`, a foreign tenant segment
// `id_tenant_mismatch` (DESIGN.md §5 Ids).
import type { RestHandlers } from '@wopgen/generated/rest/operations';
import { isTerminalRunStatus } from '@wopgen/generated/run-status';
import type { HostContext } from '../../context.ts';
import { notModifiedBy } from '../../http/conditional.ts';
import { CoreError } from '../../ports/errors.ts';
import type { Interrupt, InterruptAnswer } from '../../ports/interrupts.ts';
import type { RunEvent } from '../../ports/events.ts';
import type { Subject } from '../../ports/auth.ts';
import { isRawRunId, tenantOf } from '../../ids.ts';
import { agentHandlers } from './agents.ts';
import type { AnonymousCallContext, RestCallContext } from './call-context.ts';

/** The built-in members; the discovery read is served without a credential. */
export type RestBuiltins = Omit<RestHandlers<RestCallContext>, 'getCapabilities'> & {
  getCapabilities: (
    ...a: [Parameters<RestHandlers<RestCallContext>['getCapabilities']>[0], AnonymousCallContext]
  ) => ReturnType<RestHandlers<RestCallContext>['getCapabilities']>;
};

/** The raw runId a (decoded) path parameter names for `subject`, else the refusal (DESIGN.md §5 Ids). */
export function runIdOf(subject: Subject, value: string): string {
  // The router decoded the segment once (percent, then `~XX`): it is the raw id, or no run.
  const runId = isRawRunId(value) ? value : undefined;
  if (!runId) throw new CoreError('not_found', 'no such run');
  if (tenantOf(runId) !== subject.tenant)
    throw new CoreError('id_tenant_mismatch', 'the run id names another tenant');
  return runId;
}

const noSuchRun = () => new CoreError('not_found', 'no such run');

/** Longest wait of a long poll, in seconds (pollRunEvents `timeout`). */
const MAX_POLL_S = 60;

export function createRestHandlers(ctx: HostContext): RestBuiltins {
  const { core } = ctx;

  /** Events after `after`, waiting up to `timeoutS` for the first when there is none yet. */
  async function poll(
    c: RestCallContext,
    runId: string,
    after: number,
    timeoutS: number,
  ): Promise<RunEvent[] | undefined> {
    const events = await core.readEvents(c.subject, runId, after, 500);
    if (!events || events.length > 0 || timeoutS <= 0) return events;
    const ac = new AbortController();
    const abort = () => ac.abort();
    c.signal.addEventListener('abort', abort, { once: true });
    const timer = setTimeout(abort, timeoutS * 1000);
    try {
      const stream = await core.streamRunEvents(c.subject, runId, {
        afterSequence: after,
        signal: ac.signal,
      });
      for await (const e of stream ?? []) return [e];
      return [];
    } finally {
      clearTimeout(timer);
      c.signal.removeEventListener('abort', abort);
      ac.abort();
    }
  }

  return {
    async createRun({ header, body }, c) {
      const inputs = body.inputs ?? {};
      const key = header['Idempotency-Key'];
      const metadata = body.metadata;
      const { run, created } = await core.createRun(c.subject, {
        workflowId: body.workflowId,
        inputs,
        ...(metadata && typeof metadata === 'object' && { metadata }),
        transport: 'rest',
        ...(key !== undefined && key !== '' && { idempotencyKey: key }),
      });
      // A repeated key answers the run it created, flagged as a replay (Idempotency-Key semantics).
      return created
        ? { status: 201, body: run }
        : { status: 201, body: run, headers: { 'openwop-idempotent-replay': 'true' } };
    },

    async listRuns({ query }, c) {
      // A tenant's listings run a few at a time (util/tenant-gate.ts).
      const page = await ctx.listings.run(c.subject.tenant, () =>
        core.listRuns(c.subject, {
          ...(query.limit !== undefined && { limit: query.limit }),
          ...(query.cursor && { cursor: query.cursor }),
          ...(query.workflowId && { workflowId: query.workflowId }),
          ...(query.status && { status: query.status }),
        }),
      );
      return { status: 200, body: { runs: page.runs, nextCursor: page.nextCursor } };
    },

    async getRun({ path }, c) {
      const run = await core.getRun(c.subject, runIdOf(c.subject, path.runId));
      if (!run) throw noSuchRun();
      return { status: 200, body: run };
    },

    async cancelRun({ path }, c) {
      const runId = runIdOf(c.subject, path.runId);
      const run = await core.cancelRun(c.subject, runId, { cancelledBy: c.subject.subjectId });
      if (!run) throw noSuchRun();
      return { status: 200, body: run };
    },

    async pollRunEvents({ path, query }, c) {
      const runId = runIdOf(c.subject, path.runId);
      // Without afterSequence the poll starts at the log's first event (sequence 0).
      const after = query.afterSequence ?? -1;
      const timeoutS = Math.min(Math.max(query.timeout ?? 0, 0), MAX_POLL_S);
      const events = await poll(c, runId, after, timeoutS);
      if (!events) throw noSuchRun();
      const run = await core.getRun(c.subject, runId);
      if (!run) throw noSuchRun();
      const last = (await core.lastSequence(c.subject, runId)) ?? -1;
      return {
        status: 200,
        body: {
          runId: run.runId,
          events: events as never,
          lastSequence: last,
          status: run.status,
          isTerminal: isTerminalRunStatus(run.status),
        },
      };
    },

    async streamRunEvents({ path, header }, c) {
      const runId = runIdOf(c.subject, path.runId);
      const lastId = header['Last-Event-ID'];
      const after = lastId !== undefined && /^\d+$/.test(lastId) ? Number(lastId) : -1;
      const stream = await core.streamRunEvents(c.subject, runId, {
        afterSequence: after,
        signal: c.signal,
      });
      if (!stream) throw noSuchRun();
      return { status: 200, events: sseOf(stream, (e) => String(e.sequence)) };
    },

    async resolveInterruptByRun({ path, body }, c) {
      const runId = runIdOf(c.subject, path.runId);
      const open = await core.openInterrupts(c.subject, runId);
      if (!open) throw noSuchRun();
      const target = open.find(
        (i) =>
          i.nodeId === path.nodeId &&
          (body.interruptId === undefined || i.interruptId === body.interruptId),
      );
      if (!target) throw new CoreError('interrupt_not_found', 'no open interrupt at that node');
      const run = await core.resolveInterrupt(
        c.subject,
        runId,
        target.interruptId,
        restAnswer(target, body.resumeValue),
      );
      return { status: 200, body: run };
    },

    ...agentHandlers(ctx),

    async streamHostEvents({ header }, c) {
      const lastId = header['Last-Event-ID'];
      const stream = ctx.hostEvents.stream(c.subject.tenant, {
        ...(lastId !== undefined && lastId !== '' && { afterEventId: lastId }),
        signal: c.signal,
      });
      return { status: 200, events: sseOf(stream, (e) => e.eventId) };
    },

    // Fixed at start by the host from its parts (host/effect-seams.ts).
    async getEffectSeamManifest() {
      return { status: 200, body: ctx.effectSeams };
    },

    async getCapabilities(_request, c) {
      let served;
      try {
        served = ctx.discovery();
      } catch (err) {
        ctx.log.error({ err }, 'discovery document unavailable');
        throw new CoreError('runner_unavailable', 'the discovery document is not available');
      }
      const headers = { etag: served.etag, 'cache-control': 'no-cache' };
      if (notModifiedBy(c.headers, { etag: served.etag })) return { status: 304, headers };
      return { status: 200, body: served.document, headers };
    },
  };
}

/** Each item of `stream` as one Server-Sent Event: its type as the event name, `id` as its id. */
async function* sseOf<E extends { type: string }>(
  stream: AsyncIterable<E>,
  id: (e: E) => string,
): AsyncIterable<{ id: string; event: string; data: unknown }> {
  for await (const e of stream) yield { id: id(e), event: e.type, data: e };
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
