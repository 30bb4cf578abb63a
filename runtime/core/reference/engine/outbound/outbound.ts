// The outbound steps of a run in flight (interop.md §Calling out): each call runs beside the
// engine, not under the run's lease, and its outcome is committed under the lease when it comes —
// the node's result and on to the next node, the run failed, or an interrupt of ours asking what
// the remote asked (its answer resumes the same node, which sends it back). The remote work a node
// follows (task id, request state) is recorded on the run as soon as it is known, so a restart
// or a resume continues the same remote task; each send is an effect seam (seam.ts): its intent is
// durable before it leaves, and a step carried on after a crash never sends under a new identity.
// Our cancel aborts the call and cancels the remote.
import { A2aRemoteError } from '@wopgen/generated/a2a/client';
import { McpRemoteError } from '@wopgen/generated/mcp/client';
import type {
  InterruptRecord,
  RunChange,
  RunRecord,
  RunStore,
} from '../../../../ports/store/run-store.ts';
import type { JsonObject } from '../../../../ports/json.ts';
import { mintInterruptId } from '../../../../ids.ts';
import type { OutboundNode, WorkflowDefinition } from '../definition.ts';
import { failedChange } from '../endings.ts';
import { requestedEvents } from '../suspend.ts';
import { stop, type Step } from '../steps.ts';
import { killPoint } from '../../../../util/kill-point.ts';
import { callA2a, cancelA2a } from './a2a-call.ts';
import { callMcp, cancelMcp } from './mcp-call.ts';
import { RunMovedOn } from './seam.ts';
import type { ClientNegotiation } from '@wopgen/generated/client/support';
import type { NegotiationDecided } from '@wopgen/generated/types/events';
import { boundedVersion, decisionEvent, peerDigest } from '../../../../negotiation/record.ts';
import {
  type CallReports,
  REMOTE_FAILED,
  REMOTE_UNREACHABLE,
  type OutboundDeps,
  type OutboundOutcome,
  type RemoteState,
} from './types.ts';

type Change = Omit<RunChange, 'at'>;

/** What the engine lends the outbound steps (engine.ts `Engine`). */
export interface EngineHooks {
  exclusive<T>(runId: string, fn: () => Promise<T>): Promise<T>;
  commit(run: RunRecord, change: Change): Promise<RunRecord | undefined>;
  step(run: RunRecord): Promise<RunRecord>;
}

export type { OutboundDeps };

export const OUTBOUND_DISABLED = 'outbound_disabled';

/** The remote work `run` follows at its current node (none before the first send). */
export function remoteOf(run: RunRecord): RemoteState {
  return (run.engine.outbound as RemoteState | undefined) ?? { round: 0 };
}

export class Outbound {
  private readonly inflight = new Map<string, AbortController>();

  private readonly deps: OutboundDeps | undefined;

  constructor(
    private readonly engine: {
      store: RunStore;
      now?: () => Date;
      onError?: (err: unknown, runId: string) => void;
      onWarning?: (message: string, runId: string) => void;
      outbound?: OutboundDeps;
    },
    private readonly hooks: EngineHooks,
  ) {
    this.deps = engine.outbound;
  }

  private now(): Date {
    return this.engine.now?.() ?? new Date();
  }

  private onError(err: unknown, runId: string): void {
    this.engine.onError?.(err, runId);
  }

  /**
   * The step of an outbound node: its call starts beside the engine, not under the run's lease (a
   * remote may take long), and its outcome is committed under the lease when it comes. A first
   * turn stops before it: the call starts once the run is stored (insertWithFirstTurn).
   */
  async step(run: RunRecord, node: OutboundNode, firstTurn: boolean): Promise<Step> {
    if (firstTurn) return stop(run);
    const failure = this.start(run, node);
    return stop(failure ? await this.hooks.commit(run, failure) : run);
  }

  /** Starts `node`'s call unless one is in flight; a change when the step cannot run at all. */
  private start(run: RunRecord, node: OutboundNode): Change | undefined {
    if (!this.deps) {
      const message = 'this host has no outbound calls configured';
      return failedChange(run, { code: OUTBOUND_DISABLED, message }, node.id, this.now());
    }
    if (this.inflight.has(run.runId)) return undefined;
    const controller = new AbortController();
    this.inflight.set(run.runId, controller);
    const reports: CallReports = {
      sending: (remote) => this.intend(run, remote),
      record: async (remote) => {
        await this.append(run, { engine: remote });
        killPoint('outbound-after-record');
      },
      decided: (negotiation) => this.append(run, { negotiation }),
      warn: (message) => this.engine.onWarning?.(message, run.runId),
    };
    const call = node.kind === 'a2a-call' ? callA2a : callMcp;
    void (call as typeof callA2a)(
      run,
      node as never,
      remoteOf(run),
      this.deps,
      controller.signal,
      reports,
    )
      .catch((err: unknown): OutboundOutcome | undefined =>
        controller.signal.aborted || err instanceof RunMovedOn ? undefined : faultOf(err),
      )
      .then((outcome) => {
        this.inflight.delete(run.runId);
        return outcome && this.settle(run, node, outcome);
      })
      .catch((err: unknown) => this.onError(err, run.runId))
      .finally(() => {
        if (this.inflight.get(run.runId) === controller) this.inflight.delete(run.runId);
      });
    return undefined;
  }

