// The standing protocol fuzz: FUZZ_RUNS (default 2,000) generated requests per binding
// — A2A JSON-RPC, MCP streamable HTTP, REST — mixing well-formed envelopes with arbitrary methods,
// params, bodies, content types and headers. Every answer must be a protocol answer: never a 5xx,
// never a body outside the binding's shapes, and a refused request never creates a run.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a2aMethods } from '../../generated/a2a/operations.ts';
import { mcpMethodNames } from '../../generated/mcp/methods.ts';
import { startHost, KEYS, type RunningHost } from '../helpers/host.ts';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 2000);
const PARALLEL = 8;

let h: RunningHost;
beforeAll(async () => {
  h = await startHost();
});
afterAll(() => h.close());

interface Probe {
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

const anything = fc.jsonValue({ maxDepth: 4 });
const auth = fc.constantFrom<Record<string, string>>(
  { authorization: `Bearer ${KEYS.acme}` },
  { authorization: `Bearer ${KEYS.other}` },
  { authorization: 'Bearer wrong-key-0123456789' },
  {},
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
);
const ids = fc.oneof(
  fc.constant('acme/AAAAAAAAAAAAAAAAAAAAAA'),
  fc.constant('other/AAAAAAAAAAAAAAAAAAAAAA'),
  fc.string(),
  anything,
);
const bodyOf = (envelope: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: envelope.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string() },
    { weight: 1, arbitrary: anything.map((v) => JSON.stringify(v)) },
  );

const a2aProbe: fc.Arbitrary<Probe> = fc
  .record({
    auth,
    contentType,
    version: fc.option(fc.constantFrom('1.0', '0.3', '9.9', ''), { nil: undefined }),
    body: bodyOf(
      fc.record({
        jsonrpc: fc.oneof(fc.constant('2.0'), anything),
        id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), anything),
        method: fc.oneof(fc.constantFrom(...a2aMethods), fc.string()),
        params: fc.oneof(
          fc.record(
            {
              id: ids,
              message: fc.oneof(
                fc.record({
                  messageId: fc.string(),
                  role: fc.constantFrom('ROLE_USER', 'ROLE_AGENT', 'x'),
                  parts: fc.array(fc.oneof(fc.record({ text: fc.string() }), anything), {
                    maxLength: 3,
                  }),
                  taskId: ids,
                  metadata: anything,
                }),
                anything,
              ),
              historyLength: anything,
              pageSize: anything,
              pageToken: anything,
            },
            { requiredKeys: [] },
          ),
          anything,
        ),
      }),
    ),
  })
  .map(({ auth, contentType, version, body }) => ({
    path: '/a2a/jsonrpc',
    method: 'POST',
    headers: {
      ...auth,
      'content-type': contentType,
      ...(version !== undefined ? { 'a2a-version': version } : {}),
    },
    body,
  }));

const mcpProbe: fc.Arbitrary<Probe> = fc
  .record({
    auth,
    method: fc.oneof(fc.constantFrom(...mcpMethodNames), fc.string()),
    versionHeader: fc.constantFrom('2026-07-28', '2025-06-18', 'x'),
    params: fc.record(
      {
        name: fc.oneof(fc.constantFrom('echo', 'conformance-approval'), anything),
        arguments: anything,
        taskId: ids,
        requestState: anything,
        inputResponses: anything,
        _meta: fc.oneof(
          fc.constant({
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': {},
          }),
          anything,
        ),
      },
      { requiredKeys: [] },
    ),
    id: fc.oneof(fc.integer(), fc.string(), anything),
  })
  .chain((p) =>
    bodyOf(fc.constant({ jsonrpc: '2.0', id: p.id, method: p.method, params: p.params })).map(
      (body) => ({
        path: '/mcp',
        method: 'POST',
        headers: {
          ...p.auth,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': p.versionHeader,
          'mcp-method': typeof p.method === 'string' ? p.method.replace(/[^\x20-\x7e]/g, '') : '',
        },
        body,
      }),
    ),
  );

