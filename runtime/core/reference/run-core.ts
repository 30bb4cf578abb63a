// The reference RunCore: the port (ports/run-core.ts) over a RunStore, a ChangeFeed and the reference
// engine. Every read is tenant-scoped by the caller's Subject; an unreadable run is indistinguishable
// from an unknown one (interop.md Isolation).
//
// Operations on one run are serialised by Engine.exclusive over the RunLeases port: in memory for a
// single process, across hosts when the host composes leases that span them (a PostgreSQL store),
// together with a change feed that crosses processes.
import type { OutboundDeps } from './engine/outbound/types.ts';
import { tenantOf } from '../../ids.ts';
import type { Subject } from '../../ports/auth.ts';
import type { ChangeFeed } from '../../ports/change-feed.ts';
import type { RunLeases } from '../../ports/run-leases.ts';
import { CoreError } from '../../ports/errors.ts';
import type { NewRunEvent, RunEvent } from '../../ports/events.ts';
import type { Interrupt } from '../../ports/interrupts.ts';
import type {
  BindingNote,
  BindingRecord,
  ConversationReply,
  CreatedRun,
  CreateRunRequest,
  ListRunsQuery,
  ResolveInterruptRequest,
  RunCore,
  RunCountQuery,
  RunMessageRequest,
  RunSnapshot,
  RunTimes,
  RunView,
} from '../../ports/run-core.ts';
import type {
  InterruptRecord,
  RunFilter,
  RunRecord,
  RunStore,
  WriteOptions,
} from '../../ports/store/run-store.ts';
import { awaitsMessage, type WorkflowView } from '../../ports/workflows.ts';
import { createNewRun } from './new-run.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { readReplies } from './engine/converse.ts';
import { Engine } from './engine/engine.ts';
import { runTimesOf, toInterrupt, toRunView, toSnapshot } from './snapshot.ts';
import { followRunEvents, toRunEvent } from './streams.ts';
import { workflowView } from './workflows/view.ts';
import type { WorkflowRegistry } from './workflows/index.ts';

export interface RunCoreOptions {
  runs: RunStore;
  feed: ChangeFeed;
  /** Per-run exclusion and live-run ownership; in memory (one process per store) when absent. */
  leases?: RunLeases;
  workflows: WorkflowRegistry;
  now?: () => Date;
  /** Host-side failures while running a step (the host's logger); the run fails with internal_error. */
  onError?: (err: unknown, runId: string) => void;
  /** What the operator should know that fails nothing (the host's logger, at warn). */
  onWarning?: (message: string, runId: string) => void;
  /** How outbound steps (a2a-call, mcp-call) leave the host; they fail without it. */
  outbound?: OutboundDeps;
}

/** The filters of a list or count query the store applies (RunFilter), nothing else. */
function filtersOf(q: RunCountQuery): RunFilter {
  return {
    ...(q.statuses && { statuses: q.statuses }),
    ...(q.statusAfter !== undefined && { statusAfter: q.statusAfter }),
    ...(q.workflowIds && { workflowIds: q.workflowIds }),
    ...(q.contextId !== undefined && { contextId: q.contextId }),
    ...(q.openKinds && { openKinds: q.openKinds }),
  };
}

/** Build the core and resume whatever the previous process left running (see Engine.recover). */
export async function createRunCore(options: RunCoreOptions): Promise<RunCore> {
  const core = new ReferenceRunCore(options);
  await core.recover();
  return core;
}

class ReferenceRunCore implements RunCore {
  private readonly runs: RunStore;
  private readonly feed: ChangeFeed;
  private readonly engine: Engine;
  private readonly now: () => Date;
  private readonly views: Map<string, WorkflowView>;
  /** Present when the store keeps a per-tenant count (RunStore.countRuns). */
  readonly countRuns?: (subject: Subject) => Promise<number>;
  /** Present when the store counts filtered runs (RunStore.countMatchingRuns). */
  readonly countMatchingRuns?: (subject: Subject, query: RunCountQuery) => Promise<number>;

  constructor(private readonly options: RunCoreOptions) {
    this.runs = options.runs;
    const count = options.runs.countRuns?.bind(options.runs);
    if (count) this.countRuns = (subject) => count(subject.tenant);
    const matching = options.runs.countMatchingRuns?.bind(options.runs);
    if (matching) {
      this.countMatchingRuns = (subject, query) => matching(subject.tenant, filtersOf(query));
    }
    this.feed = options.feed;
    this.now = options.now ?? (() => new Date());
    this.views = new Map(options.workflows.list().map((w) => [w.id, workflowView(w)]));
    this.engine = new Engine({
      store: this.runs,
      feed: this.feed,
      ...(options.leases && { leases: options.leases }),
      now: this.now,
      ...(options.onError && { onError: options.onError }),
      ...(options.onWarning && { onWarning: options.onWarning }),
      ...(options.outbound && { outbound: options.outbound }),
    });
  }

