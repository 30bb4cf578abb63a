/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// Multi-round tool results with raw requests (the map's `mcp.mrtr` rows; interop.md §The MCP round
// ceiling): requestState is single use, tamper-evident, expiring and bound to its principal and
// request; rounds beyond mcp.mrtr.maxRounds fail with mcp_mrtr_rounds_exceeded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputKeys, parseInputResponses } from '../../runtime/bindings/mcp/mrtr.ts';
import type { Interrupt } from '../../runtime/ports/interrupts.ts';
import type { RunningHost } from '../helpers/host.ts';
import { getRunRest, rawMcp, runEvents, startMcpHost } from './helpers.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startMcpHost({
    config: (c) => {
      c.mcp.maxRounds = 1;
    },
  });
});
afterAll(async () => {
  await h.stop();
});

const approval = { name: 'conformance-approval', arguments: {} };

async function firstRound(): Promise<{ key: string; state: string; runId: string }> {
  const r = await rawMcp(h.url, 'tools/call', approval);
  expect(r.status).toBe(200);
  expect(r.body.result).toMatchObject({ resultType: 'input_required' });
  const inputRequests = r.body.result!.inputRequests as Record<string, any>;
  // Keyed by the id of the node that asks (the workflow's `approve`), not the interruptId.
  expect(Object.keys(inputRequests)).toEqual(['approve']);
  const [key] = Object.keys(inputRequests);
  expect(inputRequests[key!]).toMatchObject({
    method: 'elicitation/create',
    params: { mode: 'form', requestedSchema: { type: 'object' } },
  });
  const runs = (await (
    await h.call('acme', '/runs?workflowId=conformance-approval')
  ).json()) as any;
  const run = runs.runs.find((x: any) => x.status === 'waiting-approval' && true);
  return { key: key!, state: r.body.result!.requestState as string, runId: run.runId };
}

const INVALID = {
  code: -32602,
  message: 'invalid requestState',
  data: { reason: 'request_state_invalid' },
};

