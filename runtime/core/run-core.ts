// Reference RunCore over a Store and the reference engine. Every read is tenant-scoped by the
// caller's Subject; an unreadable run is indistinguishable from an unknown one (interop.md Isolation).
import type { Subject } from '../auth/subject.ts';
import { principalOf } from '../auth/subject.ts';
import { mintEventId, mintRunId, tenantOf } from '../ids.ts';
import type { RunRecord, Store } from '../store/port.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { requestDigest } from './digest.ts';
import { Engine } from './engine/engine.ts';
import { checkAgainst } from './engine/json-schema.ts';
import { CoreError } from './errors.ts';
import { Signals } from './notifier.ts';
import type {
  CreateRunRequest,
  HostEvent,
  Interrupt,
  ListRunsQuery,
  ResolveInterruptRequest,
  RunCore,
  RunEvent,
  RunSnapshot,
  RunTimes,
} from './port.ts';
import { toSnapshot } from './snapshot.ts';
import { followHostEvents, followRunEvents, toHostEvent, toRunEvent } from './streams.ts';
import type { WorkflowRegistry } from './workflows/index.ts';

export interface RunCoreOptions {
  store: Store;
  workflows: WorkflowRegistry;
  now?: () => Date;
  /** Host-side failures while running a step (the host's logger); the run fails with internal_error. */
  onError?: (err: unknown, runId: string) => void;
}

/** Build the core and resume whatever the previous process left running (see Engine.recover). */
export async function createRunCore(options: RunCoreOptions): Promise<RunCore> {
  const core = new ReferenceRunCore(options);
  await core.recover();
  return core;
}

class ReferenceRunCore implements RunCore {
  private readonly store: Store;
  private readonly workflows: WorkflowRegistry;
  private readonly runSignals = new Signals();
  private readonly hostSignals = new Signals();
  private readonly engine: Engine;
  private readonly now: () => Date;

  constructor(options: RunCoreOptions) {
    this.store = options.store;
    this.workflows = options.workflows;
    this.now = options.now ?? (() => new Date());
    this.engine = new Engine({
      store: this.store,
      runSignals: this.runSignals,
      now: this.now,
      ...(options.onError && { onError: options.onError }),
    });
  }

  recover(): Promise<void> {
    return this.engine.recover();
  }

  /** The run if `subject` may read it: same tenant, well-formed id. */
  private async readable(subject: Subject, runId: string): Promise<RunRecord | undefined> {
    if (tenantOf(runId) !== subject.tenant) return undefined;
    const run = await this.store.getRun(runId);
    return run && run.tenant === subject.tenant ? run : undefined;
  }

