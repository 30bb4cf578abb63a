// Reference engine: runs a JSON workflow definition node by node, persisting every transition as one
// RunChange so a new engine over the same store resumes where the old one stopped (DESIGN.md §5).
import type { RunStatus } from '../../../generated/run-status.ts';
import { terminalRunStatuses } from '../../../generated/run-status.ts';
import type { Subject } from '../../auth/subject.ts';
import { mintInterruptId } from '../../ids.ts';
import type {
  EngineState,
  InterruptKind,
  InterruptRecord,
  JsonObject,
  RunChange,
  RunRecord,
  Store,
} from '../../store/port.ts';
import { CoreError } from '../errors.ts';
import type { Signals } from '../notifier.ts';
import { clientResultSchemas } from './client-results.ts';
import type { AskNode, NodeDef, WorkflowDefinition } from './definition.ts';
import { checkAgainst, redactSecrets } from './json-schema.ts';
import { render } from './template.ts';

const WAITING: readonly RunStatus[] = ['waiting-approval', 'waiting-input', 'waiting-external'];
const LIVE: readonly RunStatus[] = ['pending', 'running', 'paused', 'cancelling', ...WAITING];

/**
 * Error codes the engine writes into `run.failed` when an interrupt is declined. They are run-level
 * error codes (RunSnapshot.error.code), not OpenWOP refusal codes.
 */
export const DECLINED_APPROVAL = 'approval_rejected';
export const DECLINED_INPUT = 'interrupt_declined';
/** `run.cancelled.reason` when the responder answers an interrupt with action `cancel`. */
export const INTERRUPT_CANCEL_REASON = 'interrupt-cancelled';
/** RunSnapshot.error.code of a run failed by the host rather than by its workflow (errors.json). */
export const INTERNAL_ERROR = 'internal_error';

export interface EngineDeps {
  store: Store;
  runSignals: Signals;
  now?: () => Date;
  /** Where host-side failures are reported (the host's logger). */
  onError?: (err: unknown, runId: string) => void;
}

export class Engine {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private closed = false;
  private readonly now: () => Date;

  constructor(private readonly deps: EngineDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Serialise every operation on one run inside this process. */
  exclusive<T>(runId: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(runId) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => undefined);
    this.locks.set(runId, tail);
    void tail.then(() => {
      if (this.locks.get(runId) === tail) this.locks.delete(runId);
    });
    return next;
  }

  private async commit(change: Omit<RunChange, 'at'>): Promise<boolean> {
    const res = await this.deps.store.commitRunChange({ ...change, at: this.now().toISOString() });
    if (res.ok) this.deps.runSignals.notify(change.runId);
    return res.ok;
  }

  private durationMs(run: RunRecord): number {
    return Math.max(0, this.now().getTime() - Date.parse(run.startedAt ?? run.createdAt));
  }

  /** pending → running with `run.started`, then execute. */
  async start(runId: string): Promise<void> {
    const run = await this.deps.store.getRun(runId);
    if (!run || run.status !== 'pending') return;
    const ok = await this.commit({
      runId,
      expectStatus: ['pending'],
      patch: { status: 'running', startedAt: this.now().toISOString() },
      events: [
        {
          type: 'run.started',
          payload: {
            workflowId: run.workflowId,
            inputs: run.inputs,
            transport: run.transport,
            trustBoundary: run.trustBoundary,
          },
        },
      ],
    });
    if (ok) await this.step(runId);
  }