describe('requestState', () => {
  it('works once: the retry completes, the same state again is refused', async () => {
    const { key, state } = await firstRound();
    const retry = {
      ...approval,
      requestState: state,
      inputResponses: { [key]: { action: 'accept', content: {} } },
    };
    const ok = await rawMcp(h.url, 'tools/call', retry);
    expect(ok.body.result).toMatchObject({ resultType: 'complete', isError: false });
    const again = await rawMcp(h.url, 'tools/call', retry);
    expect(again.body.error).toEqual(INVALID);
  });

  it('two concurrent retries with one state: exactly one goes through', async () => {
    const { key, state } = await firstRound();
    const retry = {
      ...approval,
      requestState: state,
      inputResponses: { [key]: { action: 'accept', content: {} } },
    };
    const answers = await Promise.all([1, 2, 3].map(() => rawMcp(h.url, 'tools/call', retry)));
    expect(answers.filter((a) => a.body.result?.resultType === 'complete')).toHaveLength(1);
    expect(answers.filter((a) => a.body.error !== undefined).map((a) => a.body.error)).toEqual([
      INVALID,
      INVALID,
    ]);
  });

  it('a tampered state is refused and the run is untouched', async () => {
    const { key, state, runId } = await firstRound();
    const [body, sig] = state.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    claims.round = 0;
    const forged = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
    for (const s of [forged, state.slice(0, -2) + 'xx', 'garbage']) {
      const r = await rawMcp(h.url, 'tools/call', {
        ...approval,
        requestState: s,
        inputResponses: { [key]: { action: 'accept', content: {} } },
      });
      expect(r.body.error).toEqual(INVALID);
    }
    expect((await getRunRest(h, 'acme', runId)).body.status).toBe('waiting-approval');
  });

  it('another principal cannot use it, nor another request (different arguments)', async () => {
    const { key, state, runId } = await firstRound();
    const other = await rawMcp(
      h.url,
      'tools/call',
      {
        ...approval,
        requestState: state,
        inputResponses: { [key]: { action: 'accept', content: {} } },
      },
      { tenant: 'other' },
    );
    expect(other.body.error).toEqual(INVALID);
    const changed = await rawMcp(h.url, 'tools/call', {
      name: 'conformance-approval',
      arguments: { extra: 1 },
      requestState: state,
      inputResponses: { [key]: { action: 'accept', content: {} } },
    });
    expect(changed.body.error).toEqual(INVALID);
    expect((await getRunRest(h, 'acme', runId)).body.status).toBe('waiting-approval');
  });

  it('an expired state is refused', async () => {
    // Its own host with a short lifetime, so the other tests' rounds never race the expiry on a
    // loaded machine (they use the default lifetime).
    const short = await startMcpHost({ config: (c) => void (c.mcp.requestStateTtlMs = 300) });
    try {
      const r0 = await rawMcp(short.url, 'tools/call', approval);
      const key = Object.keys(r0.body.result!.inputRequests as object)[0]!;
      const state = r0.body.result!.requestState as string;
      await new Promise((r) => setTimeout(r, 400));
      const r = await rawMcp(short.url, 'tools/call', {
        ...approval,
        requestState: state,
        inputResponses: { [key]: { action: 'accept', content: {} } },
      });
      expect(r.body.error).toEqual(INVALID);
    } finally {
      await short.stop();
    }
  });

  it('decline takes the decline path (isError) and cancel cancels the interrupt', async () => {
    const a = await firstRound();
    const declined = await rawMcp(h.url, 'tools/call', {
      ...approval,
      requestState: a.state,
      inputResponses: { [a.key]: { action: 'decline' } },
    });
    expect(declined.body.result).toMatchObject({ resultType: 'complete', isError: true });
    expect((await getRunRest(h, 'acme', a.runId)).body.status).toBe('failed');

    const b = await firstRound();
    const cancelled = await rawMcp(h.url, 'tools/call', {
      ...approval,
      requestState: b.state,
      inputResponses: { [b.key]: { action: 'cancel' } },
    });
    expect(cancelled.body.result).toMatchObject({ resultType: 'complete', isError: true });
    expect((await getRunRest(h, 'acme', b.runId)).body.status).toBe('cancelled');
  });

  it('an approval form answers in the spec vocabulary: reject fails, timeout is -32602', async () => {
    const a = await firstRound();
    const rejected = await rawMcp(h.url, 'tools/call', {
      ...approval,
      requestState: a.state,
      inputResponses: { [a.key]: { action: 'accept', content: { action: 'reject' } } },
    });
    expect(rejected.body.result).toMatchObject({ resultType: 'complete', isError: true });
    expect((await getRunRest(h, 'acme', a.runId)).body.status).toBe('failed');

    const b = await firstRound();
    const timeout = await rawMcp(h.url, 'tools/call', {
      ...approval,
      requestState: b.state,
      inputResponses: { [b.key]: { action: 'accept', content: { action: 'timeout' } } },
    });
    expect(timeout.body.error).toEqual({
      code: -32602,
      message: `inputResponses["${b.key}"]: timeout is recorded by the host, never sent as an answer; this approval accepts action accept|reject|refine|edit-accept|ask`,
      data: { key: b.key },
    });
    expect((await getRunRest(h, 'acme', b.runId)).body.status).toBe('waiting-approval');
    // The state was not spent: the same round answered with accept completes.
    const ok = await rawMcp(h.url, 'tools/call', {
      ...approval,
      requestState: b.state,
      inputResponses: { [b.key]: { action: 'accept', content: { action: 'accept' } } },
    });
    expect(ok.body.result).toMatchObject({ resultType: 'complete', isError: false });
  });

  it('inputResponses that are not ElicitResults are -32602 and do not consume the state', async () => {
    const { key, state } = await firstRound();
    const bad = await rawMcp(h.url, 'tools/call', {
      ...approval,
      requestState: state,
      inputResponses: { [key]: 12345 },
    });
    expect(bad.body.error?.code).toBe(-32602);
    const ok = await rawMcp(h.url, 'tools/call', {
      ...approval,
      requestState: state,
      inputResponses: { [key]: { action: 'accept', content: {} } },
    });
    expect(ok.body.result).toMatchObject({ resultType: 'complete', isError: false });
  });
});

