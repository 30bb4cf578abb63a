/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// Helpers for the MCP tests: a host with a test workflow added, raw MCP requests with the
// 2026-07-28 headers and `_meta` envelope, and the official client pinned to 2026-07-28.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { HostConfig } from '../../runtime/config.ts';
import { createRegistry, loadWorkflowDir } from '../../runtime/core/reference/workflows/index.ts';
import { parseDefinition } from '../../runtime/core/reference/engine/definition.ts';
import { KEYS, startHost, type RunningHost } from '../helpers/host.ts';

export { KEYS };
export const REVISION = '2026-07-28';
export const TASKS = 'io.modelcontextprotocol/tasks';

/** Two approvals in a row: two input_required rounds (the round-ceiling test). */
const twoStep = parseDefinition(
  {
    id: 'test-two-approvals',
    description: 'Two approvals in a row.',
    inputSchema: { type: 'object' },
    nodes: [
      { id: 'first', kind: 'approval', prompt: 'First?' },
      { id: 'second', kind: 'approval', prompt: 'Second?' },
      { id: 'done', kind: 'complete', output: { ok: true } },
    ],
  },
  'test',
);

export function startMcpHost(
  opts: { config?: (c: HostConfig) => void; now?: () => Date; dir?: string } = {},
): Promise<RunningHost> {
  return startHost({ ...opts, workflows: createRegistry([...loadWorkflowDir(), twoStep]) });
}

export interface RawOptions {
  tenant?: keyof typeof KEYS | null;
  capabilities?: Record<string, unknown>;
  /** Header overrides; a null value removes the header. */
  headers?: Record<string, string | null>;
  /** `_meta` overrides; a null value removes the key. */
  meta?: Record<string, unknown>;
  id?: string | number;
}

export interface RawReply {
  status: number;
  body: {
    jsonrpc: '2.0';
    id: unknown;
    result?: Record<string, any>;
    error?: { code: number; message: string; data?: any };
  };
}

/** One MCP request as the 2.4.0 client sends it on the modern path, with overridable parts. */
export async function rawMcp(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  opts: RawOptions = {},
): Promise<RawReply> {
  const { status, frames } = await rawMcpFrames(url, method, params, opts);
  return { status, body: frames.at(-1) as RawReply['body'] };
}

/** The same request; its answer may be an SSE stream: every frame in order, the answer last. */
export async function rawMcpFrames(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  opts: RawOptions & {
    /** Stop reading after this long (an open listen stream) and return what arrived. */
    abortAfterMs?: number;
  } = {},
): Promise<{ status: number; contentType: string | null; frames: any[] }> {
  const meta: Record<string, unknown> = {
    'io.modelcontextprotocol/protocolVersion': REVISION,
    'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': opts.capabilities ?? {
      elicitation: { form: {} },
    },
  };
  for (const [k, v] of Object.entries(opts.meta ?? {})) {
    if (v === null) delete meta[k];
    else meta[k] = v;
  }
  const name = params.name ?? params.uri ?? params.taskId;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': REVISION,
    'mcp-method': method,
  };
  if (typeof name === 'string') headers['mcp-name'] = encodeHeader(name);
  const tenant = opts.tenant === undefined ? 'acme' : opts.tenant;
  if (tenant) headers.authorization = `Bearer ${KEYS[tenant]}`;
  for (const [k, v] of Object.entries(opts.headers ?? {})) {
    if (v === null) delete headers[k.toLowerCase()];
    else headers[k.toLowerCase()] = v;
  }
  const ac = new AbortController();
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: opts.id ?? 1,
      method,
      params: { ...params, _meta: meta },
    }),
    signal: ac.signal,
  });
  // The clock starts once the answer has begun: it bounds reading an open stream, never how long
  // a loaded machine takes to answer at all.
  const timer = opts.abortAfterMs ? setTimeout(() => ac.abort(), opts.abortAfterMs) : undefined;
  const contentType = res.headers.get('content-type');
  let text = '';
  try {
    text = await res.text();
  } catch (err) {
    if (!ac.signal.aborted) throw err;
  } finally {
    clearTimeout(timer);
  }
  if (!contentType?.startsWith('text/event-stream'))
    return { status: res.status, contentType, frames: text ? [JSON.parse(text) as unknown] : [] };
  const frames = text
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n'),
    )
    .filter(Boolean)
    .map((d) => JSON.parse(d) as unknown);
  return { status: res.status, contentType, frames };
}

