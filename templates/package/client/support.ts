// What the generated A2A and MCP clients share (client/a2a-core.ts, client/mcp-core.ts): the
// transport seam (a `fetch`), answers read under a size and time bound, SSE framing, W3C trace
// context, and the checks an answer passes before a caller sees it. wopgen writes this file as it
// is into every package; it imports nothing, so a package can be used without the rest of wopgen.

/** The transport seam: the global `fetch`, or anything that answers as it does. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** How much of a peer's answer a client reads, and for how long it waits. */
export interface ClientLimits {
  /** Bytes of one answer (a JSON body, or one stream event). */
  maxBytes: number;
  /** Milliseconds a unary call waits for its whole answer; a stream waits this long per event. */
  timeoutMs: number;
}

export const DEFAULT_LIMITS: ClientLimits = { maxBytes: 4 * 1024 * 1024, timeoutMs: 30_000 };

/** W3C Trace Context carried into an outbound request (interop.md §Trace context). */
export interface TraceContext {
  traceparent: string;
  tracestate?: string;
}

const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** Whether `value` is a well-formed `traceparent` (a malformed one is never sent). */
export function isTraceparent(value: unknown): value is string {
  return typeof value === 'string' && TRACEPARENT.test(value);
}

/** Typed value, or the refusal naming the field (the generated validators' shape). */
export type Check<T> = (
  value: unknown,
) => { ok: true; value: T } | { ok: false; refusal: { field: string; message: string } };

/** Why an answer never reached the caller: the client itself refused it. */
export type AnswerFault = 'too-large' | 'timeout' | 'malformed' | 'invalid' | 'http' | 'network';

/** An answer the client refused before a caller saw it (size, time, framing, schema). */
export class AnswerError extends Error {
  override readonly name = 'AnswerError';
  constructor(
    readonly fault: AnswerFault,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/** One signal for a call: the caller's, and a deadline of `ms`. */
export function deadline(ms: number, signal?: AbortSignal): AbortSignal {
  const timer = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timer]) : timer;
}

/** What a fetch failure was: the deadline, the caller's abort, or the network. */
export function fetchFault(err: unknown, signal: AbortSignal, caller?: AbortSignal): Error {
  if (caller?.aborted) return caller.reason instanceof Error ? caller.reason : new Error('aborted');
  if (signal.aborted) return new AnswerError('timeout', 'the peer did not answer in time');
  if (err instanceof AnswerError) return err;
  return new AnswerError('network', `the peer could not be reached: ${String(err)}`);
}

/** The body of `res` as text, refused once it passes `maxBytes`. */
export async function readBounded(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body.cancel().catch(() => undefined);
    throw new AnswerError('too-large', `the answer is larger than ${maxBytes} bytes`);
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerError('too-large', `the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(concat(chunks, size));
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** JSON text parsed; a body that is not JSON is a malformed answer. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AnswerError('malformed', 'the answer is not JSON');
  }
}

/** Whether `v` is a JSON object (not an array, not null). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One server-sent event: its `event` name (`message` when none) and its joined `data` lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * The events of an SSE body, each bounded by `maxBytes`; `idleMs` bounds the wait for the next
 * one. Comments and `id:`/`retry:` lines are read and dropped.
 */
export async function* sseEvents(
  res: Response,
  limits: ClientLimits,
  caller?: AbortSignal,
): AsyncGenerator<SseEvent> {
  if (!res.body) return;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let size = 0;
  try {
    for (;;) {
      const next = await withIdle(reader.read(), limits.timeoutMs, caller);
      if (next.done) return;
      buffer += decoder.decode(next.value, { stream: true });
      size += next.value.byteLength;
      if (size > limits.maxBytes)
        throw new AnswerError(
          'too-large',
          `a stream event is larger than ${limits.maxBytes} bytes`,
        );
      let nl: number;
      while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
          size = buffer.length;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** `p`, refused as a timeout after `ms` with nothing, or as the caller's abort. */
async function withIdle<T>(p: Promise<T>, ms: number, caller?: AbortSignal): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new AnswerError('timeout', 'the peer sent nothing in time')),
          ms,
        );
        if (caller) {
          onAbort = () =>
            reject(caller.reason instanceof Error ? caller.reason : new Error('aborted'));
          if (caller.aborted) onAbort();
          else caller.addEventListener('abort', onAbort, { once: true });
        }
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) caller?.removeEventListener('abort', onAbort);
  }
}

/** The headers of a call: the client's, then the call's own (a later one wins). */
export async function headersOf(
  ...sources: (HeaderSource | undefined)[]
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const s of sources) {
    const h = typeof s === 'function' ? await s() : s;
    if (h) Object.assign(out, h);
  }
  return out;
}

/** Headers, or a function that answers them per call (a credential read when it is used). */
export type HeaderSource =
  Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);

/** The outcome of a client's version negotiation, content-free: what a host records. */
export interface ClientNegotiation {
  protocol: 'a2a' | 'mcp';
  outcome: 'accepted' | 'refused';
  /** The version settled on (accepted only). */
  version?: string;
  /** The version the client asked for. */
  requested: string;
  reason: 'ok' | 'unsupported';
  /** The peer's origin (`https://agent.example`): a host records its digest. */
  peer: string;
}

/** The origin of `url` (`scheme://host[:port]`). */
export function originOf(url: string): string {
  return new URL(url).origin;
}
