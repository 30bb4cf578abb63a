/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// Input requests the caller's own client answers (the map's mrtr row "sampling/createMessage |
// roots/list in inputRequests": served only when the request declared that capability), several
// input requests in one round, and the -32021 refusal before any run exists when a workflow needs
// a capability the request did not declare.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDefinition } from '../../runtime/core/reference/engine/definition.ts';
import { createRegistry, loadWorkflowDir } from '../../runtime/core/reference/workflows/index.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { connectClient, rawMcp } from './helpers.ts';

const question = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }],
  maxTokens: 20,
};
const defs = [
  {
    id: 'asks-model',
    description: 'Asks the caller model one question.',
    inputSchema: { type: 'object' },
    nodes: [
      { id: 'q', kind: 'client-request', method: 'sampling/createMessage', params: question },
      { id: 'done', kind: 'complete', output: { text: '{{vars.q.content.text}}' } },
    ],
  },
  {
    id: 'asks-everything',
    description: 'Asks a person, the model and the roots at once.',
    inputSchema: { type: 'object' },
    nodes: [
      {
        id: 'ask',
        kind: 'all',
        nodes: [
          {
            id: 'who',
            kind: 'input',
            prompt: 'Name?',
            schema: { type: 'object', properties: { name: { type: 'string' } } },
          },
          { id: 'q', kind: 'client-request', method: 'sampling/createMessage', params: question },
          { id: 'roots', kind: 'client-request', method: 'roots/list' },
        ],
      },
      {
        id: 'done',
        kind: 'complete',
        output: { text: '{{vars.who.name}}: {{vars.q.content.text}} in {{vars.roots.roots}}' },
      },
    ],
  },
].map((d) => parseDefinition(d, d.id));

let h: RunningHost;
beforeAll(async () => {
  h = await startHost({ workflows: createRegistry([...loadWorkflowDir(), ...defs]) });
});
afterAll(async () => {
  await h.stop();
});

const ALL = { elicitation: { form: {} }, sampling: {}, roots: {} };
const reply = {
  role: 'assistant' as const,
  content: { type: 'text' as const, text: 'Paris' },
  model: 'm-1',
};
const call = (name: string, extra: Record<string, unknown> = {}, capabilities = ALL) =>
  rawMcp(h.url, 'tools/call', { name, arguments: {}, ...extra }, { capabilities });

async function runsOf(workflowId: string): Promise<number> {
  const res = await h.call('acme', `/runs?workflowId=${workflowId}`);
  return ((await res.json()) as { runs: unknown[] }).runs.length;
}

describe('client requests in inputRequests', () => {
  it('asks the client model with sampling/createMessage keyed by the node id, and resumes with its result', async () => {
    const first = await call('asks-model');
    expect(first.status).toBe(200);
    const { inputRequests, requestState } = first.body.result!;
    expect(inputRequests).toEqual({
      q: { method: 'sampling/createMessage', params: question },
    });
    const done = await call('asks-model', { requestState, inputResponses: { q: reply } });
    expect(done.body.result).toMatchObject({
      content: [{ type: 'text', text: 'Paris' }],
      isError: false,
      resultType: 'complete',
    });
  });

  it('refuses a response that is not a CreateMessageResult with -32602 and leaves the state usable', async () => {
    const first = await call('asks-model');
    const { inputRequests, requestState } = first.body.result!;
    const [key] = Object.keys(inputRequests);
    const bad = await call('asks-model', {
      requestState,
      inputResponses: { [key!]: { action: 'accept', content: {} } },
    });
    expect(bad.status).toBe(200);
    expect(bad.body.error).toMatchObject({ code: -32602 });
    const good = await call('asks-model', { requestState, inputResponses: { [key!]: reply } });
    expect(good.body.result).toMatchObject({ isError: false });
  });

  it('asks several kinds at once; a partial answer re-asks only what is still open', async () => {
    const first = await call('asks-everything');
    const r1 = first.body.result!;
    expect(r1.resultType).toBe('input_required');
    const byMethod = Object.fromEntries(
      Object.entries(r1.inputRequests as Record<string, any>).map(([k, v]) => [v.method, k]),
    );
    // Each keyed by the id of the node that asks it (the workflow author's names).
    expect(byMethod).toEqual({
      'elicitation/create': 'who',
      'roots/list': 'roots',
      'sampling/createMessage': 'q',
    });
    expect(r1.inputRequests[byMethod['roots/list']]).toEqual({ method: 'roots/list', params: {} });
    const second = await call('asks-everything', {
      requestState: r1.requestState,
      inputResponses: {
        [byMethod['elicitation/create']]: { action: 'accept', content: { name: 'Ann' } },
        [byMethod['sampling/createMessage']]: reply,
      },
    });
    const r2 = second.body.result!;
    expect(r2.resultType).toBe('input_required');
    expect(r2.requestState).not.toBe(r1.requestState);
    expect(r2.inputRequests).toEqual({
      [byMethod['roots/list']]: { method: 'roots/list', params: {} },
    });
    const third = await call('asks-everything', {
      requestState: r2.requestState,
      inputResponses: { [byMethod['roots/list']]: { roots: [{ uri: 'file:///w', name: 'w' }] } },
    });
    expect(third.body.result!.content).toEqual([
      { type: 'text', text: 'Ann: Paris in [{"uri":"file:///w","name":"w"}]' },
    ]);
  });

  it('refuses a workflow needing undeclared sampling and roots with -32021 before any run exists', async () => {
    const before = await runsOf('asks-everything');
    const r = await call('asks-everything', {}, { elicitation: { form: {} } } as typeof ALL);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: -32021,
      message: expect.stringContaining('sampling'),
      data: { requiredCapabilities: { sampling: {}, roots: {} } },
    });
    expect(await runsOf('asks-everything')).toBe(before);
  });

  it('inputResponses without a requestState under keys the run never asks are ignored: it asks', async () => {
    const r = await call('asks-model', { inputResponses: { anything: reply } });
    expect(r.body.result).toMatchObject({ resultType: 'input_required' });
    expect(Object.keys(r.body.result!.inputRequests)).toEqual(['q']);
  });

  it('inputResponses without a requestState answer what the run asks under those keys', async () => {
    const done = await call('asks-model', { inputResponses: { q: reply, extra: { x: 1 } } });
    expect(done.body.result).toMatchObject({
      content: [{ type: 'text', text: 'Paris' }],
      isError: false,
      resultType: 'complete',
    });
    // Only what was supplied is answered; a malformed answer is asked again, not refused.
    const partial = await call('asks-everything', {
      inputResponses: {
        who: { action: 'accept', content: { name: 'Ann' } },
        q: { action: 'accept', content: {} },
      },
    });
    expect(partial.body.result!.resultType).toBe('input_required');
    expect(Object.keys(partial.body.result!.inputRequests).sort()).toEqual(['q', 'roots']);
  });

  it('the official client answers sampling and roots through its own handlers', async () => {
    const client = await connectClient(
      h.url,
      'acme',
      () => ({ action: 'accept', content: { name: 'Bo' } }),
      { elicitation: { form: {} }, sampling: {}, roots: {} },
    );
    const sampled: any[] = [];
    client.setRequestHandler('sampling/createMessage', async (req: any) => {
      sampled.push(req.params);
      return reply;
    });
    client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///c' }] }));
    const result = await client.callTool({ name: 'asks-everything', arguments: {} });
    expect(sampled).toEqual([question]);
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([{ type: 'text', text: 'Bo: Paris in [{"uri":"file:///c"}]' }]);
    await client.close();
  });
});
