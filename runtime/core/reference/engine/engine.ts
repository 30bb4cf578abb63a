// Reference engine: runs a JSON workflow definition node by node, persisting every transition as one
// RunChange so a new engine over the same store resumes where the old one stopped (DESIGN.md §5).
// Operations on one run are serialised by the RunLeases port (`exclusive`): in memory for one
// process (local-leases.ts), across hosts for a shared database (adapters/store/postgres/
// run-leases.ts). Timers (delay nodes) live in the process that holds the run's lease; when a host
// dies, another host's sweep claims its live runs (`claimOrphans`) and resumes them from the
// persisted engine state, re-arming their timers.
import type { RunStatus } from '@wopgen/generated/run-status';
import { terminalRunStatuses } from '@wopgen/generated/run-status';
import type { Subject } from '../../../ports/auth.ts';
import type { ChangeFeed } from '../../../ports/change-feed.ts';
import type { RunLeases } from '../../../ports/run-leases.ts';
import { CoreError, isStoreUnavailable } from '../../../ports/errors.ts';
import type { JsonObject } from '../../../ports/json.ts';
import type {
  ConversationReply,
  ResolveInterruptRequest,
  RunMessageRequest,
} from '../../../ports/run-core.ts';
import type {
  RunChange,
  WriteOptions,
  RunRecord,
  RunStore,
} from '../../../ports/store/run-store.ts';
import { extend } from '../../../util/extend.ts';
import { killPoint } from '../../../util/kill-point.ts';
import type { NodeDef, WorkflowDefinition } from './definition.ts';
import { Outbound, type OutboundDeps } from './outbound/outbound.ts';
import { conversationState, converseStep, nextExchange } from './converse.ts';
import { resolutionChange } from './resolve.ts';
import { suspension } from './suspend.ts';
import { render } from './template.ts';

import { INTERNAL_ERROR } from './codes.ts';
import { cancelledChange, completedChange, durationMs, failedChange } from './endings.ts';
import { applied } from '../../../util/applied-change.ts';
import {
  deadlineChange,
  goOn,
  loggedChange,
  sleptChange,
  startedChange,
  stop,
  type Step,
} from './steps.ts';
import { LocalRunLeases } from './local-leases.ts';
import { StalledRuns } from './stalled.ts';

/** The statuses a run is carried forward from by whichever host holds its lease. */
const RESUMABLE = ['pending', 'running', 'cancelling'] as const;
const RECOVER_ALL = 1_000_000;
/** Runs one sweep claims at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

export {
  DECLINED_APPROVAL,
  DECLINED_INPUT,
  INTERNAL_ERROR,
  INTERRUPT_CANCEL_REASON,
} from './codes.ts';

export interface EngineDeps {
  store: RunStore;
  feed: ChangeFeed;
  /** Per-run exclusion and live-run ownership (in memory when absent: one process per store). */
  leases?: RunLeases;
  now?: () => Date;
  /** Where host-side failures are reported (the host's logger). */
  onError?: (err: unknown, runId: string) => void;
  /** What the operator should know that fails nothing (an outbound send repeated after a crash). */
  onWarning?: (message: string, runId: string) => void;
  /** How outbound steps reach agents and tools; without it they fail `outbound_disabled`. */
  outbound?: OutboundDeps;
}

export class Engine {
  /** The changes of each run in its first turn, kept for its insert (firstTurn). */
  private readonly firstTurns = new Map<string, RunChange[]>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;
  private sweeper: NodeJS.Timeout | undefined;
  private readonly now: () => Date;
  private readonly leases: RunLeases;
  private readonly outbound: Outbound;
  private readonly stalled = new StalledRuns((id) => this.exclusive(id, () => this.resume(id)));

  constructor(private readonly deps: EngineDeps) {
    this.wait = deps.store.durable ? { wait: 'commit' } : {};
    this.now = deps.now ?? (() => new Date());
    this.leases = deps.leases ?? new LocalRunLeases(deps.store);
    this.outbound = new Outbound(deps, this);
  }