  async createRun(
    subject: Subject,
    req: CreateRunRequest,
  ): Promise<{ run: RunSnapshot; created: boolean }> {
    const digest =
      req.requestDigest ??
      requestDigest({ workflowId: req.workflowId, inputs: req.inputs, metadata: req.metadata });
    const principal = principalOf(subject);
    if (req.idempotencyKey !== undefined) {
      const prior = await this.store.findIdempotency(subject.tenant, principal, req.idempotencyKey);
      if (prior) {
        if (prior.requestDigest !== digest) {
          throw new CoreError(
            'idempotency_key_mismatch',
            'idempotency key reused with a different request',
          );
        }
        const run = await this.store.getRun(prior.runId);
        if (run) return { run: toSnapshot(run), created: false };
      }
    }
    const definition = this.workflows.get(req.workflowId);
    if (!definition)
      throw new CoreError('not_found', `unknown workflow ${req.workflowId}`, {
        workflowId: req.workflowId,
      });
    const issues = checkAgainst(definition.inputSchema, req.inputs);
    if (issues.length > 0)
      throw new CoreError('validation_error', 'inputs do not match the workflow input schema', {
        issues,
      });

    const at = this.now().toISOString();
    const run: RunRecord = {
      runId: mintRunId(subject.tenant),
      tenant: subject.tenant,
      workflowId: req.workflowId,
      status: 'pending',
      owner: subject,
      inputs: req.inputs,
      transport: req.transport,
      trustBoundary: req.trustBoundary ?? 'untrusted',
      createdAt: at,
      updatedAt: at,
      statusAt: at,
      definition: definition as unknown as Record<string, unknown>,
      engine: { nodeIndex: 0, vars: {} },
    };
    if (req.metadata) run.metadata = req.metadata;
    const idem =
      req.idempotencyKey === undefined
        ? undefined
        : {
            tenant: subject.tenant,
            principal,
            key: req.idempotencyKey,
            requestDigest: digest,
            runId: run.runId,
            createdAt: at,
          };
    try {
      await this.store.insertRun(run, idem);
    } catch (err) {
      // A concurrent request with the same key won the insert: answer as its replay would.
      const prior = idem && (await this.store.findIdempotency(idem.tenant, principal, idem.key));
      if (!prior) throw err;
      if (prior.requestDigest !== digest) {
        throw new CoreError(
          'idempotency_key_mismatch',
          'idempotency key reused with a different request',
        );
      }
      const existing = await this.store.getRun(prior.runId);
      if (!existing) throw err;
      return { run: toSnapshot(existing), created: false };
    }
    await this.engine.exclusive(run.runId, () => this.engine.start(run.runId));
    const current = await this.store.getRun(run.runId);
    return { run: toSnapshot(current ?? run), created: true };
  }

  async getRun(subject: Subject, runId: string): Promise<RunSnapshot | undefined> {
    const run = await this.readable(subject, runId);
    return run && toSnapshot(run);
  }

