// The transport-neutral A2A pipeline (DESIGN.md §2): bearer auth → `A2A-Version` negotiation
// (-32009, recorded for every outcome) → the served contract's generated dispatcher (the rows'
// `requires` gate → params (-32602) → case selection → the handler member, built-in or supplied
// by the host implementer). A binding (JSON-RPC, HTTP+JSON) only frames: it reads a method and
// params off its request and writes the outcome.
//
// Negotiation record: an exchange that creates, continues or cancels a run records on that run's log
// (`bindRun`); every other exchange (reads, refusals) records as the caller's host event. A request
// that fails authentication never reaches negotiation and records nothing.
import type { A2aAnswer, A2aDispatch } from '@wopgen/generated/a2a/dispatch';
import type { A2aHandlers, A2aMethod } from '@wopgen/generated/a2a/operations';
import type { Subject } from '../../ports/auth.ts';
import { isStoreUnavailable } from '../../ports/errors.ts';
import type { NewRunEvent } from '../../ports/events.ts';
import { decide } from '../../negotiation/decide.ts';
import { NegotiationRecorder, recorderSinks } from '../../negotiation/recorder.ts';
import { boundedVersion } from '../../negotiation/record.ts';
import type { Exchange } from '../exchange.ts';
import { adoptTrace, type TraceContext } from '../../util/trace-context.ts';
import { resolveTenant, type RoutedAgent } from './agent-routing.ts';
import { isJsonMap } from './routing.ts';
import { offeredA2a } from './card.ts';
import { A2aError, fromCoreError, invalidParams } from './errors.ts';
import { paramsHooks } from '../../contract/requests.ts';
import type { A2aDeps, A2aRequestContext } from './request-context.ts';
import { namedTask } from './send-case.ts';
import type { TaskView } from './task-projection.ts';
import type { Io } from './wire.ts';
import { advertises } from '../advertises.ts';

export type A2aOutcome<M extends A2aMethod> =
  /** No valid credential: the binding answers its 401 shape; nothing is recorded. */
  | { kind: 'unauthenticated' }
  /** Refused after authentication; the negotiation record is written. */
  | { kind: 'refused'; error: A2aError }
  /** `finish` records negotiation (if no run took it); call it once the answer is complete. */
  | { kind: 'answered'; answer: A2aAnswer<Io, M>; finish(): Promise<void> };

export interface A2aPipeline {
  /** Whether the served contract has `method` (anything else is -32601). */
  serves(method: string): method is A2aMethod;
  /** Whether `method` answers with a stream (the contract's rows say so). */
  streams(method: A2aMethod): boolean;
  run<M extends A2aMethod>(ex: Exchange, method: M, params: unknown): Promise<A2aOutcome<M>>;
  /** The A2A row for a failure after dispatch began (a stream's included); logs the unexpected. */
  toA2aError(err: unknown): A2aError;
}

