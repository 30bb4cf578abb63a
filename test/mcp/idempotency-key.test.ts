// `Idempotency-Key` on tools/call over HTTP (as REST createRun honours it): a repeat by the same
// principal answers the run the first call started — its result, or its task — and starts
// nothing; a repeated round of input (its requestState spent) under its key answers the run as it
// now is instead of -32602, and resolves nothing twice; the same key with other arguments is refused idempotency_key_mismatch; another
// principal's key is its own; a key longer than REST allows (255) is -32602. An outbound step of
// another host sends its tools/call again under the same key after a crash (engine/outbound/seam.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../helpers/host.ts';
import { rawMcp, startMcpHost, TASKS } from './helpers.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startMcpHost();
});
afterAll(async () => {
  await h.close();
});

const call = (
  name: string,
  args: Record<string, unknown>,
  key: string | undefined,
  opts: { tenant?: 'acme' | 'other'; tasks?: boolean } = {},
) =>
  rawMcp(
    h.url,
    'tools/call',
    { name, arguments: args },
    {
      tenant: opts.tenant ?? 'acme',
      ...(key !== undefined && { headers: { 'idempotency-key': key } }),
      ...(opts.tasks && { capabilities: { extensions: { [TASKS]: {} } } }),
    },
  );

/** The runs of `workflowId` the tenant holds whose input `text` is `text`. */
async function runsWith(tenant: 'acme' | 'other', workflowId: string, text: string) {
  const res = await h.call(tenant, `/runs?workflowId=${workflowId}&limit=100`);
  const body = (await res.json()) as { runs: { runId: string; inputs: { text?: string } }[] };
  return body.runs.filter((r) => r.inputs.text === text).map((r) => r.runId);
}

describe('tools/call with an Idempotency-Key', () => {
  it("a repeat answers the first call's result and starts no second run", async () => {
    const first = await call('echo', { text: 'once' }, 'key-echo');
    const again = await call('echo', { text: 'once' }, 'key-echo');
    const result = {
      content: [{ type: 'text', text: 'once' }],
      structuredContent: { text: 'once' },
      isError: false,
      resultType: 'complete',
    };
    expect(first).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 1, result } });
    expect(again).toEqual(first);
    expect(await runsWith('acme', 'echo', 'once')).toHaveLength(1);
  });

  it('a repeat of a call answered with a task answers the same task', async () => {
    const args = { delayMs: 600_000 };
    const first = await call('conformance-delay', args, 'key-task', { tasks: true });
    const again = await call('conformance-delay', args, 'key-task', { tasks: true });
    expect(first.body.result).toMatchObject({ resultType: 'task', status: 'working' });
    expect(again.body.result!['taskId']).toBe(first.body.result!['taskId']);
  });

  it('a repeated round of input under its key answers again; without the key it is refused', async () => {
    const approval = { name: 'conformance-approval', arguments: {} };
    const asked = await rawMcp(h.url, 'tools/call', approval);
    expect(asked.body.result).toMatchObject({ resultType: 'input_required' });
    const retry = {
      ...approval,
      requestState: asked.body.result!['requestState'],
      inputResponses: { approve: { action: 'accept', content: {} } },
    };
    const keyed = { headers: { 'idempotency-key': 'key-round' } };
    const first = await rawMcp(h.url, 'tools/call', retry, keyed);
    expect(first.body.result).toMatchObject({ resultType: 'complete', isError: false });
    expect(await rawMcp(h.url, 'tools/call', retry, keyed)).toEqual(first);
    const other = { headers: { 'idempotency-key': 'key-other' } };
    expect((await rawMcp(h.url, 'tools/call', retry, other)).body.error).toEqual({
      code: -32602,
      message: 'invalid requestState',
      data: { reason: 'request_state_invalid' },
    });
    expect((await rawMcp(h.url, 'tools/call', retry)).body.error).toMatchObject({ code: -32602 });
  });

  it('without a key, each call is a run of its own', async () => {
    await call('echo', { text: 'twice' }, undefined);
    await call('echo', { text: 'twice' }, undefined);
    expect(await runsWith('acme', 'echo', 'twice')).toHaveLength(2);
  });

  it('the same key with other arguments is refused idempotency_key_mismatch', async () => {
    await call('echo', { text: 'a' }, 'key-reused');
    expect(await call('echo', { text: 'b' }, 'key-reused')).toEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32000,
          message: 'idempotency key reused with a different request',
          data: { error: 'idempotency_key_mismatch' },
        },
      },
    });
    expect(await runsWith('acme', 'echo', 'b')).toEqual([]);
  });

  it("another principal's key is its own", async () => {
    await call('echo', { text: 'mine' }, 'key-shared');
    await call('echo', { text: 'mine' }, 'key-shared', { tenant: 'other' });
    expect(await runsWith('acme', 'echo', 'mine')).toHaveLength(1);
    expect(await runsWith('other', 'echo', 'mine')).toHaveLength(1);
  });

  it('a key longer than 255 characters is -32602 with HTTP 400', async () => {
    expect(await call('echo', { text: 'long' }, 'k'.repeat(256))).toEqual({
      status: 400,
      body: {
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32602,
          message: 'Idempotency-Key is longer than 255 characters',
          data: { header: 'Idempotency-Key' },
        },
      },
    });
    expect(await runsWith('acme', 'echo', 'long')).toEqual([]);
  });
});