  /** Serialise every operation on one run (across hosts when the leases span them); stalled.ts. */
  exclusive<T>(runId: string, fn: () => Promise<T>): Promise<T> {
    return this.leases.exclusive(runId, fn).catch((err: unknown) => {
      if (isStoreUnavailable(err)) this.stalled.add(runId);
      throw err;
    });
  }

  /**
   * Steps commit without waiting for their sync when the store groups syncs (RunStore.durable):
   * RunCore waits once, before it answers the request that caused them; a step no request waits
   * on (a timer, a recovery) is synced by the sync its commit set under way.
   */
  private readonly wait: WriteOptions;

  /**
   * Commits `change` to `run` and answers the run as the store now holds it (util/applied-change.ts), or
   * undefined when the change's guard failed. During a run's first turn (firstTurn) the change is
   * kept for the run's insert instead, its guard checked against the run in hand.
   */
  async commit(run: RunRecord, change: Omit<RunChange, 'at'>): Promise<RunRecord | undefined> {
    const full: RunChange = extend(change, { at: this.now().toISOString() });
    const firstTurn = this.firstTurns.get(run.runId);
    if (firstTurn) {
      if (change.expectStatus && !change.expectStatus.includes(run.status)) return undefined;
      firstTurn.push(full);
      return applied(run, full);
    }
    const res = await this.deps.store.commitRunChange(full, this.wait);
    if (!res.ok) return undefined;
    killPoint('step-commit');
    this.deps.feed.publish({ kind: 'run', runId: run.runId });
    return applied(run, full);
  }

  /**
   * A new run's first turn, in memory: its start and every step up to the point where it ends,
   * suspends or waits for a message (a delay stops it: its timer is armed only once the run is
   * stored). Answers the run as it then is and the changes that got it there, which the caller
   * inserts with the run in one transaction (RunStore.insertRun `changes`): one commit per run
   * instead of one per step, the same events in the same order with the same sequence numbers.
   * Nothing is published: the caller publishes once the insert is committed.
   */
  async firstTurn(run: RunRecord): Promise<{ run: RunRecord; changes: RunChange[] }> {
    const changes: RunChange[] = [];
    this.firstTurns.set(run.runId, changes);
    try {
      return { run: await this.start(run), changes };
    } finally {
      this.firstTurns.delete(run.runId);
    }
  }

  /** pending → running with `run.started`, then execute; answers the run as it then is. */
  async start(run: RunRecord): Promise<RunRecord> {
    if (run.status !== 'pending') return run;
    const started = await this.commit(run, startedChange(run, this.now()));
    return started ? this.step(started) : run;
  }

  /**
   * `step` of a run not in hand: a timer that fired, or a new run still running after its first
   * turn (read again under the lease: another host's sweep may have stepped it in between).
   */
  async stepStored(runId: string): Promise<RunRecord | undefined> {
    const run = await this.deps.store.getRun(runId);
    return run && this.step(run);
  }

  /** Execute nodes until the run suspends, sleeps or ends; answers the run as it then is. */
  async step(from: RunRecord): Promise<RunRecord> {
    let run = from;
    for (;;) {
      if (this.closed || run.status !== 'running') return run;
      const def = run.definition as unknown as WorkflowDefinition;
      const node = def.nodes[run.engine.nodeIndex];
      if (!node) return (await this.finish(run, {})) ?? run;
      let next: Step;
      try {
        next = await this.execute(run, node);
      } catch (err) {
        if (isStoreUnavailable(err)) throw err; // no fault of the run's: stalled.ts carries it on
        return this.failInternally(run, node, err);
      }
      // A guard that failed: the run is no longer as in hand (rare under the lease): read it.
      if (!next.run) return (await this.deps.store.getRun(run.runId)) ?? run;
      run = next.run;
      if (!next.goOn) return run;
    }
  }