describe('round ceiling', () => {
  it('a second input_required round beyond maxRounds = 1 fails with mcp_mrtr_rounds_exceeded', async () => {
    const call = { name: 'test-two-approvals', arguments: {} };
    const first = await rawMcp(h.url, 'tools/call', call);
    expect(first.body.result?.resultType).toBe('input_required');
    const [key] = Object.keys(first.body.result!.inputRequests);
    const second = await rawMcp(h.url, 'tools/call', {
      ...call,
      requestState: first.body.result!.requestState,
      inputResponses: { [key!]: { action: 'accept', content: {} } },
    });
    expect(second.status).toBe(200);
    expect(second.body.error).toMatchObject({
      code: -32000,
      data: { error: 'mcp_mrtr_rounds_exceeded', maxRounds: 1, round: 2 },
    });
    const runs = (await (
      await h.call('acme', '/runs?workflowId=test-two-approvals')
    ).json()) as any;
    const events = await runEvents(h, 'acme', runs.runs[0].runId);
    expect(events.find((e) => e.type === 'run.cancelled')?.payload.reason).toBe(
      'mcp-mrtr-rounds-exceeded',
    );
  });
});

describe('input modes', () => {
  it('a credential interrupt uses URL mode when declared, else isError', async () => {
    const withUrl = await rawMcp(
      h.url,
      'tools/call',
      { name: 'conformance-credential', arguments: {} },
      { capabilities: { elicitation: { form: {}, url: {} } } },
    );
    const req = Object.values(withUrl.body.result!.inputRequests as Record<string, any>)[0];
    expect(req).toMatchObject({
      method: 'elicitation/create',
      params: { mode: 'url', url: 'https://example.com/connect/conformance' },
    });
    const formOnly = await rawMcp(h.url, 'tools/call', {
      name: 'conformance-credential',
      arguments: {},
    });
    expect(formOnly.body.result).toMatchObject({ resultType: 'complete', isError: true });
  });

  it('secret or nested schemas are never sent as forms', async () => {
    for (const name of [
      'conformance-clarification-sensitive',
      'conformance-clarification-nested',
    ]) {
      const r = await rawMcp(h.url, 'tools/call', { name, arguments: {} });
      expect(r.body.result).toMatchObject({ resultType: 'complete', isError: true });
    }
  });
});

describe('requestState across a restart', () => {
  it('a state minted before a restart still works once after it (the key and spent marks are stored)', async () => {
    const a = await startMcpHost();
    const r = await rawMcp(a.url, 'tools/call', approval);
    const [key] = Object.keys(r.body.result!.inputRequests as object);
    const retry = {
      ...approval,
      requestState: r.body.result!.requestState,
      inputResponses: { [key!]: { action: 'accept', content: {} } },
    };
    await a.stop();
    const b = await startMcpHost({ dir: a.dir });
    try {
      const ok = await rawMcp(b.url, 'tools/call', retry);
      expect(ok.body.result).toMatchObject({ resultType: 'complete', isError: false });
      await b.stop();
      const c = await startMcpHost({ dir: a.dir });
      const again = await rawMcp(c.url, 'tools/call', retry);
      expect(again.body.error).toEqual(INVALID);
      await c.stop();
    } finally {
      await b.close();
    }
  });
});

describe('input request keys', () => {
  const open = (interruptId: string, nodeId: string) =>
    ({ interruptId, nodeId, runId: 'acme/r', kind: 'input' }) as Interrupt;

  it('are the node ids; interrupts sharing a node are keyed by their interruptIds', () => {
    const a = open('acme/i-1', 'user_name');
    const b = open('acme/i-2', 'twice');
    const c = open('acme/i-3', 'twice');
    expect(inputKeys([a, b, c])).toEqual(
      new Map([
        ['acme/i-1', 'user_name'],
        ['acme/i-2', 'acme/i-2'],
        ['acme/i-3', 'acme/i-3'],
      ]),
    );
  });

  it('read answers back under those keys, other keys ignored', () => {
    const a = open('acme/i-1', 'user_name');
    const accept = { action: 'accept', content: {} };
    expect(
      parseInputResponses({ user_name: accept, 'acme/i-1': { action: 'decline' } }, [a]),
    ).toEqual({ 'acme/i-1': accept });
  });
});
