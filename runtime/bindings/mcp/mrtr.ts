// Multi-round tool results, host as server (the map's `mcp.mrtr` rows; interop.md §The MCP round
// ceiling): an open interrupt becomes an `elicitation/create` input request keyed by its node id
// (`inputKeys`), and an `inputResponses[<key>]` ElicitResult resolves it through the core
// (accept ⇒ resume with the content, decline ⇒ the decline path, cancel ⇒ cancel the interrupt;
// the core enforces approver eligibility, and the content never grants authority).
//
// Form mode only for a flat object of primitive, non-secret properties (no writeOnly, no format
// password); a credential interrupt uses URL mode with its connectUrl when the request declared URL
// elicitation; anything else cannot be served to this client (the caller answers isError).
// A `custom` interrupt carrying a clientRequest becomes that `sampling/createMessage` or
// `roots/list` input request, served only when the request declared the capability (the mrtr row
// "sampling/createMessage | roots/list in inputRequests"); its response is the client's result.
import type { Subject } from '../../ports/auth.ts';
import { CoreError, isCoreError, isStoreUnavailable } from '../../ports/errors.ts';
import type { Interrupt } from '../../ports/interrupts.ts';
import type { RunCore } from '../../ports/run-core.ts';
import { DEFAULT_APPROVAL_ACTIONS, parseApprovalAnswer } from '../../util/approval-answer.ts';
import { checkAgainst } from '../../util/json-schema.ts';
import { elicitationModes, type ClientCapabilities } from './envelope.ts';
import { INVALID_PARAMS, isRecord, McpError, OPENWOP_ERROR } from './jsonrpc.ts';

export interface ElicitationRequest {
  method: 'elicitation/create';
  params:
    | { mode: 'form'; message: string; requestedSchema: Record<string, unknown> }
    | { mode: 'url'; message: string; url: string; elicitationId: string };
}

/** A request the caller's client runs itself (the interrupt's client ask, in MCP's words). */
export interface ClientInputRequest {
  method: 'sampling/createMessage' | 'roots/list';
  params: Record<string, unknown>;
}

export type InputRequest = ElicitationRequest | ClientInputRequest;

/** What the request declared its client can answer. */
export interface ClientAbilities {
  form: boolean;
  url: boolean;
  sampling: boolean;
  roots: boolean;
}

export function clientAbilities(caps: ClientCapabilities): ClientAbilities {
  // Named members rather than a spread that gains keys (V8's slow path, util/extend.ts).
  const { form, url } = elicitationModes(caps);
  return { form, url, sampling: isRecord(caps.sampling), roots: isRecord(caps.roots) };
}

/** The input request for one open interrupt, or undefined when this client cannot answer it. */
export function inputRequestFor(
  interrupt: Interrupt,
  can: ClientAbilities,
): InputRequest | undefined {
  if (interrupt.kind !== 'custom') return elicitationFor(interrupt, can);
  const ask = interrupt.clientAsk;
  if (!ask) return undefined;
  if (ask.kind === 'sampling')
    return can.sampling ? { method: 'sampling/createMessage', params: ask.params } : undefined;
  return can.roots ? { method: 'roots/list', params: ask.params } : undefined;
}

/**
 * The key of each interrupt's input request, and of its answer in `inputResponses`, by interruptId:
 * the interrupt's node id, the workflow author's name for the question (`user_name`, as the MCP
 * conformance scenarios expect). A node asks one question at a time, so node ids are unique
 * within a round; should two open interrupts share one, each of them is keyed by its interruptId
 * so that neither answer can land on the other.
 */
export function inputKeys(interrupts: readonly Interrupt[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const it of interrupts) count.set(it.nodeId, (count.get(it.nodeId) ?? 0) + 1);
  return new Map(
    interrupts.map((it) => [
      it.interruptId,
      count.get(it.nodeId) === 1 ? it.nodeId : it.interruptId,
    ]),
  );
}