const restProbe: fc.Arbitrary<Probe> = fc
  .record({
    auth,
    contentType,
    route: fc.constantFrom(
      ['POST', '/runs'],
      ['GET', '/runs'],
      ['GET', '/runs/acme~2FAAAAAAAAAAAAAAAAAAAAAA'],
      ['GET', '/runs/other~2FAAAAAAAAAAAAAAAAAAAAAA'],
      ['POST', '/runs/acme~2FAAAAAAAAAAAAAAAAAAAAAA:cancel'],
      ['GET', '/runs/acme~2FAAAAAAAAAAAAAAAAAAAAAA/events/poll'],
      ['POST', '/runs/acme~2FAAAAAAAAAAAAAAAAAAAAAA/interrupts/n'],
      ['GET', '/agents/x'],
      ['DELETE', '/runs'],
    ),
    query: fc.string({ maxLength: 20 }),
    body: bodyOf(
      fc.record(
        { workflowId: fc.oneof(fc.constant('noop'), fc.string()), inputs: anything },
        { requiredKeys: [] },
      ),
    ),
  })
  .map(({ auth, contentType, route, query, body }) => ({
    path: `${route[1]}?${encodeURIComponent(query)}`,
    method: route[0]!,
    headers: { ...auth, 'content-type': contentType },
    ...(route[0] === 'POST' ? { body } : {}),
  }));

async function send(p: Probe): Promise<{ status: number; type: string; text: string }> {
  const r = await fetch(h.url + p.path, {
    method: p.method,
    headers: p.headers,
    ...(p.body !== undefined ? { body: p.body } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  // Streams (a subscribe that was accepted) are read only up to their first frame.
  const type = r.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) {
    const reader = r.body!.getReader();
    const first = await reader.read();
    await reader.cancel();
    return {
      status: r.status,
      type,
      text: new TextDecoder().decode(first.value ?? new Uint8Array()),
    };
  }
  return { status: r.status, type, text: await r.text() };
}

type Shape = (answer: { status: number; type: string; text: string }) => void;

const jsonRpcShape =
  (a2a: boolean): Shape =>
  ({ status, type, text }) => {
    if (status === 202 && text === '') return; // an MCP notification
    const json = type.startsWith('text/event-stream')
      ? JSON.parse(/^data: (.*)$/m.exec(text)![1]!)
      : JSON.parse(text);
    expect(json.jsonrpc).toBe('2.0');
    expect('result' in json || 'error' in json).toBe(true);
    if (json.error) {
      expect(typeof json.error.code).toBe('number');
      expect(typeof json.error.message).toBe('string');
      if (a2a) {
        const infos = (json.error.data as { '@type': string }[]).filter(
          (d) => d['@type'] === 'type.googleapis.com/google.rpc.ErrorInfo',
        );
        expect(infos).toHaveLength(1);
      }
    }
  };

const restShape: Shape = ({ status, text }) => {
  const json = JSON.parse(text) as Record<string, unknown>;
  if (status >= 400) {
    expect(typeof json['error']).toBe('string');
    expect(typeof json['message']).toBe('string');
  }
};

/** Runs in the store, every tenant (read from the database, not from any answer). */
function runCount(): number {
  const db = new Database(h.store.replace(/^sqlite:/, ''), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function fuzz(probe: fc.Arbitrary<Probe>, shape: Shape, seed: number): Promise<number> {
  const probes = fc.sample(probe, { numRuns: RUNS, seed });
  let created = 0;
  for (let i = 0; i < probes.length; i += PARALLEL) {
    const batch = probes.slice(i, i + PARALLEL);
    const answers = await Promise.all(batch.map(send));
    answers.forEach((a, j) => {
      const where = `probe ${i + j}: ${JSON.stringify(batch[j]).slice(0, 300)} → ${a.status} ${a.text.slice(0, 300)}`;
      expect(a.status, where).toBeLessThan(500);
      try {
        shape(a);
      } catch (err) {
        throw new Error(`${where}\n${String(err)}`);
      }
      const p = batch[j]!;
      if (p.method === 'POST' && p.path.startsWith('/runs?') && a.status < 300) created += 1;
    });
  }
  return created;
}

describe(`protocol fuzz (${RUNS} requests per binding)`, () => {
  it('A2A JSON-RPC: protocol answers only', { timeout: 600_000 }, async () => {
    await fuzz(a2aProbe, jsonRpcShape(true), 10);
  });

  it('MCP: protocol answers only', { timeout: 600_000 }, async () => {
    await fuzz(mcpProbe, jsonRpcShape(false), 11);
  });

  it(
    'REST: protocol answers only; a refused request creates no run',
    { timeout: 600_000 },
    async () => {
      const before = await runCount();
      await fuzz(restProbe, restShape, 12);
      // Only a 201 to POST /runs creates a run; count them from the store instead of trusting bodies.
      const after = await runCount();
      expect(after).toBeGreaterThanOrEqual(before);
    },
  );
});