  /** Runs one node: the run after it (undefined when its commit's guard failed), and whether to go on. */
  private async execute(run: RunRecord, node: NodeDef): Promise<Step> {
    const scope = { inputs: run.inputs, vars: run.engine.vars };
    switch (node.kind) {
      case 'complete':
        return stop(await this.finish(run, (render(node.output ?? {}, scope) ?? {}) as JsonObject));
      case 'fail':
        return stop(await this.commit(run, failedChange(run, node.error, node.id, this.now())));
      case 'delay':
      case 'wait':
        return this.sleep(run, node);
      case 'log':
        return goOn(await this.commit(run, loggedChange(run, node, scope)));
      case 'approval':
      case 'input':
      case 'credential':
      case 'client-request':
      case 'all':
        return stop(await this.commit(run, suspension(run, node, this.now().toISOString())));
      case 'converse':
        return converseStep(run, node, this.now().toISOString(), (r, c) => this.commit(r, c));
      case 'a2a-call':
      case 'mcp-call':
        return this.outbound.step(run, node, this.firstTurns.has(run.runId));
    }
  }

  /**
   * A message through the run's declared input path: the open conversation at the run's current
   * node takes it and answers, in one commit with the binding's note; if that closes the
   * conversation, the run goes on with its next node.
   */
  async message(
    subject: Subject,
    run: RunRecord,
    request: RunMessageRequest,
  ): Promise<{ run: RunRecord; reply: ConversationReply }> {
    if (this.isTerminal(run.status)) throw new CoreError('run_terminal', 'the run has ended');
    const def = run.definition as unknown as WorkflowDefinition;
    const node = def.nodes[run.engine.nodeIndex];
    const state = node?.kind === 'converse' ? conversationState(run, node) : undefined;
    if (run.status !== 'running' || node?.kind !== 'converse' || !state) {
      throw new CoreError('run_already_active', 'the run is not waiting for a message');
    }
    const at = this.now().toISOString();
    const { change, reply, closes } = nextExchange(subject, run, node, state, request, at);
    const after = await this.commit(run, change);
    if (!after) throw new CoreError('run_terminal', 'the run is no longer waiting for a message');
    return { run: closes ? await this.step(after) : after, reply };
  }

  /**
   * A step the host itself could not carry out (a store fault, an engine bug) fails its run with
   * `internal_error` rather than leaving it running forever; what went wrong goes to the host's log,
   * never into the run (no stack trace on the wire). If even that write fails, the run stays
   * `running` and recovery retries the step after a restart.
   */
  private async failInternally(run: RunRecord, node: NodeDef, err: unknown): Promise<RunRecord> {
    this.deps.onError?.(err, run.runId);
    const error = { code: INTERNAL_ERROR, message: `the host could not carry out step ${node.id}` };
    try {
      return (await this.commit(run, failedChange(run, error, node.id, this.now()))) ?? run;
    } catch (again) {
      this.deps.onError?.(again, run.runId);
      return run;
    }
  }

  private finish(run: RunRecord, outputs: JsonObject): Promise<RunRecord | undefined> {
    return this.commit(run, completedChange(run, outputs, this.now()));
  }

  private async sleep(
    run: RunRecord,
    node: Extract<NodeDef, { kind: 'delay' | 'wait' }>,
  ): Promise<Step> {
    // A first turn stops here: the timer is armed once the run is stored (RunCore.createRun).
    if (this.firstTurns.has(run.runId)) return stop(run);
    const fromInput = node.delayMsInput === undefined ? undefined : run.inputs[node.delayMsInput];
    const ms = typeof fromInput === 'number' && fromInput >= 0 ? fromInput : node.delayMs;
    if (ms === undefined) return stop(run); // `wait` without a duration: only cancellation ends it.
    let deadline = run.engine.deadline;
    let current = run;
    if (deadline === undefined) {
      deadline = this.now().getTime() + ms;
      const armed = await this.commit(run, deadlineChange(run, deadline));
      if (!armed) return stop(undefined);
      current = armed;
    }
    const remaining = deadline - this.now().getTime();
    if (remaining > 0) {
      this.schedule(run.runId, remaining);
      return stop(current);
    }
    return goOn(await this.commit(current, sleptChange(run, node)));
  }

