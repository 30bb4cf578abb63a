// Opacity of `_meta` on tools/call (interop.md §"The operation mappings", §Isolation): the map
// names `progressToken` and `traceparent`/`tracestate` (and the client's `io.modelcontextprotocol/*`
// envelope); any other `_meta` key is neither a tool argument, a workflow input or variable, nor
// authority, and never selects a tenant or principal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../helpers/host.ts';
import { getRunRest, rawMcp, startMcpHost } from './helpers.ts';

const TP = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const OTHER_BEARER = 'Bearer test-key-other-0123456789';

let h: RunningHost;

beforeAll(async () => {
  h = await startMcpHost();
});

afterAll(async () => {
  await h.close();
});

/** `_meta` keys the map does not name, each shaped like something that would matter. */
const UNNAMED = {
  text: 'INJECTED',
  arguments: { text: 'INJECTED' },
  inputs: { text: 'INJECTED' },
  vars: { text: 'INJECTED' },
  template: '{{inputs.text}}',
  tenant: 'other',
  'openwop/tenant': 'other',
  'io.openwop/principal': 'admin@other',
  scope: 'runs:admin',
  authorization: OTHER_BEARER,
};

async function acmeRun(text: string) {
  const res = await h.call('acme', '/runs?workflowId=echo&limit=100');
  const { runs } = (await res.json()) as { runs: { runId: string; inputs: { text: string } }[] };
  const run = runs.find((r) => r.inputs.text === text);
  expect(run).toBeDefined();
  return run!.runId;
}

describe('unnamed _meta keys on tools/call', () => {
  it('reach no argument, input, variable or output, and the call answers as without them', async () => {
    const plain = await rawMcp(h.url, 'tools/call', {
      name: 'echo',
      arguments: { text: 'm-plain' },
    });
    const loaded = await rawMcp(
      h.url,
      'tools/call',
      { name: 'echo', arguments: { text: 'm-loaded' } },
      { meta: { ...UNNAMED, progressToken: 'p-1', traceparent: TP } },
    );
    expect(loaded.status).toBe(200);
    expect(loaded.body.error).toBeUndefined();
    // The same result as the call without them, with only the argument's text changed.
    expect(JSON.stringify(loaded.body.result).replaceAll('m-loaded', 'm-plain')).toBe(
      JSON.stringify(plain.body.result),
    );
    expect(JSON.stringify(loaded.body)).not.toContain('INJECTED');
    expect(JSON.stringify(loaded.body)).not.toContain(OTHER_BEARER);

    const run = (await getRunRest(h, 'acme', await acmeRun('m-loaded'))).body;
    expect(run['inputs']).toEqual({ text: 'm-loaded' });
    expect(run['outputs']).toEqual({ text: 'm-loaded' });
    // Only the named carrier is adopted: the trace context, nothing else of `_meta`.
    expect(run['metadata']).toEqual({ openwop: { trace: { traceparent: TP } } });
    expect(JSON.stringify(run)).not.toContain('INJECTED');
    expect(JSON.stringify(run)).not.toContain('admin@other');
  });

  it('never selects a tenant or principal: the run is the caller’s, invisible to the one named', async () => {
    await rawMcp(
      h.url,
      'tools/call',
      { name: 'echo', arguments: { text: 'm-owned' } },
      { meta: UNNAMED },
    );
    const runId = await acmeRun('m-owned');
    expect(runId.startsWith('acme/')).toBe(true);
    const run = (await getRunRest(h, 'acme', runId)).body;
    expect(run['owner']).toMatchObject({ tenant: 'acme' });
    const theirs = await getRunRest(h, 'other', runId);
    const never = await getRunRest(h, 'other', 'acme/AAAAAAAAAAAAAAAAAAAAAA');
    expect(theirs.status).not.toBe(200);
    expect(theirs).toEqual(never);
    const listed = await h.call('other', '/runs?workflowId=echo&limit=100');
    expect(await listed.text()).not.toContain(runId);
  });

  it('an authorization-shaped _meta value is no credential: without a header the call is refused', async () => {
    const r = await rawMcp(
      h.url,
      'tools/call',
      { name: 'echo', arguments: { text: 'm-anon' } },
      { tenant: null, meta: UNNAMED },
    );
    expect(r.status).toBe(401);
    const acme = await h.call('acme', '/runs?workflowId=echo&limit=100');
    expect(await acme.text()).not.toContain('m-anon');
  });
});