export interface InputResponse {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

const PRIMITIVE = new Set(['string', 'number', 'integer', 'boolean']);

/** A flat object of primitive, non-secret properties: the only shape form mode may carry. */
export function isFlatForm(schema: Record<string, unknown> | undefined): boolean {
  if (!schema || schema.type !== 'object') return false;
  const props = schema.properties ?? {};
  if (!isRecord(props)) return false;
  return Object.values(props).every(
    (p) =>
      isRecord(p) &&
      typeof p.type === 'string' &&
      PRIMITIVE.has(p.type) &&
      p.writeOnly !== true &&
      p.format !== 'password',
  );
}

function promptOf(interrupt: Interrupt): string {
  return interrupt.prompt ?? `Input needed for step ${interrupt.nodeId}`;
}

/** The elicitation for one open interrupt, or undefined when no mode the client declared fits. */
export function elicitationFor(
  interrupt: Interrupt,
  modes: { form: boolean; url: boolean },
): ElicitationRequest | undefined {
  const message = promptOf(interrupt);
  if (interrupt.kind === 'credential') {
    if (!modes.url || !interrupt.connectUrl) return undefined;
    return {
      method: 'elicitation/create',
      params: {
        mode: 'url',
        message,
        url: interrupt.connectUrl,
        elicitationId: interrupt.interruptId,
      },
    };
  }
  const schema = interrupt.kind === 'approval' ? approvalForm(interrupt) : interrupt.schema;
  return modes.form ? formRequest(message, schema) : undefined;
}

/** A form-mode elicitation of `schema`, or undefined when it is not a flat form. */
export function formRequest(
  message: string,
  schema: Record<string, unknown> | undefined,
): ElicitationRequest | undefined {
  if (!isFlatForm(schema)) return undefined;
  const requestedSchema: Record<string, unknown> = {
    type: 'object',
    properties: schema!.properties ?? {},
  };
  if (Array.isArray(schema!.required)) requestedSchema.required = schema!.required;
  return { method: 'elicitation/create', params: { mode: 'form', message, requestedSchema } };
}

/**
 * An approval as a form (interrupt.md §Approval): an optional `action` among the gate's actions a
 * flat form can carry (edit-accept needs an artifact, so it is left to A2A and REST) and an
 * optional `feedback` text. Accept with no action accepts; decline rejects.
 */
function approvalForm(interrupt: Interrupt): Record<string, unknown> {
  const actions = (interrupt.actions ?? DEFAULT_APPROVAL_ACTIONS).filter(
    (a) => a !== 'edit-accept',
  );
  return {
    type: 'object',
    properties: {
      action: { type: 'string', title: 'Decision', enum: actions },
      feedback: { type: 'string', title: 'Feedback (refine: what to change; ask: the question)' },
    },
  };
}

/**
 * The approval answer an accepted elicitation gives: its content in the spec's vocabulary,
 * `accept` when it names no action, a refine's `feedback` read as whole-artifact feedback.
 */
function approvalValue(
  interrupt: Interrupt,
  content: Record<string, unknown> | undefined,
  key = interrupt.nodeId,
) {
  const raw: Record<string, unknown> = { action: 'accept', ...(content ?? {}) };
  if (
    raw.action === 'refine' &&
    raw.refineFeedback === undefined &&
    typeof raw.feedback === 'string'
  )
    raw.refineFeedback = { scope: 'whole', text: raw.feedback };
  const parsed = parseApprovalAnswer(raw, interrupt.actions ?? DEFAULT_APPROVAL_ACTIONS);
  if (!parsed.ok)
    throw new McpError(INVALID_PARAMS, `inputResponses["${key}"]: ${parsed.message}`, { key });
  return parsed.resume;
}

/** An ElicitResult as sent in `inputResponses` (bare, not wrapped); else -32602. */
export function parseInputResponse(key: string, value: unknown): InputResponse {
  if (
    !isRecord(value) ||
    (value.action !== 'accept' && value.action !== 'decline' && value.action !== 'cancel') ||
    (value.content !== undefined && !isRecord(value.content))
  ) {
    throw new McpError(INVALID_PARAMS, `inputResponses["${key}"] is not an ElicitResult`, { key });
  }
  return value as unknown as InputResponse;
}

/** An ElicitResult answering a form of `schema`, its content checked when accepted; else -32602. */
export function parseFormResponse(
  key: string,
  value: unknown,
  schema: Record<string, unknown> | undefined,
): InputResponse {
  const response = parseInputResponse(key, value);
  if (response.action === 'accept') checkAnswer(key, response.content ?? {}, schema);
  return response;
}

/** -32602 when an accepted answer does not match the schema it was asked with. */
function checkAnswer(key: string, content: unknown, schema: Record<string, unknown> | undefined) {
  const issues = schema ? checkAgainst(schema, content) : [];
  if (issues.length > 0)
    throw new McpError(INVALID_PARAMS, `inputResponses["${key}"] does not match what was asked`, {
      key,
      issues,
    });
}

/** interop.md §The MCP round ceiling: a round beyond `maxRounds` is refused. */
export function roundsExceeded(maxRounds: number, round: number): McpError {
  return new McpError(OPENWOP_ERROR, `more than ${maxRounds} input_required rounds`, {
    error: 'mcp_mrtr_rounds_exceeded',
    maxRounds,
    round,
  });
}

/**
 * The responses to the open interrupts `asked`, each read under its key (`inputKeys`) and returned
 * by interruptId (other keys are ignored, as the mrtr rows ask); not an object ⇒ -32602. A client
 * request's response is its result, which accepts the interrupt.
 */
export function parseInputResponses(
  value: unknown,
  asked: readonly Interrupt[],
): Record<string, InputResponse> {
  if (!isRecord(value)) throw new McpError(INVALID_PARAMS, 'inputResponses must be an object');
  const out: Record<string, InputResponse> = {};
  const keys = inputKeys(asked);
  for (const it of asked) {
    const k = keys.get(it.interruptId)!;
    if (!Object.hasOwn(value, k)) continue;
    let response: InputResponse;
    // Checked here, before the requestState is spent, so a client can correct its answer.
    const checked = it.kind !== 'approval' && it.kind !== 'credential' ? it.schema : undefined;
    if (it.kind !== 'custom') response = parseFormResponse(k, value[k], checked);
    else {
      const result = value[k];
      if (!isRecord(result))
        throw new McpError(INVALID_PARAMS, `inputResponses["${k}"] is not a result object`, {
          key: k,
        });
      checkAnswer(k, result, checked);
      response = { action: 'accept', content: result };
    }
    if (it.kind === 'approval' && response.action === 'accept')
      approvalValue(it, response.content, k);
    out[it.interruptId] = response;
  }
  return out;
}

/**
 * Resolve one interrupt with one response. Returns false when the interrupt was no longer open
 * (already answered or cancelled): it is resolved at most once. Other refusals become JSON-RPC
 * errors: a content that fails the interrupt schema is -32602, a caller who is not an eligible
 * approver is the OpenWOP `forbidden` error.
 */
export async function resolveWith(
  core: RunCore,
  subject: Subject,
  interrupt: Interrupt,
  response: InputResponse,
): Promise<boolean> {
  try {
    const accepted = response.action === 'accept';
    await core.resolveInterrupt(subject, interrupt.runId, interrupt.interruptId, {
      action: response.action,
      ...(accepted && interrupt.kind === 'approval'
        ? { value: approvalValue(interrupt, response.content) }
        : accepted && interrupt.kind !== 'credential'
          ? { value: response.content ?? {} }
          : {}),
    });
    return true;
  } catch (err) {
    if (
      isCoreError(err, 'interrupt_already_resolved') ||
      isCoreError(err, 'interrupt_cancelled') ||
      isCoreError(err, 'interrupt_not_found') ||
      isCoreError(err, 'run_terminal')
    )
      return false;
    if (isCoreError(err, 'validation_error'))
      throw new McpError(
        INVALID_PARAMS,
        'the input does not match the requested schema',
        err.details,
      );
    // An unavailable store is the dispatcher's to answer (a retryable 503), not a refusal.
    if (isStoreUnavailable(err)) throw err;
    if (err instanceof CoreError)
      throw new McpError(OPENWOP_ERROR, err.message, { error: err.code, ...(err.details ?? {}) });
    throw err;
  }
}