/** A header value as the 2.4.0 client sends a non-ASCII one (SEP-2243 base64 form). */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) && value.trim() === value
    ? value
    : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The official client, pinned to 2026-07-28, authenticated as `tenant`, answering elicitations. */
export async function connectClient(
  url: string,
  tenant: keyof typeof KEYS = 'acme',
  onElicit: (params: any) => any = () => ({ action: 'accept', content: {} }),
  capabilities: Record<string, object> = { elicitation: { form: {} } },
): Promise<Client> {
  const client = new Client(
    { name: 'wopgen-test', version: '1.0.0' },
    {
      capabilities,
      versionNegotiation: { mode: { pin: REVISION } },
    },
  );
  client.setRequestHandler('elicitation/create', async (req: any) => onElicit(req.params));
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${KEYS[tenant]}` } },
  });
  await client.connect(transport);
  return client;
}

/** Events of a run read over REST (GET /runs/{runId}/events/poll). */
export async function runEvents(
  h: RunningHost,
  tenant: keyof typeof KEYS,
  runId: string,
): Promise<{ type: string; sequence: number; timestamp: string; payload: Record<string, any> }[]> {
  const res = await h.call(tenant, `/runs/${encodeURIComponent(runId)}/events/poll`);
  const body = (await res.json()) as {
    events: { type: string; sequence: number; timestamp: string; payload: any }[];
  };
  return body.events;
}

export async function getRunRest(h: RunningHost, tenant: keyof typeof KEYS, runId: string) {
  const res = await h.call(tenant, `/runs/${encodeURIComponent(runId)}`);
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

export async function until<T>(fn: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `wopgen serve --stdio` with acme's key and a store in `dir`, as a desktop client launches it. */
/** How to start `wopgen serve --stdio` for tenant acme on the store in `dir`. */
export function stdioServeCommand(dir: string) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  return {
    command: process.execPath,
    args: [
      join(root, 'bin/wopgen.js'),
      'serve',
      '--stdio',
      '--api-key',
      `${KEYS.acme}=acme`,
      '--store',
      `sqlite:${join(dir, 'host.db')}`,
    ],
    cwd: root,
    env: { ...(process.env as Record<string, string>), LOG_LEVEL: 'warn' },
  };
}

export function stdioServerTransport(dir: string): StdioClientTransport {
  return new StdioClientTransport({ ...stdioServeCommand(dir), stderr: 'ignore' });
}

/**
 * Aborts a long conformance-cancellable call of `client` (which sends notifications/cancelled),
 * closes the client, and reads the run and its events from a host on the same store in `dir`.
 */
export async function abortStdioCall(
  client: Client,
  dir: string,
): Promise<{
  runs: { runId: string; status: string }[];
  events: Awaited<ReturnType<typeof runEvents>>;
}> {
  const ac = new AbortController();
  const call = client.callTool(
    { name: 'conformance-cancellable', arguments: { delayMs: 60_000 } },
    { signal: ac.signal },
  );
  await new Promise((r) => setTimeout(r, 500));
  ac.abort();
  await call.then(
    () => {
      throw new Error('the aborted call resolved');
    },
    () => undefined,
  );
  await new Promise((r) => setTimeout(r, 500));
  await client.close();
  const h = await startHost({ dir });
  try {
    const list = (await (
      await h.call('acme', '/runs?workflowId=conformance-cancellable')
    ).json()) as {
      runs: { runId: string; status: string }[];
    };
    const events = list.runs[0] ? await runEvents(h, 'acme', list.runs[0].runId) : [];
    return { runs: list.runs, events };
  } finally {
    await h.stop();
  }
}
