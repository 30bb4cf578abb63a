// Trace context on inbound MCP (interop.md §"Trace context"): a tools/call carrying
// `params._meta.traceparent` (and `tracestate`) records it on the run as the A2A path does, in
// preference to the HTTP header; a malformed value is ignored, never an error; it selects nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../helpers/host.ts';
import { connectClient, getRunRest, rawMcp, startMcpHost } from './helpers.ts';

const TP = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const TP_HEADER = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

let h: RunningHost;

beforeAll(async () => {
  h = await startMcpHost();
});

afterAll(async () => {
  await h.close();
});

/** The run an echo call with `text` started (the newest echo run of acme carrying that text). */
async function runOf(text: string) {
  const res = await h.call('acme', '/runs?workflowId=echo&limit=100');
  const { runs } = (await res.json()) as { runs: { runId: string; inputs: { text: string } }[] };
  const run = runs.find((r) => r.inputs.text === text);
  expect(run).toBeDefined();
  return (await getRunRest(h, 'acme', run!.runId)).body;
}

async function call(text: string, meta: Record<string, unknown>, headers = {}) {
  const r = await rawMcp(
    h.url,
    'tools/call',
    { name: 'echo', arguments: { text } },
    { meta, headers },
  );
  expect(r.body.error).toBeUndefined();
  expect(r.body.result?.['isError']).toBe(false);
  return (await runOf(text))['metadata']?.['openwop']?.['trace'] as unknown;
}

describe('inbound MCP trace context', () => {
  it('the official client’s _meta.traceparent is recorded on the run', async () => {
    const client = await connectClient(h.url);
    try {
      const r = await client.callTool({
        name: 'echo',
        arguments: { text: 'sdk-traced' },
        _meta: { traceparent: TP, tracestate: 'congo=t61rcWkgMzE' },
      });
      expect(r.isError).toBe(false);
    } finally {
      await client.close();
    }
    const run = await runOf('sdk-traced');
    expect(run['metadata']).toEqual({
      openwop: { trace: { traceparent: TP, tracestate: 'congo=t61rcWkgMzE' } },
    });
  });

  it('prefers _meta over the HTTP header', async () => {
    const trace = await call(
      'meta-first',
      { traceparent: TP },
      { traceparent: TP_HEADER, tracestate: 'rojo=1' },
    );
    expect(trace).toEqual({ traceparent: TP });
  });

  it('ignores a malformed _meta value and adopts the header', async () => {
    const trace = await call('header-fallback', { traceparent: 'zz' }, { traceparent: TP_HEADER });
    expect(trace).toEqual({ traceparent: TP_HEADER });
  });

  it('records nothing when every carrier is malformed, and the call still succeeds', async () => {
    expect(await call('untraced', { traceparent: '00-xyz' }, { traceparent: 'nope' })).toBe(
      undefined,
    );
  });

  it('never selects a tenant or principal', async () => {
    await call('tenant-try', { traceparent: TP, tracestate: 'tenant=other' });
    const run = await runOf('tenant-try');
    expect(run['owner']).toMatchObject({ tenant: 'acme', subject: { tenant: 'acme' } });
  });
});