  recover(): Promise<void> {
    return this.engine.recover();
  }

  /** The run if `subject` may read it: same tenant, well-formed id. */
  private async readable(subject: Subject, runId: string): Promise<RunRecord | undefined> {
    if (tenantOf(runId) !== subject.tenant) return undefined;
    const run = await this.runs.getRun(runId);
    return run && run.tenant === subject.tenant ? run : undefined;
  }

  async listWorkflows(): Promise<WorkflowView[]> {
    return [...this.views.values()];
  }

  async getWorkflow(_subject: Subject, workflowId: string): Promise<WorkflowView | undefined> {
    return this.views.get(workflowId);
  }

  /**
   * Before answering a request that changed state: its commits were made with `wait: 'commit'`
   * (engine.ts), so wait here once for them all to be durable (interop durability: nothing
   * acknowledged is lost). A replay waits too: the run it answers with may still be syncing.
   */
  private async durable<T>(answer: T): Promise<T> {
    await this.runs.durable?.();
    return answer;
  }

  async createRun(subject: Subject, req: CreateRunRequest): Promise<CreatedRun> {
    const deps = {
      runs: this.runs,
      feed: this.feed,
      engine: this.engine,
      now: this.now,
      workflows: this.options.workflows,
      replies: (run: RunRecord) => this.replies(run),
      awaitsMessage: (run: RunRecord) => this.awaitsMessage(run),
    };
    return this.durable(await createNewRun(deps, subject, req));
  }

  async getRun(subject: Subject, runId: string): Promise<RunSnapshot | undefined> {
    const run = await this.readable(subject, runId);
    return run && toSnapshot(run);
  }

  async listRuns(
    subject: Subject,
    query: ListRunsQuery = {},
  ): Promise<{ runs: RunSnapshot[]; nextCursor: string | null }> {
    const { rows, nextCursor } = await this.page(subject, query);
    return { runs: rows.map(toSnapshot), nextCursor };
  }

  async listRunViews(
    subject: Subject,
    query: ListRunsQuery,
    binding: BindingNote['binding'],
  ): Promise<{ views: RunView[]; nextCursor: string | null }> {
    const { rows, nextCursor } = await this.page(subject, query);
    const ids = rows.map((r) => r.runId);
    const [open, records, replies] = await Promise.all([
      this.runs.listInterruptsOfRuns(ids, 'open'),
      this.runs.getBindingRecords(ids, binding),
      Promise.all(rows.map((run) => this.replies(run))),
    ]);
    const openOf = new Map<string, InterruptRecord[]>();
    for (const it of open) {
      const list = openOf.get(it.runId);
      if (list) list.push(it);
      else openOf.set(it.runId, [it]);
    }
    const views = rows.map((run, i) =>
      toRunView(
        run,
        openOf.get(run.runId) ?? [],
        records.get(run.runId),
        replies[i],
        this.awaitsMessage(run),
      ),
    );
    return { views, nextCursor };
  }