  /** Our run was cancelled: abort its call and cancel the remote work it follows. */
  cancel(run: RunRecord): void {
    this.inflight.get(run.runId)?.abort(new Error('the run was cancelled'));
    this.inflight.delete(run.runId);
    const node = this.nodeOf(run);
    const remote = remoteOf(run);
    if (!node || !this.deps || remote.taskId === undefined) return;
    const cancel = node.kind === 'a2a-call' ? cancelA2a : cancelMcp;
    void (cancel as typeof cancelA2a)(node as never, remote.taskId, this.deps).catch(
      (err: unknown) => this.onError(err, run.runId),
    );
  }

  close(): void {
    for (const c of this.inflight.values()) c.abort(new Error('the host is closing'));
    this.inflight.clear();
  }

  private nodeOf(run: RunRecord): OutboundNode | undefined {
    const node = (run.definition as unknown as WorkflowDefinition).nodes[run.engine.nodeIndex];
    return node && (node.kind === 'a2a-call' || node.kind === 'mcp-call') ? node : undefined;
  }

  /** The run as stored, if it is still at the node `run` was at. */
  private async current(run: RunRecord): Promise<RunRecord | undefined> {
    const cur = await this.engine.store.getRun(run.runId);
    return cur?.status === 'running' && cur.engine.nodeIndex === run.engine.nodeIndex
      ? cur
      : undefined;
  }

  /**
   * The intent to send `remote`'s round, committed under the run's lease and made durable before
   * the request leaves (seam.ts); false when the run is no longer at the node.
   */
  private intend(run: RunRecord, remote: RemoteState): Promise<boolean> {
    return this.hooks.exclusive(run.runId, async () => {
      const cur = await this.current(run);
      if (!cur) return false;
      const outbound = { ...remote, sending: remote.round } as unknown as JsonObject;
      const after = await this.hooks.commit(cur, {
        runId: run.runId,
        expectStatus: ['running'],
        patch: { engine: { ...cur.engine, outbound } },
      });
      if (!after) return false;
      await this.engine.store.durable?.();
      return true;
    });
  }

  /**
   * Records on the run, under its lease, the remote work its node now follows (so a restart
   * continues it) or a negotiation with the remote (`negotiation.decided`, the remote's origin
   * digested as `peerDigest`: interop.md §"The audit event").
   */
  private append(
    run: RunRecord,
    what: { engine: RemoteState } | { negotiation: ClientNegotiation },
  ): Promise<void> {
    return this.hooks.exclusive(run.runId, async () => {
      const cur = await this.current(run);
      if (!cur) return;
      if ('engine' in what) {
        const outbound = what.engine as unknown as JsonObject;
        await this.hooks.commit(cur, {
          runId: run.runId,
          expectStatus: ['running'],
          patch: { engine: { ...cur.engine, outbound } },
        });
        return;
      }
      const n = what.negotiation;
      const payload: NegotiationDecided = {
        protocol: n.protocol,
        outcome: n.outcome,
        at: this.now().toISOString(),
        peerDigest: peerDigest(n.peer),
        reason: n.reason,
        requested: boundedVersion(n.requested),
        ...(n.version !== undefined && { version: n.version }),
      };
      await this.hooks.commit(cur, {
        runId: run.runId,
        expectStatus: ['running'],
        events: [decisionEvent(payload)],
      });
    });
  }

  private settle(run: RunRecord, node: OutboundNode, outcome: OutboundOutcome): Promise<void> {
    return this.hooks.exclusive(run.runId, async () => {
      const cur = await this.current(run);
      if (!cur) return;
      const after = await this.hooks.commit(cur, this.changeOf(cur, node, outcome));
      // The step's outcome is its answer's record when the send answered it at once.
      if (after) killPoint('outbound-after-record');
      if (after && outcome.kind === 'done') await this.hooks.step(after);
    });
  }

  private changeOf(run: RunRecord, node: OutboundNode, outcome: OutboundOutcome): Change {
    if (outcome.kind === 'failed') return failedChange(run, outcome.error, node.id, this.now());
    if (outcome.kind === 'done') {
      const vars = { ...run.engine.vars, [node.id]: outcome.result };
      return {
        runId: run.runId,
        expectStatus: ['running'],
        patch: { engine: { nodeIndex: run.engine.nodeIndex + 1, vars } },
        events: [{ type: 'node.completed', payload: { nodeId: node.id } }],
      };
    }
    const interrupt: InterruptRecord = {
      interruptId: mintInterruptId(run.tenant),
      runId: run.runId,
      nodeId: node.id,
      kind: outcome.interruptKind,
      status: 'open',
      createdAt: this.now().toISOString(),
      schema: outcome.schema,
      ...(outcome.connectUrl !== undefined && { connectUrl: outcome.connectUrl }),
    };
    const remote = outcome.remote as unknown as JsonObject;
    return {
      runId: run.runId,
      expectStatus: ['running'],
      patch: {
        status: 'waiting-input',
        currentNodeId: node.id,
        engine: { ...run.engine, outbound: remote },
      },
      insertInterrupts: [interrupt],
      events: requestedEvents(run, interrupt),
    };
  }
}

/** A call that threw: the remote's own error, or the remote could not be reached or read. */
function faultOf(err: unknown): OutboundOutcome {
  if (err instanceof A2aRemoteError || err instanceof McpRemoteError)
    return {
      kind: 'failed',
      error: { code: REMOTE_FAILED, message: `${err.name}: ${err.message}` },
    };
  const message = err instanceof Error ? err.message : String(err);
  return { kind: 'failed', error: { code: REMOTE_UNREACHABLE, message } };
}