  /** Execute nodes until the run suspends, sleeps or ends. */
  async step(runId: string): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const run = await this.deps.store.getRun(runId);
      if (!run || run.status !== 'running') return;
      const def = run.definition as unknown as WorkflowDefinition;
      const node = def.nodes[run.engine.nodeIndex];
      if (!node) return void (await this.finish(run, {}));
      let advanced: boolean;
      try {
        advanced = await this.execute(run, node);
      } catch (err) {
        await this.failInternally(run, node, err);
        return;
      }
      if (!advanced) return;
    }
  }

  /** Runs one node; true when the engine should continue with the next one. */
  private async execute(run: RunRecord, node: NodeDef): Promise<boolean> {
    const scope = { inputs: run.inputs, vars: run.engine.vars };
    switch (node.kind) {
      case 'complete':
        await this.finish(run, (render(node.output ?? {}, scope) ?? {}) as JsonObject);
        return false;
      case 'fail':
        await this.commit({
          runId: run.runId,
          expectStatus: ['running'],
          patch: {
            status: 'failed',
            error: node.error,
            completedAt: this.now().toISOString(),
            currentNodeId: null,
          },
          events: [
            {
              type: 'run.failed',
              payload: {
                error: node.error,
                failedNodeId: node.id,
                durationMs: this.durationMs(run),
              },
            },
          ],
        });
        return false;
      case 'delay':
      case 'wait':
        return this.sleep(run, node);
      case 'log':
        return this.commit({
          runId: run.runId,
          expectStatus: ['running'],
          patch: { engine: { nodeIndex: run.engine.nodeIndex + 1, vars: run.engine.vars } },
          events: [
            {
              type: 'log.appended',
              payload: {
                level: node.level,
                message: String(render(node.message, scope) ?? ''),
                nodeId: node.id,
              },
            },
          ],
        });
      case 'approval':
      case 'input':
      case 'credential':
      case 'client-request':
        await this.suspend(run, node, [node]);
        return false;
      case 'all':
        await this.suspend(run, node, node.nodes);
        return false;
    }
  }

  /**
   * A step the host itself could not carry out (a store fault, an engine bug) fails its run with
   * `internal_error` rather than leaving it running forever; what went wrong goes to the host's log,
   * never into the run (no stack trace on the wire). If even that write fails, the run stays
   * `running` and recovery retries the step after a restart.
   */
  private async failInternally(run: RunRecord, node: NodeDef, err: unknown): Promise<void> {
    this.deps.onError?.(err, run.runId);
    const error = { code: INTERNAL_ERROR, message: `the host could not carry out step ${node.id}` };
    try {
      await this.commit({
        runId: run.runId,
        expectStatus: ['running'],
        patch: {
          status: 'failed',
          error,
          completedAt: this.now().toISOString(),
          currentNodeId: null,
        },
        events: [
          {
            type: 'run.failed',
            payload: { error, failedNodeId: node.id, durationMs: this.durationMs(run) },
          },
        ],
      });
    } catch (again) {
      this.deps.onError?.(again, run.runId);
    }
  }

  private async finish(run: RunRecord, outputs: JsonObject): Promise<void> {
    await this.commit({
      runId: run.runId,
      expectStatus: ['running'],
      patch: {
        status: 'completed',
        outputs,
        completedAt: this.now().toISOString(),
        currentNodeId: null,
      },
      events: [{ type: 'run.completed', payload: { outputs, durationMs: this.durationMs(run) } }],
    });
  }

  private async sleep(
    run: RunRecord,
    node: Extract<NodeDef, { kind: 'delay' | 'wait' }>,
  ): Promise<boolean> {
    const fromInput = node.delayMsInput === undefined ? undefined : run.inputs[node.delayMsInput];
    const ms = typeof fromInput === 'number' && fromInput >= 0 ? fromInput : node.delayMs;
    if (ms === undefined) return false; // `wait` without a duration: only cancellation ends it.
    let deadline = run.engine.deadline;
    if (deadline === undefined) {
      deadline = this.now().getTime() + ms;
      const ok = await this.commit({
        runId: run.runId,
        expectStatus: ['running'],
        patch: { engine: { ...run.engine, deadline } },
      });
      if (!ok) return false;
    }
    const remaining = deadline - this.now().getTime();
    if (remaining > 0) {
      this.schedule(run.runId, remaining);
      return false;
    }
    const engine: EngineState = { nodeIndex: run.engine.nodeIndex + 1, vars: run.engine.vars };
    return this.commit({
      runId: run.runId,
      expectStatus: ['running'],
      patch: { engine },
      events: [{ type: 'node.completed', payload: { nodeId: node.id } }],
    });
  }

  private schedule(runId: string, ms: number): void {
    this.clearTimer(runId);
    const timer = setTimeout(() => {
      this.timers.delete(runId);
      void this.exclusive(runId, () => this.step(runId)).catch(() => undefined);
    }, ms);
    this.timers.set(runId, timer);
  }

  private clearTimer(runId: string): void {
    const t = this.timers.get(runId);
    if (t) clearTimeout(t);
    this.timers.delete(runId);
  }

  /** Opens one interrupt per `asks` (one node, or the children of an `all` node) and waits. */
  private async suspend(run: RunRecord, node: NodeDef, asks: AskNode[]) {
    const interrupts = asks.map((ask) => this.interruptFor(run, ask));
    // Projection of interrupt kind to run status follows generated/a2a/task-state.ts (credential → waiting-input).
    const status: RunStatus = interrupts.every((i) => i.kind === 'approval')
      ? 'waiting-approval'
      : 'waiting-input';
    const events: { type: string; payload: JsonObject }[] = [];
    for (const it of interrupts) {
      events.push({
        type: 'node.suspended',
        payload: { nodeId: it.nodeId, interruptId: it.interruptId, kind: it.kind },
      });
      const requested: JsonObject = {
        interruptId: it.interruptId,
        nodeId: it.nodeId,
        kind: it.kind,
      };
      if (it.schema) requested.schema = it.schema;
      if (it.approvers) requested.approvers = it.approvers;
      if (it.connectUrl) requested.connectUrl = it.connectUrl;
      if (it.clientRequest) requested.clientRequest = it.clientRequest as unknown as JsonObject;
      events.push({ type: 'interrupt.requested', payload: requested });
    }
    await this.commit({
      runId: run.runId,
      expectStatus: ['running'],
      patch: { status, currentNodeId: node.id },
      insertInterrupts: interrupts,
      events,
    });
  }

  private interruptFor(run: RunRecord, ask: AskNode): InterruptRecord {
    const kind: InterruptKind =
      ask.kind === 'approval'
        ? 'approval'
        : ask.kind === 'credential'
          ? 'credential'
          : ask.kind === 'client-request'
            ? 'custom'
            : (ask.interruptKind ?? 'input');
    const interrupt: InterruptRecord = {
      interruptId: mintInterruptId(run.tenant),
      runId: run.runId,
      nodeId: ask.id,
      kind,
      status: 'open',
      createdAt: this.now().toISOString(),
    };
    if (ask.kind === 'approval') {
      const fromInput =
        ask.approversInput === undefined ? undefined : run.inputs[ask.approversInput];
      const approvers = Array.isArray(fromInput)
        ? fromInput.filter((a) => typeof a === 'string')
        : ask.approvers;
      if (approvers && approvers.length > 0) interrupt.approvers = approvers;
    } else if (ask.kind === 'client-request') {
      const scope = { inputs: run.inputs, vars: run.engine.vars };
      const params = render(ask.params ?? {}, scope) as JsonObject;
      interrupt.clientRequest = { method: ask.method, params };
      interrupt.schema = clientResultSchemas[ask.method];
    } else {
      if (ask.schema) interrupt.schema = ask.schema;
      if (ask.kind === 'credential') interrupt.connectUrl = ask.connectUrl;
    }
    return interrupt;
  }

  /**
   * Answer an open interrupt. accept → the value (checked against the interrupt schema, secrets
   * redacted) becomes vars.<nodeId> and the run resumes; decline → run.failed (approval_rejected /
   * interrupt_declined); cancel → run.cancelled with reason interrupt-cancelled.
   */
  async resolve(
    subject: Subject,
    run: RunRecord,
    interruptId: string,
    action: 'accept' | 'decline' | 'cancel',
    value: unknown,
  ): Promise<void> {
    const it = await this.deps.store.getInterrupt(interruptId);
    if (!it || it.runId !== run.runId)
      throw new CoreError('interrupt_not_found', 'no such interrupt on this run');
    if (it.status === 'cancelled')
      throw new CoreError('interrupt_cancelled', 'the interrupt was cancelled');
    if (it.status !== 'open')
      throw new CoreError('interrupt_already_resolved', 'the interrupt is already resolved');
    if (it.approvers && it.approvers.length > 0 && !it.approvers.includes(subject.subjectId)) {
      throw new CoreError('forbidden', 'the caller is not an approver of this interrupt');
    }
    if (action === 'accept' && it.schema) {
      const issues = checkAgainst(it.schema, value);
      if (issues.length > 0)
        throw new CoreError('validation_error', 'resume value does not match the schema', {
          issues,
        });
    }
    const at = this.now().toISOString();
    const stored = value === undefined ? undefined : redactSecrets(it.schema, value);
    const resolution: JsonObject = { action, resolvedBy: subject };
    if (stored !== undefined) resolution.value = stored;
    const change: Omit<RunChange, 'at'> = {
      runId: run.runId,
      expectStatus: WAITING,
      closeInterrupt: { interruptId, status: 'resolved', resolution },
      events: [
        {
          type: 'interrupt.resolved',
          payload: { interruptId, nodeId: it.nodeId, action, resolvedBy: subject },
        },
      ],
    };
    // An `all` node moves on only once its last open interrupt is answered; no other node has more
    // than one, so only an `all` node needs the look.
    const node = (run.definition as unknown as WorkflowDefinition).nodes[run.engine.nodeIndex];
    const othersOpen =
      action === 'accept' &&
      node?.kind === 'all' &&
      (await this.deps.store.listInterrupts(run.runId, 'open')).some(
        (o) => o.interruptId !== interruptId,
      );
    if (action === 'accept') {
      const vars = { ...run.engine.vars, [it.nodeId]: stored ?? true };
      change.patch = othersOpen
        ? { engine: { nodeIndex: run.engine.nodeIndex, vars } }
        : {
            status: 'running',
            currentNodeId: null,
            engine: { nodeIndex: run.engine.nodeIndex + 1, vars },
          };
    } else if (action === 'decline') {
      const error =
        it.kind === 'approval'
          ? { code: DECLINED_APPROVAL, message: `approval ${it.nodeId} was rejected` }
          : { code: DECLINED_INPUT, message: `${it.kind} ${it.nodeId} was declined` };
      change.patch = { status: 'failed', error, completedAt: at, currentNodeId: null };
      change.cancelOpenInterrupts = true;
      change.events!.push({
        type: 'run.failed',
        payload: { error, failedNodeId: it.nodeId, durationMs: this.durationMs(run) },
      });
    } else {
      change.patch = { status: 'cancelled', completedAt: at, currentNodeId: null };
      change.cancelOpenInterrupts = true;
      change.events!.push({
        type: 'run.cancelled',
        payload: {
          reason: INTERRUPT_CANCEL_REASON,
          cancelledBy: subject.subjectId,
          durationMs: this.durationMs(run),
        },
      });
    }
    const res = await this.deps.store.commitRunChange({ ...change, at });
    if (!res.ok) {
      if (res.conflict === 'interrupt')
        throw new CoreError('interrupt_already_resolved', 'the interrupt is already resolved');
      throw new CoreError('run_terminal', 'the run is not waiting on this interrupt');
    }
    this.deps.runSignals.notify(run.runId);
    if (action === 'accept' && !othersOpen) await this.step(run.runId);
  }

  /** Move a live run to cancelled, cancel its open interrupts and append `run.cancelled`. */
  async cancel(
    run: RunRecord,
    reason: string | undefined,
    cancelledBy: string | undefined,
  ): Promise<void> {
    const payload: JsonObject = { durationMs: this.durationMs(run) };
    if (reason !== undefined) payload.reason = reason;
    if (cancelledBy !== undefined) payload.cancelledBy = cancelledBy;
    const ok = await this.commit({
      runId: run.runId,
      expectStatus: LIVE,
      patch: {
        status: 'cancelled',
        completedAt: this.now().toISOString(),
        currentNodeId: null,
        engine: { nodeIndex: run.engine.nodeIndex, vars: run.engine.vars },
      },
      cancelOpenInterrupts: true,
      events: [{ type: 'run.cancelled', payload }],
    });
    this.clearTimer(run.runId);
    if (!ok) throw new CoreError('run_terminal', 'the run has already ended');
  }

  /** After a restart: start pending runs, resume running ones (re-arming delays), finish cancelling ones. */
  async recover(): Promise<void> {
    const runs = await this.deps.store.listRunsByStatus(['pending', 'running', 'cancelling']);
    for (const run of runs) {
      await this.exclusive(run.runId, async () => {
        if (run.status === 'pending') return this.start(run.runId);
        if (run.status === 'running') return this.step(run.runId);
        return this.cancel(run, 'host-restart', undefined);
      });
    }
  }

  isTerminal(status: RunStatus): boolean {
    return (terminalRunStatuses as readonly string[]).includes(status);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
