// tools/call (the map's `tools/call` and mrtr rows; interop.md §The operation mappings, §The MCP
// round ceiling): start the tool's run, or continue the one a `requestState` names, then answer
// with the run's CallToolResult, an InputRequiredResult for its open interrupts, or (tasks) a task.
import type { Subject } from '../../ports/auth.ts';
import type { HostContext } from '../../context.ts';
import { isCoreError } from '../../ports/errors.ts';
import type { Interrupt } from '../../ports/interrupts.ts';
import type { RunSnapshot } from '../../ports/run-core.ts';
import type { WorkflowView } from '../../ports/workflows.ts';
import { missingClientCapabilities } from './client-needs.ts';
import { declaresTasks, missingCapability } from './envelope.ts';
import type {
  InputRequiredResult,
  ToolsCallParams,
  ToolsCallResult,
} from '@wopgen/generated/types/mcp-wire';
import type { McpCallContext } from './handlers.ts';
import { INVALID_PARAMS, isRecord, McpError } from './jsonrpc.ts';
import {
  clientAbilities,
  inputKeys,
  inputRequestFor,
  parseInputResponses,
  resolveWith,
  roundsExceeded as roundsExceededError,
  type InputRequest,
} from './mrtr.ts';
import { answerQuestions } from './questions.ts';
import { callDigest, invalidState, type RequestStates, type StateClaims } from './request-state.ts';
import { notifyFromRun } from './run-notifications.ts';
import type { RequestScope } from './scope.ts';
import { createTaskResult, type TasksDeps } from './tasks.ts';
import { traceRecord } from '../../util/trace-context.ts';
import { callToolResult, checkArguments, isTerminal, toolError, toolWorkflow } from './tools.ts';

/** `run.cancelled.reason` when a call is refused for exceeding `mcp.mrtr.maxRounds`. */
export const ROUNDS_EXCEEDED_REASON = 'mcp-mrtr-rounds-exceeded';

/**
 * One tools/call round: the run, the call's checked arguments, its round (1-based) and where its
 * log starts. The call's digest (request-state.ts) is worked out only when a requestState is
 * minted or checked: a call that completes at once never needs it (CPU profile: ~1% of an
 * echo call's CPU, a canonical JSON and a SHA-256 of its arguments).
 */
interface Round {
  subject: Subject;
  workflow: WorkflowView;
  args: Record<string, unknown>;
  runId: string;
  round: number;
  afterSequence: number;
  /** Answers a fresh call carried without a requestState, by key, each used at most once. */
  supplied?: Record<string, unknown>;
}

/** What every round of a call repeats: who calls which tool with which arguments. */
type Base = Pick<Round, 'subject' | 'workflow' | 'args'>;

/** The digest a round's requestState binds (the method, the tool and its arguments). */
function roundDigest(r: Pick<Round, 'workflow' | 'args'>): string {
  return callDigest('tools/call', r.workflow.id, r.args);
}

/** What tools/call runs over. */
export interface ToolCallDeps {
  ctx: HostContext;
  states: RequestStates;
  tasks: TasksDeps;
}

/** Terminal, or waiting on the client (the served contract's projection: task-states.ts). */
const settledBy = (tasks: TasksDeps) => (r: RunSnapshot) =>
  isTerminal(r.status) || tasks.states.waitingOnClient.includes(r.status);

/**
 * Waits until the run is terminal or waits on the client; ends early when the request is
 * abandoned. `known`: the run as this request just left it (its creation); when that is settled
 * already, it is the answer, with no read.
 */
async function settle(
  { ctx, tasks }: ToolCallDeps,
  subject: Subject,
  runId: string,
  scope: RequestScope,
  known?: RunSnapshot,
): Promise<RunSnapshot> {
  const settledRun = settledBy(tasks);
  if (known && settledRun(known)) return known;
  for (;;) {
    const run = await ctx.core.waitFor(subject, runId, settledRun, {
      timeoutMs: 30_000,
      signal: scope.signal,
    });
    if (!run) throw new McpError(INVALID_PARAMS, 'the run is no longer readable');
    if (settledRun(run) || scope.signal.aborted) return run;
  }
}

/** The run once it settles, with the interrupts it waits on (none when terminal or abandoned). */
async function settled(
  deps: ToolCallDeps,
  r: Round,
  c: McpCallContext,
  known?: RunSnapshot,
): Promise<[RunSnapshot, Interrupt[]]> {
  const core = deps.ctx.core;
  // Progress and log notifications the request asked for go out until the answer is ready.
  const notifier = notifyFromRun(
    core,
    r.subject,
    r.runId,
    r.afterSequence,
    r.workflow,
    c.envelope,
    c.stream,
  );
  try {
    for (let first = known; ; first = undefined) {
      const run = await settle(deps, r.subject, r.runId, c.scope, first);
      if (isTerminal(run.status) || c.scope.signal.aborted) return [run, []];
      const open = (await core.openInterrupts(r.subject, r.runId)) ?? [];
      if (open.length > 0) return [run, open];
      // Waiting, yet nothing open: answered meanwhile by someone else (REST, A2A); look again.
      await new Promise((done) => setTimeout(done, 25));
    }
  } finally {
    await notifier.stop();
  }
}

