// HTTP against a running host, for the interop report: its discovery document, its agent card,
// and one JSON-RPC request per probe (A2A on the card's JSONRPC interface, MCP on the mcp facet's
// server URL). An answer is read as JSON or, for a streamed answer, as its first SSE frame; the
// stream is then cancelled, so no probe leaves a connection open.
//
// The host is a party the report does not trust (README "Interop report"): every answer is read
// within a time and a byte budget (a longer or slower one is a finding, never an unbounded read),
// only http(s) URLs are fetched, and a redirect is an answer, never followed, so a header given
// for one URL never reaches another.

/** What a probe got back, reduced to what the report shows. */
export interface ProbeAnswer {
  /** HTTP status; 0 when no answer came (network error, timeout, an answer too large). */
  status: number;
  /** The JSON-RPC `error.code`, when the answer was an error. */
  code: number | null;
  /** Whether the answer was a JSON-RPC `result`. */
  result: boolean;
  /** That result. */
  value?: unknown;
  /** The error message, or what went wrong on the way. */
  message: string;
}

export class HostUnreadable extends Error {}

/** How long one answer may take, headers and body, and how many body bytes are read. */
export interface ReadLimits {
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = { timeoutMs: 10_000, maxBytes: 1024 * 1024 };

/** An answer whose body (declared or read) passed `maxBytes`. */
class TooLarge extends Error {}

/** `1 MiB`, `512 KiB`, `300 bytes`: a limit as the report states it. */
export function bytesText(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** The URL as the report names it (normalised: no control character survives), or null. */
export function httpUrl(url: string): URL | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

export async function getJson(
  url: string,
  headers: Record<string, string> = {},
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<Record<string, unknown>> {
  const target = httpUrl(url);
  if (!target) throw new HostUnreadable(`${JSON.stringify(url)} is not an http(s) URL`);
  const name = target.href;
  let res: Response;
  let text: string;
  try {
    res = await fetch(target, {
      headers: { accept: 'application/json', ...headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(limits.timeoutMs),
    });
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel().catch(() => undefined);
      throw new HostUnreadable(
        `${name} answered HTTP ${res.status}, a redirect (the report follows none)`,
      );
    }
    text = await readBody(res, limits.maxBytes);
  } catch (err) {
    if (err instanceof HostUnreadable) throw err;
    if (err instanceof TooLarge)
      throw new HostUnreadable(
        `${name} answered more than ${bytesText(limits.maxBytes)} (the report reads no more of an answer)`,
      );
    throw new HostUnreadable(`cannot read ${name}: ${causeOf(err, limits)}`);
  }
  if (!res.ok) throw new HostUnreadable(`${name} answered HTTP ${res.status}`);
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body))
      return body as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new HostUnreadable(`${name} did not answer a JSON object`);
}

/** POSTs one JSON-RPC request and reads its answer (JSON, or the first frame of an SSE stream). */
export async function postJsonRpc(
  url: string,
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string>,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<ProbeAnswer> {
  const ac = new AbortController();
  const timer = setTimeout(
    () => ac.abort(new DOMException('timed out', 'TimeoutError')),
    limits.timeoutMs,
  );
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      redirect: 'manual',
      signal: ac.signal,
    });
    if (res.status >= 300 && res.status < 400)
      return failed(res.status, `HTTP ${res.status}, a redirect (not followed)`);
    const streamed = res.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
    const text = await readBody(res, limits.maxBytes, streamed ? firstFrame : undefined);
    return readAnswer(res.status, text);
  } catch (err) {
    if (err instanceof TooLarge)
      return failed(0, `an answer over ${bytesText(limits.maxBytes)} (not read further)`);
    return failed(0, causeOf(err, limits));
  } finally {
    clearTimeout(timer);
    ac.abort();
  }
}

function failed(status: number, message: string): ProbeAnswer {
  return { status, code: null, result: false, message };
}

function readAnswer(status: number, text: string): ProbeAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return failed(status, `HTTP ${status}, not JSON-RPC`);
  }
  const b = (body ?? {}) as { result?: unknown; error?: { code?: unknown; message?: unknown } };
  if (b.result !== undefined)
    return { status, code: null, result: true, value: b.result, message: '' };
  if (b.error && typeof b.error.code === 'number') {
    return {
      status,
      code: b.error.code,
      result: false,
      message: typeof b.error.message === 'string' ? b.error.message : '',
    };
  }
  return failed(status, `HTTP ${status}, not JSON-RPC`);
}

/**
 * The body as text, at most `maxBytes` of it (TooLarge past that, before a byte more is kept);
 * with `done`, reading stops at the first prefix it accepts (the rest of the stream is cancelled).
 */
async function readBody(
  res: Response,
  maxBytes: number,
  done?: (text: string, ended: boolean) => string | undefined,
): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new TooLarge();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const { done: ended, value } = await reader.read();
      if (value) {
        bytes += value.byteLength;
        if (bytes > maxBytes) throw new TooLarge();
        text += decoder.decode(value, { stream: true });
      }
      if (done) {
        const found = done(text, ended);
        if (found !== undefined) return found;
      }
      if (ended) return done ? '' : text + decoder.decode();
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The first event's joined `data:` lines, once an event carrying data is complete. */
function firstFrame(buffered: string, ended: boolean): string | undefined {
  const events = buffered.replace(/\r\n/g, '\n').split('\n\n');
  const complete = ended ? events : events.slice(0, -1);
  for (const event of complete) {
    const data = event
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trimStart())
      .join('\n');
    if (data) return data;
  }
  return undefined;
}

function causeOf(err: unknown, limits: ReadLimits): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError')
    return `no whole answer in ${limits.timeoutMs} ms`;
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
}
