// Questions asked before anything runs (SEP-2322's InputRequiredResult with no run behind it): a
// tool's `asksFirst` (WorkflowView) before its run starts, so a task client answers them before its
// task exists (SEP-2663's MRTR-then-task composition; interop.md §MCP tasks forbids an
// InputRequiredResult only while a run is not terminal), and a catalogue prompt's `asksFirst`
// before it is rendered. Each question is a form keyed by its name. The requestState binds, as the
// mrtr rows ask, the principal, a TTL, the request digest and the round, and instead of a run and
// its interrupts the questions it asked and the answers given so far (they travel in the state,
// integrity-protected and readable by the holder who gave them; a form carries no secret field).
// Answers a fresh request carries without a requestState answer the questions of the same names,
// as a tools/call's do for its run's questions (tool-call.ts `answerSupplied`).
import type { Subject } from '../../ports/auth.ts';
import type { FirstQuestion } from '../../ports/workflows.ts';
import type { InputRequiredResult } from '@wopgen/generated/types/mcp-wire';
import { INVALID_PARAMS, isRecord, McpError } from './jsonrpc.ts';
import {
  formRequest,
  parseFormResponse,
  roundsExceeded,
  type InputRequest,
  type InputResponse,
} from './mrtr.ts';
import { invalidState, type RequestStates, type StateClaims } from './request-state.ts';

export type { FirstQuestion };

/** What answering the questions needs: the states, the ceiling and who asks what. */
export interface QuestionRound {
  states: RequestStates;
  maxRounds: number;
  subject: Subject;
  /** Digest of the request every round repeats (method, name, arguments). */
  dig: string;
  /** Whether the request declared form elicitation. */
  form: boolean;
}

export type Answers = Record<string, Record<string, unknown>>;

export type Asked =
  /** Every question has its answer (an object of its schema). */
  | { kind: 'answered'; answers: Answers; round: number }
  /** The caller declined (or cancelled) the question `name`. */
  | { kind: 'declined'; name: string }
  /** The question `name` cannot be put to this client (no form mode, or not a flat form). */
  | { kind: 'cannot'; name: string }
  | { kind: 'ask'; result: InputRequiredResult };

/**
 * The answers `request` gives to `questions`, or the round that asks the open ones. `claims`: the
 * checked requestState of a retry (asked before any run), else undefined for a fresh request. A
 * malformed answer to a question the state asked is -32602 and leaves the state unspent; one a
 * fresh request carries is ignored and the question asked.
 */
export async function answerQuestions(
  r: QuestionRound,
  questions: readonly FirstQuestion[],
  inputResponses: unknown,
  claims?: StateClaims,
): Promise<Asked> {
  if (claims && (claims.runId !== undefined || !Array.isArray(claims.questions)))
    throw invalidState();
  const answers: Answers = { ...(claims?.answers ?? {}) };
  const responses = new Map<string, InputResponse>();
  if (claims) {
    if (!isRecord(inputResponses ?? {}))
      throw new McpError(INVALID_PARAMS, 'inputResponses must be an object');
    const given = (inputResponses ?? {}) as Record<string, unknown>;
    for (const q of questions) {
      if (claims.questions!.includes(q.name) && Object.hasOwn(given, q.name))
        responses.set(q.name, parseFormResponse(q.name, given[q.name], q.schema));
    }
    await r.states.consume(claims);
  } else if (isRecord(inputResponses)) {
    for (const q of questions) {
      if (!Object.hasOwn(inputResponses, q.name)) continue;
      try {
        responses.set(q.name, parseFormResponse(q.name, inputResponses[q.name], q.schema));
      } catch (err) {
        if (!(err instanceof McpError)) throw err;
      }
    }
  }
  for (const [name, response] of responses) {
    if (response.action !== 'accept') return { kind: 'declined', name };
    answers[name] = response.content ?? {};
  }
  const round = claims ? claims.round + 1 : 1;
  const open = questions.filter((q) => !Object.hasOwn(answers, q.name));
  if (open.length === 0) return { kind: 'answered', answers, round };
  if (round > r.maxRounds) throw roundsExceeded(r.maxRounds, round);
  const inputRequests: Record<string, InputRequest> = {};
  for (const q of open) {
    const request = r.form ? formRequest(q.prompt, q.schema) : undefined;
    if (!request) return { kind: 'cannot', name: q.name };
    inputRequests[q.name] = request;
  }
  const requestState = await r.states.mint(r.subject, {
    dig: r.dig,
    interruptIds: [],
    questions: open.map((q) => q.name),
    answers,
    round,
  });
  return { kind: 'ask', result: { resultType: 'input_required', inputRequests, requestState } };
}