/** interop.md §The MCP round ceiling: the logical call ends, so its run is cancelled. */
async function roundsExceeded({ ctx }: ToolCallDeps, r: Round): Promise<never> {
  const maxRounds = ctx.config.mcp.maxRounds;
  await ctx.core
    .cancelRun(r.subject, r.runId, {
      reason: ROUNDS_EXCEEDED_REASON,
      cancelledBy: r.subject.subjectId,
    })
    .catch((err: unknown) => {
      if (!isCoreError(err, 'run_terminal')) throw err;
    });
  throw roundsExceededError(maxRounds, r.round);
}

/** The answer of a round (mrtr rows); `known`: the run as this request created it. */
async function answer(
  deps: ToolCallDeps,
  r: Round,
  c: McpCallContext,
  known?: RunSnapshot,
): Promise<ToolsCallResult> {
  const { ctx, states } = deps;
  if (declaresTasks(c.envelope.capabilities, deps.tasks.extension)) {
    // Tasks: never InputRequiredResult; a run not terminal at answer time is a task.
    const run = known ?? (await ctx.core.getRun(r.subject, r.runId));
    if (!run) throw new McpError(INVALID_PARAMS, 'the run is no longer readable');
    return isTerminal(run.status)
      ? { ...callToolResult(run) }
      : await createTaskResult(deps.tasks, r.subject, run);
  }
  let [run, open] = await settled(deps, r, c, known);
  while (open.length > 0 && (await answerSupplied(deps, r, open)))
    [run, open] = await settled(deps, r, c);
  if (open.length === 0) return { ...callToolResult(run) };
  if (r.round > ctx.config.mcp.maxRounds) return roundsExceeded(deps, r);
  const can = clientAbilities(c.envelope.capabilities);
  const inputRequests: Record<string, InputRequest> = {};
  const keys = inputKeys(open);
  for (const it of open) {
    const request = inputRequestFor(it, can);
    // mrtr row: no form for this shape and no URL mode declared ⇒ CallToolResult isError.
    if (!request) {
      const why = `the tool needs input (${it.kind}) that this client cannot provide; the run waits for it`;
      return { ...toolError(why) };
    }
    inputRequests[keys.get(it.interruptId)!] = request;
  }
  const requestState = await states.mint(r.subject, {
    dig: roundDigest(r),
    runId: r.runId,
    interruptIds: open.map((it) => it.interruptId),
    round: r.round,
  });
  const inputRequired: InputRequiredResult = {
    resultType: 'input_required',
    inputRequests,
    requestState,
  };
  return inputRequired;
}

/**
 * Answers a fresh call carried (no requestState, so bound to no round) for the questions its run
 * asks under the same keys: the keys are the workflow's node ids, so a client may know them before
 * it is asked. An answer that does not parse or fit is ignored and the question is asked, as
 * SEP-2322 has a server do with what it does not recognise. Whether any interrupt was resolved.
 */
async function answerSupplied(
  { ctx }: ToolCallDeps,
  r: Round,
  open: readonly Interrupt[],
): Promise<boolean> {
  const supplied = r.supplied;
  if (!supplied) return false;
  let resolved = false;
  for (const [interruptId, key] of inputKeys(open)) {
    if (!Object.hasOwn(supplied, key)) continue;
    const it = open.find((i) => i.interruptId === interruptId)!;
    const value = supplied[key];
    delete supplied[key];
    let response;
    try {
      response = parseInputResponses({ [key]: value }, [it])[interruptId];
    } catch (err) {
      if (err instanceof McpError) continue;
      throw err;
    }
    if (response) resolved = (await resolveWith(ctx.core, r.subject, it, response)) || resolved;
  }
  return resolved;
}

/**
 * A retry continues the run its requestState names. Only the keys this state asked about are
 * read (extra keys are ignored); a malformed answer to one of them is -32602 and leaves the state
 * unused. A repeat of a retry under its Idempotency-Key (`replay`) answers the run as it now is and
 * resolves nothing again.
 */