  private schedule(runId: string, ms: number): void {
    this.clearTimer(runId);
    const timer = setTimeout(() => {
      this.timers.delete(runId);
      void this.exclusive(runId, () => this.stepStored(runId)).catch(() => undefined);
    }, ms);
    this.timers.set(runId, timer);
  }

  private clearTimer(runId: string): void {
    const t = this.timers.get(runId);
    if (t) clearTimeout(t);
    this.timers.delete(runId);
  }

  /**
   * Answer an open interrupt (see resolve.ts for what each action does); the binding note, if any,
   * commits with the answer.
   */
  async resolve(
    subject: Subject,
    run: RunRecord,
    interruptId: string,
    req: ResolveInterruptRequest,
  ): Promise<RunRecord> {
    const it = await this.deps.store.getInterrupt(interruptId);
    const at = this.now().toISOString();
    const { change, resumes } = await resolutionChange({
      subject,
      run,
      interrupt: it,
      interruptId,
      answer: req,
      at,
      durationMs: durationMs(run, this.now()),
      othersOpen: async () =>
        (await this.deps.store.listInterrupts(run.runId, 'open')).some(
          (o) => o.interruptId !== interruptId,
        ),
    });
    if (req.note) change.note = req.note;
    const res = await this.deps.store.commitRunChange(change, this.wait);
    if (!res.ok) {
      if (res.conflict === 'interrupt')
        throw new CoreError('interrupt_already_resolved', 'the interrupt is already resolved');
      throw new CoreError('run_terminal', 'the run is not waiting on this interrupt');
    }
    killPoint('interrupt-resolve');
    this.deps.feed.publish({ kind: 'run', runId: run.runId });
    const after = applied(run, change);
    return resumes ? this.step(after) : after;
  }

  /** Move a live run to cancelled, cancel its open interrupts and append `run.cancelled`. */
  async cancel(
    run: RunRecord,
    reason: string | undefined,
    cancelledBy: string | undefined,
  ): Promise<RunRecord> {
    const after = await this.commit(run, cancelledChange(run, reason, cancelledBy, this.now()));
    if (after) killPoint('cancel');
    this.clearTimer(run.runId);
    if (after) this.outbound.cancel(run);
    if (!after) throw new CoreError('run_terminal', 'the run has already ended');
    return after;
  }

  /**
   * At start: claim the live runs no host carries (after a restart, all of them on a store of one
   * process) and resume them; then, when the leases span hosts, sweep again every so often for the
   * runs of a host that died.
   */
  async recover(): Promise<void> {
    await this.resumeOrphans(RECOVER_ALL);
    const every = this.leases.sweepEveryMs;
    if (every !== undefined && !this.closed) {
      this.sweeper = setInterval(() => {
        this.resumeOrphans(SWEEP_BATCH).catch((err: unknown) => this.deps.onError?.(err, '-'));
      }, every);
      this.sweeper.unref();
    }
  }

  /** Start pending runs, resume running ones (re-arming delays), finish cancelling ones. */
  private async resumeOrphans(limit: number): Promise<void> {
    const ids = await this.leases.claimOrphans(RESUMABLE, limit);
    for (const runId of ids) {
      if (this.closed) return;
      await this.exclusive(runId, () => this.resume(runId));
    }
  }

  /** Carry a live run forward from what the store holds (its lease held by the caller). */
  private async resume(runId: string): Promise<void> {
    const run = await this.deps.store.getRun(runId);
    if (!run || this.closed) return;
    if (run.status === 'pending') await this.start(run);
    else if (run.status === 'running') await this.step(run);
    else if (run.status === 'cancelling') await this.cancel(run, 'host-restart', undefined);
  }

  isTerminal(status: RunStatus): boolean {
    return (terminalRunStatuses as readonly string[]).includes(status);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stalled.close();
    clearInterval(this.sweeper);
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.outbound.close();
    await this.leases.close();
  }
}