  async listRuns(
    subject: Subject,
    query: ListRunsQuery = {},
  ): Promise<{ runs: RunSnapshot[]; nextCursor: string | null }> {
    const limit = query.limit ?? 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw new CoreError('validation_error', 'limit must be an integer from 1 to 100', {
        field: 'limit',
      });
    }
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const rows = await this.store.listRuns({
      tenant: subject.tenant,
      limit: limit + 1,
      ...(before && { before }),
      ...(query.workflowId !== undefined && { workflowId: query.workflowId }),
      ...(query.status !== undefined && { status: query.status }),
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > limit && last
        ? encodeCursor({ createdAt: last.createdAt, runId: last.runId })
        : null;
    return { runs: page.map(toSnapshot), nextCursor };
  }

  async cancelRun(
    subject: Subject,
    runId: string,
    options: { reason?: string; cancelledBy?: string } = {},
  ): Promise<RunSnapshot | undefined> {
    if (!(await this.readable(subject, runId))) return undefined;
    return this.engine.exclusive(runId, async () => {
      const run = await this.store.getRun(runId);
      if (!run) return undefined;
      if (this.engine.isTerminal(run.status))
        throw new CoreError('run_terminal', 'the run has already ended');
      await this.engine.cancel(run, options.reason, options.cancelledBy ?? subject.subjectId);
      const after = await this.store.getRun(runId);
      return after && toSnapshot(after);
    });
  }

  async openInterrupts(subject: Subject, runId: string): Promise<Interrupt[] | undefined> {
    if (!(await this.readable(subject, runId))) return undefined;
    return this.store.listInterrupts(runId, 'open');
  }

  async resolveInterrupt(
    subject: Subject,
    runId: string,
    interruptId: string,
    req: ResolveInterruptRequest,
  ): Promise<RunSnapshot> {
    if (!(await this.readable(subject, runId))) throw new CoreError('not_found', 'no such run');
    return this.engine.exclusive(runId, async () => {
      const run = await this.store.getRun(runId);
      if (!run) throw new CoreError('not_found', 'no such run');
      await this.engine.resolve(subject, run, interruptId, req.action, req.value);
      const after = await this.store.getRun(runId);
      return toSnapshot(after ?? run);
    });
  }

  async readEvents(
    subject: Subject,
    runId: string,
    afterSequence: number,
    limit: number,
  ): Promise<RunEvent[] | undefined> {
    if (!(await this.readable(subject, runId))) return undefined;
    const events = await this.store.readEvents(
      runId,
      afterSequence,
      Math.max(1, Math.min(limit, 1000)),
    );
    return events.map(toRunEvent);
  }

  async runTimes(subject: Subject, runId: string): Promise<RunTimes | undefined> {
    const run = await this.readable(subject, runId);
    return run && { createdAt: run.createdAt, statusAt: run.statusAt, updatedAt: run.updatedAt };
  }

  async lastSequence(subject: Subject, runId: string): Promise<number | undefined> {
    if (!(await this.readable(subject, runId))) return undefined;
    return this.store.lastEventSequence(runId);
  }

  async streamRunEvents(
    subject: Subject,
    runId: string,
    options: { afterSequence: number; signal?: AbortSignal },
  ): Promise<AsyncIterable<RunEvent> | undefined> {
    if (!(await this.readable(subject, runId))) return undefined;
    return followRunEvents(
      this.store,
      this.runSignals,
      runId,
      options.afterSequence,
      options.signal,
    );
  }

  async waitFor(
    subject: Subject,
    runId: string,
    predicate: (run: RunSnapshot) => boolean,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<RunSnapshot | undefined> {
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const wake = this.runSignals.next(runId, {
        timeoutMs: Math.max(0, deadline - Date.now()),
        ...(options.signal && { signal: options.signal }),
      });
      const run = await this.readable(subject, runId);
      if (!run) return undefined;
      const snap = toSnapshot(run);
      if (
        predicate(snap) ||
        Date.now() >= deadline ||
        options.signal?.aborted ||
        this.runSignals.isClosed
      )
        return snap;
      await wake;
    }
  }

  async appendHostEvent(
    tenant: string,
    event: { type: string; delivery: 'durable'; payload: object },
  ): Promise<HostEvent> {
    const stored = await this.store.appendHostEvent({
      eventId: mintEventId(),
      tenant,
      type: event.type,
      timestamp: this.now().toISOString(),
      delivery: event.delivery,
      payload: { ...event.payload },
    });
    this.hostSignals.notify(tenant);
    return toHostEvent(stored);
  }

  private async afterSeq(tenant: string, afterEventId?: string): Promise<number> {
    if (afterEventId === undefined) return 0;
    return (await this.store.hostEventSeq(tenant, afterEventId)) ?? 0;
  }

  async listHostEvents(tenant: string, afterEventId?: string): Promise<HostEvent[]> {
    const events = await this.store.listHostEvents(
      tenant,
      await this.afterSeq(tenant, afterEventId),
      1000,
    );
    return events.map(toHostEvent);
  }

  streamHostEvents(
    tenant: string,
    options: { afterEventId?: string; signal?: AbortSignal },
  ): AsyncIterable<HostEvent> {
    const { store, hostSignals } = this;
    const afterSeq = (): Promise<number> => this.afterSeq(tenant, options.afterEventId);
    return {
      async *[Symbol.asyncIterator]() {
        yield* followHostEvents(store, hostSignals, tenant, await afterSeq(), options.signal);
      },
    };
  }

  async appendRunEvent(runId: string, type: string, payload: object): Promise<RunEvent> {
    return this.engine.exclusive(runId, async () => {
      const res = await this.store.commitRunChange({
        runId,
        at: this.now().toISOString(),
        events: [{ type, payload }],
      });
      if (!res.ok || !res.events[0]) throw new CoreError('not_found', 'no such run');
      this.runSignals.notify(runId);
      return toRunEvent(res.events[0]);
    });
  }

  async close(): Promise<void> {
    this.engine.close();
    this.runSignals.close();
    this.hostSignals.close();
    await this.store.close();
  }
}
