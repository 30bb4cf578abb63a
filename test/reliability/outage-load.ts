// Load on every binding while the database goes away and comes back (store-outage.test.ts, and
// bench/store-outage.ts for the figures): workers that start runs over REST, A2A JSON-RPC, A2A
// HTTP+JSON and MCP (tasks), one request after another, and record each answer: acknowledged
// (the run's id), refused as unavailable (503 in the binding's shape), anything else, or no answer
// within HANG_MS (a request the host let hang).
import { parseWireId } from '../../runtime/ids.ts';
import { KEYS } from '../helpers/host.ts';
import { REVISION, TASKS } from '../mcp/helpers.ts';

export type Binding = 'rest' | 'a2a-jsonrpc' | 'a2a-http-json' | 'mcp';
export const BINDINGS: readonly Binding[] = ['rest', 'a2a-jsonrpc', 'a2a-http-json', 'mcp'];

/** No answer within this long is a hang: far past every store timeout the tests configure. */
export const HANG_MS = 30_000;

export interface Answer {
  binding: Binding;
  /** ms since the load started, when the request was sent and when it was answered. */
  sentAt: number;
  at: number;
  kind: 'acknowledged' | 'unavailable' | 'other' | 'hung';
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** The raw run id an acknowledged answer names. */
  runId?: string;
  /** The JSON-RPC id the request carried. */
  rpcId?: number;
}

let seq = 0;

/** One request on `binding` starting a run of conformance-delay (a timer the outage may cut). */
async function once(base: string, binding: Binding, signal: AbortSignal) {
  const rpcId = ++seq;
  const auth = { authorization: `Bearer ${KEYS.acme}`, 'content-type': 'application/json' };
  const message = {
    messageId: `outage-${process.pid}-${rpcId}`,
    role: 'ROLE_USER',
    parts: [{ data: { delayMs: 200 } }],
    metadata: { openwop: { skill: 'conformance-delay' } },
  };
  const send = { message, configuration: { returnImmediately: true } };
  const mcpHeaders = {
    ...auth,
    accept: 'application/json',
    'mcp-protocol-version': REVISION,
    'mcp-method': 'tools/call',
    'mcp-name': 'conformance-delay',
  };
  const mcpCall = {
    jsonrpc: '2.0',
    id: rpcId,
    method: 'tools/call',
    params: {
      name: 'conformance-delay',
      arguments: { delayMs: 200 },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': REVISION,
        'io.modelcontextprotocol/clientInfo': { name: 'outage-load', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS]: {} } },
      },
    },
  };
  const [path, headers, body] =
    binding === 'rest'
      ? ['/runs', auth, { workflowId: 'conformance-delay', inputs: { delayMs: 200 } }]
      : binding === 'a2a-jsonrpc'
        ? ['/a2a/jsonrpc', auth, { jsonrpc: '2.0', id: rpcId, method: 'SendMessage', params: send }]
        : binding === 'a2a-http-json'
          ? ['/a2a/rest/message:send', auth, send]
          : ['/mcp', mcpHeaders, mcpCall];
  const r = await fetch(base + path, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal,
  });
  const text = await r.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Kept as text: an answer that is not JSON is "other".
  }
  const res = { status: r.status, headers: r.headers, body: parsed };
  return { rpcId, ...res };
}

/** `v[k1][k2]…` when every step is an object, else undefined. */
function at(v: unknown, ...keys: string[]): unknown {
  let cur = v;
  for (const k of keys) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/** The run id of an acknowledged answer, or undefined. */
function acknowledged(binding: Binding, status: number, body: unknown): string | undefined {
  const id =
    binding === 'rest'
      ? status === 201 && at(body, 'runId')
      : binding === 'a2a-jsonrpc'
        ? status === 200 && at(body, 'result', 'task', 'id')
        : binding === 'a2a-http-json'
          ? status === 200 && at(body, 'task', 'id')
          : status === 200 && at(body, 'result', 'taskId');
  if (typeof id !== 'string') return undefined;
  return binding === 'mcp' ? parseWireId(id) : id;
}

export class OutageLoad {
  readonly answers: Answer[] = [];
  private running = true;
  private readonly workers: Promise<void>[] = [];
  private readonly t0 = Date.now();
  /** Called with each answer as it arrives (the shape checks of the test). */
  onAnswer?: (a: Answer) => void;

  constructor(
    private readonly base: string,
    perBinding = 2,
  ) {
    for (const binding of BINDINGS)
      for (let i = 0; i < perBinding; i++) this.workers.push(this.work(binding));
  }

  now(): number {
    return Date.now() - this.t0;
  }

  private async work(binding: Binding): Promise<void> {
    while (this.running) {
      const sentAt = this.now();
      const ac = new AbortController();
      const timer = setTimeout(() => ac.abort(), HANG_MS);
      let answer: Answer;
      try {
        const r = await once(this.base, binding, ac.signal);
        const runId = acknowledged(binding, r.status, r.body);
        answer = {
          binding,
          sentAt,
          at: this.now(),
          kind: runId ? 'acknowledged' : r.status === 503 ? 'unavailable' : 'other',
          status: r.status,
          headers: Object.fromEntries(r.headers),
          body: r.body,
          rpcId: r.rpcId,
          ...(runId && { runId }),
        };
      } catch (err) {
        const hung = ac.signal.aborted;
        answer = {
          binding,
          sentAt,
          at: this.now(),
          kind: hung ? 'hung' : 'other',
          status: 0,
          headers: {},
          body: String(err),
        };
      } finally {
        clearTimeout(timer);
      }
      this.answers.push(answer);
      this.onAnswer?.(answer);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Resolves once every binding has `n` answers of `kind` sent after `since` (ms of the load). */
  async until(kind: Answer['kind'], since: number, n = 2, withinMs = 60_000): Promise<void> {
    const end = Date.now() + withinMs;
    const enough = () =>
      BINDINGS.every(
        (b) =>
          this.answers.filter((a) => a.binding === b && a.kind === kind && a.sentAt >= since)
            .length >= n,
      );
    while (!enough()) {
      if (Date.now() > end) {
        const seen = this.answers
          .filter((a) => a.sentAt >= since)
          .map((a) => `${a.binding}:${a.kind}:${a.status}`);
        throw new Error(
          `not every binding answered ${kind} ${n}× since ${since} ms: ${seen.slice(-20).join(' ')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }
}
