// A RunCore written only against the public port (wopgen/runtime): no reference engine, no store. Runs live
// in memory; a run either completes at once or waits on one question. Enough of the port to be
// driven through createHost by the official A2A and MCP clients.
import { randomBytes } from 'node:crypto';
import {
  CoreError,
  principalOf,
  type BindingNote,
  type BindingRecord,
  type CreateRunRequest,
  type Interrupt,
  type JsonObject,
  type ListRunsQuery,
  type NewRunEvent,
  type ResolveInterruptRequest,
  type RunCore,
  type RunEvent,
  type RunSnapshot,
  type RunTimes,
  type Subject,
} from 'wopgen/runtime';
import { RunLog } from './log.ts';
import { foreignWorkflows, type ForeignWorkflow, type Step } from './workflows.ts';

interface Run {
  snap: RunSnapshot;
  times: RunTimes;
  log: RunLog;
  open?: { interrupt: Interrupt; then: (answer: JsonObject) => JsonObject };
  record?: BindingRecord;
}

const opaque = () => randomBytes(16).toString('base64url');
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

export class InMemoryCore implements RunCore {
  readonly runs = new Map<string, Run>();
  private readonly keys = new Map<string, string>();
  private readonly workflows = new Map(foreignWorkflows.map((w) => [w.view.id, w]));

  private readable(subject: Subject, runId: string): Run | undefined {
    const run = this.runs.get(runId);
    return run && run.snap.owner.tenant === subject.tenant ? run : undefined;
  }

  private note(run: Run, note: BindingNote | undefined, at: string): void {
    if (!note) return;
    run.record = {
      contextId: run.record?.contextId ?? note.contextId,
      history: [...(run.record?.history ?? []), note.append],
      updatedAt: at,
    };
  }

  private emit(run: Run, e: NewRunEvent): RunEvent {
    const at = new Date().toISOString();
    run.times.updatedAt = at;
    return run.log.append(e, at);
  }

  private setStatus(run: Run, status: RunSnapshot['status']): void {
    run.snap.status = status;
    run.times.statusAt = new Date().toISOString();
  }

  private finish(run: Run, outputs: JsonObject): void {
    this.setStatus(run, 'completed');
    run.snap.outputs = outputs;
    this.emit(run, { type: 'run.completed', payload: { outputs } });
  }

  private advance(run: Run, step: Step): void {
    if ('done' in step) return this.finish(run, step.done);
    const interrupt: Interrupt = {
      interruptId: `${run.snap.owner.tenant}/${opaque()}`,
      runId: run.snap.runId,
      nodeId: step.ask.nodeId,
      kind: 'input',
      prompt: step.ask.prompt,
      schema: step.ask.schema,
      createdAt: new Date().toISOString(),
    };
    run.open = { interrupt, then: step.then };
    this.setStatus(run, 'waiting-input');
    const { interruptId, nodeId, kind, schema } = interrupt;
    this.emit(run, { type: 'node.suspended', payload: { nodeId, interruptId, kind } });
    // An optional member is left out, never set to undefined (exactOptionalPropertyTypes).
    this.emit(run, {
      type: 'interrupt.requested',
      payload: { interruptId, nodeId, kind, ...(schema !== undefined && { schema }) },
    });
  }

  async listWorkflows() {
    return [...this.workflows.values()].map((w) => w.view);
  }

  async getWorkflow(_subject: Subject, id: string) {
    return this.workflows.get(id)?.view;
  }

  async createRun(subject: Subject, req: CreateRunRequest) {
    const key =
      req.idempotencyKey && `${subject.tenant}|${principalOf(subject)}|${req.idempotencyKey}`;
    const prior = key ? this.keys.get(key) : undefined;
    if (prior) return { run: structuredClone(this.runs.get(prior)!.snap), created: false };
    const workflow: ForeignWorkflow | undefined = this.workflows.get(req.workflowId);
    if (!workflow) throw new CoreError('not_found', `unknown workflow ${req.workflowId}`);
    const at = new Date().toISOString();
    const runId = `${subject.tenant}/${opaque()}`;
    const run: Run = {
      snap: {
        runId,
        workflowId: req.workflowId,
        status: 'running',
        owner: { tenant: subject.tenant, subject },
        eventLogSchemaVersion: 3,
        inputs: req.inputs,
        startedAt: at,
      },
      times: { createdAt: at, statusAt: at, updatedAt: at },
      log: new RunLog(runId),
    };
    this.runs.set(runId, run);
    if (key) this.keys.set(key, runId);
    this.note(run, req.note, at);
    this.emit(run, {
      type: 'run.started',
      payload: { workflowId: req.workflowId, inputs: req.inputs, transport: req.transport },
    });
    this.advance(run, workflow.start(req.inputs));
    return { run: structuredClone(run.snap), created: true };
  }

