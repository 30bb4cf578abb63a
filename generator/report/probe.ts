// HTTP against a running host, for the interop report: its discovery document, its agent card,
// and one JSON-RPC request per probe (A2A on the card's JSONRPC interface, MCP on the mcp facet's
// server URL). An answer is read as JSON or, for a streamed answer, as its first SSE frame; the
// stream is then cancelled, so no probe leaves a connection open.

/** What a probe got back, reduced to what the report shows. */
export interface ProbeAnswer {
  /** HTTP status; 0 when no answer came (network error, timeout). */
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

const TIMEOUT_MS = 10_000;

export async function getJson(
  url: string,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new HostUnreadable(`cannot read ${url}: ${causeOf(err)}`);
  }
  const text = await res.text();
  if (!res.ok) throw new HostUnreadable(`${url} answered HTTP ${res.status}`);
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body))
      return body as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new HostUnreadable(`${url} did not answer a JSON object`);
}

/** POSTs one JSON-RPC request and reads its answer (JSON, or the first frame of an SSE stream). */
export async function postJsonRpc(
  url: string,
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<ProbeAnswer> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: ac.signal,
    });
    const streamed = res.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
    const text = streamed ? await firstFrame(res) : await res.text();
    return readAnswer(res.status, text);
  } catch (err) {
    return { status: 0, code: null, result: false, message: causeOf(err) };
  } finally {
    clearTimeout(timer);
    ac.abort();
  }
}

function readAnswer(status: number, text: string): ProbeAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status, code: null, result: false, message: `HTTP ${status}, not JSON-RPC` };
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
  return { status, code: null, result: false, message: `HTTP ${status}, not JSON-RPC` };
}

/** The data of the first SSE event of a streamed answer; the rest of the stream is cancelled. */
async function firstFrame(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value) buffered += decoder.decode(value, { stream: true });
      const data = frameData(buffered, done);
      if (data !== undefined) return data;
      if (done) return '';
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The first event's joined `data:` lines, once an event carrying data is complete. */
function frameData(buffered: string, done: boolean): string | undefined {
  const events = buffered.replace(/\r\n/g, '\n').split('\n\n');
  const complete = done ? events : events.slice(0, -1);
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

function causeOf(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError') return 'no answer in time';
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
}