export function createA2aPipeline(
  deps: A2aDeps,
  builtin: A2aHandlers<A2aRequestContext, Io, TaskView>,
): A2aPipeline {
  const { ctx } = deps;
  const { contract } = ctx;
  // A method or case the contract adds is served by the member the host implementer supplied
  // (checked at start-up: contract/verify.ts); every method's params are checked by the
  // contract's own request validators (ProtoJSON names included).
  const task = (p: unknown, rc: A2aRequestContext) => namedTask(deps, p, rc);
  const dispatch: A2aDispatch<A2aRequestContext, Io> = contract.a2a.createDispatch(
    { ...builtin, ...ctx.handlers.a2a },
    {
      params: paramsHooks(contract.a2a.requests, (r) => invalidParams(r.message)),
      task: {
        SendMessage: task,
        SendStreamingMessage: task,
        ...Object.fromEntries(contract.a2a.caseMethods.map((m) => [m, task])),
      },
      advertises: (requirement) => advertises(ctx.config, ctx.discovery, requirement),
      refuse: (refusal) => A2aError.of(refusal),
    },
  );
  const sinks = recorderSinks(ctx);
  const methods = new Set<string>(contract.a2a.methods);
  const streaming = new Set<string>(
    contract.a2a.operations.filter((o) => o.streaming).map((o) => o.method),
  );

  const toA2aError = (err: unknown): A2aError => {
    try {
      return fromCoreError(err);
    } catch (unexpected) {
      ctx.log.error({ err: unexpected }, 'A2A handler failure');
      return new A2aError('InternalError', 'internal error');
    }
  };

  async function run<M extends A2aMethod>(
    ex: Exchange,
    method: M,
    params: unknown,
  ): Promise<A2aOutcome<M>> {
    const subject = await ex.authenticate();
    if (!subject) return { kind: 'unauthenticated' };
    const header = ex.headers?.['a2a-version'];
    const requested = typeof header === 'string' && header !== '' ? header : undefined;
    // No spread of an optional key: decide() treats an undefined `requested` as absent.
    const decision = decide(contract.negotiation, 'a2a', offeredA2a(ctx), {
      requested,
      authenticated: true,
    });
    const negotiation = new NegotiationRecorder(sinks, 'a2a', ex.peerOrigin);
    negotiation.subject = subject;
    negotiation.decision = decision;
    if (decision.outcome === 'refused') {
      await negotiation.finish();
      const supportedVersions = ctx.config.a2a.versions.join(',');
      const message = `A2A version ${boundedVersion(requested ?? '')} is not supported`;
      const error = new A2aError('VersionNotSupportedError', message, { supportedVersions });
      return { kind: 'refused', error };
    }
    const rc = new RequestContext(subject, decision.version!, ex.signal, negotiation);
    try {
      // The routing value is resolved only now, for an authenticated caller (interop.md
      // §"Per-agent cards", Non-disclosure).
      const agent = await resolveTenant(ctx, subject, params);
      if (agent) rc.agent = agent;
      const trace = inboundTrace(ex, params);
      if (trace) {
        rc.trace = trace;
        ex.noteTrace(trace.traceId);
      }
      const answer = await dispatch(method, params, rc);
      return { kind: 'answered', answer, finish: () => negotiation.finish() };
    } catch (err) {
      // A store that stopped answering would not take the record either, nor answer in time.
      if (!isStoreUnavailable(err)) await negotiation.finish();
      return { kind: 'refused', error: toA2aError(err) };
    }
  }

  return {
    serves: (method): method is A2aMethod => methods.has(method),
    streams: (method) => streaming.has(method),
    run,
    toA2aError,
  };
}

/**
 * A handler call's context. A class rather than an object literal: its `signal` is a getter (the
 * disconnect signal is made only if a handler waits on it, http/disconnect.ts), and a literal with
 * an accessor is built on V8's slow path on every request (seen in a CPU profile).
 */
class RequestContext implements A2aRequestContext {
  trace?: TraceContext;
  agent?: RoutedAgent;

  constructor(
    readonly subject: Subject,
    readonly version: string,
    private readonly disconnect: () => AbortSignal,
    private readonly negotiation: NegotiationRecorder,
  ) {}

  get signal(): AbortSignal {
    return this.disconnect();
  }

  bindRun(runId: string, written?: boolean): Promise<void> {
    return this.negotiation.bindRun(runId, written);
  }

  decisionRecord(): NewRunEvent {
    return this.negotiation.event();
  }
}

/**
 * interop.md §"Trace context": `message.metadata.openwop.traceparent`/`.tracestate` first, then the
 * HTTP headers; a malformed value is ignored. It is read for correlation only, never for authority.
 */
function inboundTrace(ex: Exchange, params: unknown): TraceContext | undefined {
  const message = isJsonMap(params) ? params['message'] : undefined;
  const metadata = isJsonMap(message) ? message['metadata'] : undefined;
  const openwop = isJsonMap(metadata) ? metadata['openwop'] : undefined;
  const inMessage = isJsonMap(openwop)
    ? { traceparent: openwop['traceparent'], tracestate: openwop['tracestate'] }
    : undefined;
  return adoptTrace(inMessage, {
    traceparent: ex.headers?.['traceparent'],
    tracestate: ex.headers?.['tracestate'],
  });
}