  async getRun(subject: Subject, runId: string) {
    const run = this.readable(subject, runId);
    return run && structuredClone(run.snap);
  }

  /** Newest first, `limit` at a time; the cursor is the position to go on from (no filters). */
  async listRuns(subject: Subject, query: ListRunsQuery = {}) {
    const mine = [...this.runs.values()].filter((r) => r.snap.owner.tenant === subject.tenant);
    const from = Number(query.cursor ?? 0);
    const limit = query.limit ?? 50;
    if (!Number.isSafeInteger(from) || from < 0) throw new CoreError('validation_error', 'cursor');
    const page = mine.reverse().slice(from, from + limit);
    const more = from + limit < mine.length;
    return {
      runs: page.map((r) => structuredClone(r.snap)),
      nextCursor: more ? `${from + limit}` : null,
    };
  }

  async cancelRun(subject: Subject, runId: string, options: { reason?: string } = {}) {
    const run = this.readable(subject, runId);
    if (!run) return undefined;
    if (TERMINAL.has(run.snap.status)) throw new CoreError('run_terminal', 'the run has ended');
    delete run.open;
    this.setStatus(run, 'cancelled');
    this.emit(run, {
      type: 'run.cancelled',
      payload: { ...(options.reason && { reason: options.reason }) },
    });
    return structuredClone(run.snap);
  }

  async openInterrupts(subject: Subject, runId: string) {
    const run = this.readable(subject, runId);
    return run && (run.open ? [run.open.interrupt] : []);
  }

  async resolveInterrupt(
    subject: Subject,
    runId: string,
    interruptId: string,
    req: ResolveInterruptRequest,
  ) {
    const run = this.readable(subject, runId);
    if (!run) throw new CoreError('not_found', 'no such run');
    const open = run.open;
    if (!open || open.interrupt.interruptId !== interruptId)
      throw new CoreError('interrupt_not_found', 'no such open interrupt');
    const answer = (req.value ?? {}) as JsonObject;
    if (req.action === 'accept' && typeof answer['name'] !== 'string')
      throw new CoreError('validation_error', 'a name is needed');
    delete run.open;
    this.note(run, req.note, new Date().toISOString());
    const { nodeId } = open.interrupt;
    this.emit(run, {
      type: 'interrupt.resolved',
      payload: { interruptId, nodeId, action: req.action, resolvedBy: subject },
    });
    if (req.action === 'accept') this.finish(run, open.then(answer));
    else {
      this.setStatus(run, 'cancelled');
      this.emit(run, { type: 'run.cancelled', payload: { reason: 'declined' } });
    }
    return structuredClone(run.snap);
  }

  async bindingRecord(subject: Subject, runId: string) {
    return this.readable(subject, runId)?.record;
  }

  async readEvents(subject: Subject, runId: string, after: number, limit: number) {
    const run = this.readable(subject, runId);
    return run && run.log.events.slice(after + 1, after + 1 + limit);
  }

  async runTimes(subject: Subject, runId: string) {
    const run = this.readable(subject, runId);
    return run && { ...run.times };
  }

  async lastSequence(subject: Subject, runId: string) {
    const run = this.readable(subject, runId);
    return run && run.log.events.length - 1;
  }

  async streamRunEvents(
    subject: Subject,
    runId: string,
    options: { afterSequence: number; signal?: AbortSignal },
  ) {
    return this.readable(subject, runId)?.log.follow(options.afterSequence, options.signal);
  }

  async waitFor(
    subject: Subject,
    runId: string,
    predicate: (run: RunSnapshot) => boolean,
    options: { timeoutMs: number; signal?: AbortSignal },
  ) {
    const end = Date.now() + options.timeoutMs;
    for (;;) {
      const run = this.readable(subject, runId);
      if (!run) return undefined;
      const snap = structuredClone(run.snap);
      if (predicate(snap) || Date.now() >= end || options.signal?.aborted) return snap;
      await run.log.next(Math.max(0, end - Date.now()), options.signal);
    }
  }

  async appendRunEvent(subject: Subject, runId: string, event: NewRunEvent) {
    const run = this.readable(subject, runId);
    if (!run) throw new CoreError('not_found', 'no such run');
    return this.emit(run, event);
  }

  async close() {}
}