  /** One keyset page of the subject's runs, as stored. */
  private async page(
    subject: Subject,
    query: ListRunsQuery,
  ): Promise<{ rows: RunRecord[]; nextCursor: string | null }> {
    const limit = query.limit ?? 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw new CoreError('validation_error', 'limit must be an integer from 1 to 100', {
        field: 'limit',
      });
    }
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    // The store bounds what a page examines (RunListPage): its cost follows the page.
    const page = await this.runs.listRuns({
      tenant: subject.tenant,
      limit,
      ...(before && { before }),
      ...(query.workflowId !== undefined && { workflowId: query.workflowId }),
      ...(query.status !== undefined && { status: query.status }),
      ...filtersOf(query),
    });
    return { rows: page.runs, nextCursor: page.next ? encodeCursor(page.next) : null };
  }

  async cancelRun(
    subject: Subject,
    runId: string,
    options: { reason?: string; cancelledBy?: string } = {},
  ): Promise<RunSnapshot | undefined> {
    if (!(await this.readable(subject, runId))) return undefined;
    return this.engine.exclusive(runId, async () => {
      const run = await this.runs.getRun(runId);
      if (!run) return undefined;
      if (this.engine.isTerminal(run.status))
        throw new CoreError('run_terminal', 'the run has already ended');
      const after = await this.engine.cancel(
        run,
        options.reason,
        options.cancelledBy ?? subject.subjectId,
      );
      return this.durable(toSnapshot(after));
    });
  }

  async openInterrupts(subject: Subject, runId: string): Promise<Interrupt[] | undefined> {
    const run = await this.readable(subject, runId);
    if (!run) return undefined;
    return (await this.runs.listInterrupts(runId, 'open')).map((it) => toInterrupt(it, run));
  }

  async resolveInterrupt(
    subject: Subject,
    runId: string,
    interruptId: string,
    req: ResolveInterruptRequest,
  ): Promise<RunSnapshot> {
    if (!(await this.readable(subject, runId))) throw new CoreError('not_found', 'no such run');
    return this.engine.exclusive(runId, async () => {
      const run = await this.runs.getRun(runId);
      if (!run) throw new CoreError('not_found', 'no such run');
      const after = await this.engine.resolve(subject, run, interruptId, req);
      return this.durable(toSnapshot(after));
    });
  }

  async sendRunMessage(
    subject: Subject,
    runId: string,
    request: RunMessageRequest,
  ): Promise<{ run: RunSnapshot; reply: ConversationReply } | undefined> {
    if (!(await this.readable(subject, runId))) return undefined;
    return this.engine.exclusive(runId, async () => {
      const run = await this.runs.getRun(runId);
      if (!run) return undefined;
      const { run: after, reply } = await this.engine.message(subject, run, request);
      return this.durable({ run: toSnapshot(after), reply });
    });
  }

  /** Whether the run waits for the next message of a conversation (RunView.awaitingMessage). */
  private awaitsMessage(run: RunRecord): boolean {
    return awaitsMessage(this.views.get(run.workflowId), run);
  }

  /** The answers of a run whose workflow converses (engine/converse.ts); undefined otherwise. */
  private replies(run: RunRecord): Promise<ConversationReply[] | undefined> {
    if (!this.views.get(run.workflowId)?.messages) return Promise.resolve(undefined);
    return readReplies(this.runs, run.runId);
  }

  async bindingRecord(subject: Subject, runId: string): Promise<BindingRecord | undefined> {
    if (!(await this.readable(subject, runId))) return undefined;
    return this.runs.getBindingRecord(runId, 'a2a');
  }

  async readEvents(
    subject: Subject,
    runId: string,
    afterSequence: number,
    limit: number,
  ): Promise<RunEvent[] | undefined> {
    if (!(await this.readable(subject, runId))) return undefined;
    const events = await this.runs.readEvents(
      runId,
      afterSequence,
      Math.max(1, Math.min(limit, 1000)),
    );
    return events.map(toRunEvent);
  }

  async runTimes(subject: Subject, runId: string): Promise<RunTimes | undefined> {
    const run = await this.readable(subject, runId);
    return run && runTimesOf(run);
  }

  async runView(
    subject: Subject,
    runId: string,
    binding: BindingNote['binding'],
  ): Promise<RunView | undefined> {
    if (this.runs.readRunView) {
      // The store reads the three together (one statement in SQLite).
      if (tenantOf(runId) !== subject.tenant) return undefined;
      const parts = await this.runs.readRunView(runId, binding);
      if (!parts || parts.run.tenant !== subject.tenant) return undefined;
      const replies = await this.replies(parts.run);
      return toRunView(parts.run, parts.open, parts.record, replies, this.awaitsMessage(parts.run));
    }
    const run = await this.readable(subject, runId);
    if (!run) return undefined;
    const [open, record, replies] = await Promise.all([
      this.runs.listInterrupts(runId, 'open'),
      this.runs.getBindingRecord(runId, binding),
      this.replies(run),
    ]);
    return toRunView(run, open, record, replies, this.awaitsMessage(run));
  }

  async lastSequence(subject: Subject, runId: string): Promise<number | undefined> {
    if (!(await this.readable(subject, runId))) return undefined;
    return this.runs.lastEventSequence(runId);
  }

  async streamRunEvents(
    subject: Subject,
    runId: string,
    options: { afterSequence: number; signal?: AbortSignal },
  ): Promise<AsyncIterable<RunEvent> | undefined> {
    if (!(await this.readable(subject, runId))) return undefined;
    return followRunEvents(this.runs, this.feed, runId, options.afterSequence, options.signal);
  }

  async waitFor(
    subject: Subject,
    runId: string,
    predicate: (run: RunSnapshot) => boolean,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<RunSnapshot | undefined> {
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const wake = this.feed.next(
        { kind: 'run', runId },
        {
          timeoutMs: Math.max(0, deadline - Date.now()),
          ...(options.signal && { signal: options.signal }),
        },
      );
      const run = await this.readable(subject, runId);
      if (!run) return undefined;
      const snap = toSnapshot(run);
      const over = Date.now() >= deadline || options.signal?.aborted || this.feed.isClosed;
      if (predicate(snap) || over) return snap;
      await wake;
    }
  }

  async appendRunEvent(
    subject: Subject,
    runId: string,
    event: NewRunEvent,
    options: WriteOptions = {},
  ): Promise<RunEvent> {
    if (!(await this.readable(subject, runId))) throw new CoreError('not_found', 'no such run');
    return this.engine.exclusive(runId, async () => {
      const res = await this.runs.commitRunChange(
        { runId, at: this.now().toISOString(), events: [event] },
        options,
      );
      if (!res.ok || !res.events[0]) throw new CoreError('not_found', 'no such run');
      this.feed.publish({ kind: 'run', runId });
      return toRunEvent(res.events[0]);
    });
  }

  async close(): Promise<void> {
    await this.engine.close();
  }
}