async function retry(
  deps: ToolCallDeps,
  params: ToolsCallParams,
  c: McpCallContext,
  base: Base,
  claims: StateClaims & { runId: string; replay?: true },
): Promise<ToolsCallResult> {
  const { ctx, states } = deps;
  const { subject } = base;
  const run = await ctx.core.getRun(subject, claims.runId);
  if (!run) throw invalidState();
  const open = claims.replay ? [] : ((await ctx.core.openInterrupts(subject, run.runId)) ?? []);
  const asked = open.filter((i) => claims.interruptIds.includes(i.interruptId));
  const responses = parseInputResponses(params.inputResponses ?? {}, asked);
  if (!claims.replay) await states.consume(claims, c.idempotencyKey);
  c.scope.own(subject, run.runId);
  await c.bindRun(run.runId);
  // This request's notifications start after what the log holds now.
  const after = (await ctx.core.lastSequence(subject, run.runId)) ?? -1;
  for (const it of asked) {
    const response = responses[it.interruptId];
    if (response) await resolveWith(ctx.core, subject, it, response);
  }
  const round = claims.round + 1;
  return answer(deps, { ...base, runId: run.runId, round, afterSequence: after }, c);
}

/** What a fresh call must have declared before its run starts. */
function checkDeclared(workflow: WorkflowView, c: McpCallContext, extension: string | null): void {
  const caps = c.envelope.capabilities;
  // A workflow that must run as a task needs the tasks extension declared (ext-tasks).
  if (workflow.taskSupport === 'required' && extension !== null && !declaresTasks(caps, extension))
    throw missingCapability({ extensions: { [extension]: {} } }, extension);
  // A workflow that will ask the caller's client something needs a way to ask (never assumed),
  // whatever extensions the request declared: a task's input requests reach the client too.
  const missing = missingClientCapabilities(workflow, clientAbilities(caps));
  if (missing) throw missingCapability(missing, Object.keys(missing).join(', '));
}

/** tools/call for an authenticated `subject`. */
export async function toolsCall(
  deps: ToolCallDeps,
  params: ToolsCallParams,
  c: McpCallContext,
  subject: Subject,
): Promise<ToolsCallResult> {
  const workflow = await toolWorkflow(deps.ctx.core, subject, params.name);
  const base: Base = { subject, workflow, args: checkArguments(workflow, params.arguments) };
  if (params.requestState === undefined) return start(deps, params, c, base);
  const claims = await deps.states.check(
    params.requestState,
    subject,
    roundDigest(base),
    c.idempotencyKey,
  );
  // A state minted before any run existed answers the questions asked first; the run starts then.
  if (claims.runId === undefined) return start(deps, params, c, base, claims);
  return retry(deps, params, c, base, { ...claims, runId: claims.runId });
}

/**
 * A call's run, started once the questions its workflow asks first are answered (questions.ts);
 * `claims`: the state of the round that asked them, undefined for a fresh call.
 */
async function start(
  deps: ToolCallDeps,
  params: ToolsCallParams,
  c: McpCallContext,
  base: Base,
  claims?: StateClaims,
): Promise<ToolsCallResult> {
  const { ctx } = deps;
  const { subject, workflow } = base;
  checkDeclared(workflow, c, deps.tasks.extension);
  let inputs = base.args;
  let first = 1;
  const questions = (workflow.asksFirst ?? []).filter((q) => !Object.hasOwn(base.args, q.name));
  if (questions.length > 0 || claims) {
    const round = {
      states: deps.states,
      maxRounds: ctx.config.mcp.maxRounds,
      subject,
      dig: roundDigest(base),
      form: clientAbilities(c.envelope.capabilities).form,
    };
    const asked = await answerQuestions(round, questions, params.inputResponses, claims);
    if (asked.kind === 'ask') return asked.result;
    if (asked.kind === 'declined') return { ...toolError(`${asked.name} was declined`) };
    if (asked.kind === 'cannot')
      return { ...toolError(`the tool asks ${asked.name} first, which this client cannot show`) };
    inputs = checkArguments(workflow, { ...base.args, ...asked.answers });
    first = asked.round;
  }
  const record = c.decisionRecord?.();
  const { run, created } = await ctx.core.createRun(subject, {
    workflowId: workflow.id,
    inputs,
    transport: 'mcp',
    trustBoundary: 'untrusted',
    // A repeated key answers the run the first call started (REST createRun's semantics).
    ...(c.idempotencyKey !== undefined && { idempotencyKey: c.idempotencyKey }),
    ...(c.envelope.trace && { trace: traceRecord(c.envelope.trace) }),
    // The exchange's negotiation record goes in with the new run (one write, not two).
    ...(record && { events: [record] }),
  });
  c.scope.own(subject, run.runId);
  await c.bindRun(run.runId, record !== undefined && created);
  const round: Round = { ...base, runId: run.runId, round: first, afterSequence: -1 };
  // inputResponses without a requestState start the call afresh and answer what its run asks under
  // the same keys (answerSupplied); keys it never asks are ignored.
  const supplied = params.inputResponses;
  if (!claims && isRecord(supplied)) round.supplied = { ...supplied };
  // The run as created is where the wait starts: one that ended in its first turn needs no read.
  return answer(deps, round, c, run);
}
