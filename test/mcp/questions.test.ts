/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// Questions asked before anything runs (runtime/bindings/mcp/questions.ts): a tool's `asksFirst`
// before its run starts, so a task client answers them before its task exists (SEP-2663's
// MRTR-then-task composition; interop.md §MCP tasks allows no InputRequiredResult once a run is
// under way), and a catalogue prompt's `asksFirst` before it is rendered. Raw requests, exact
// shapes; a requestState binds the request and is single use as for a run's rounds.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue, loadCatalogueDir } from '../../runtime/bindings/mcp/catalogue/index.ts';
import { parseDefinition } from '../../runtime/core/reference/engine/definition.ts';
import { createRegistry, loadWorkflowDir } from '../../runtime/core/reference/workflows/index.ts';
import { removeDir, startHost, type RunningHost } from '../helpers/host.ts';
import { KEYS, rawMcp, TASKS, until } from './helpers.ts';

const NAME = {
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
};
const asksName = {
  id: 'asks-name',
  description: 'Asks a name before it starts, then greets it.',
  inputSchema: { type: 'object', properties: { user_name: NAME } },
  asksFirst: [{ name: 'user_name', prompt: 'What is your name?', schema: NAME }],
  nodes: [
    { id: 'work', kind: 'delay', delayMs: 50 },
    { id: 'done', kind: 'complete', output: { text: 'Hello, {{inputs.user_name.name}}!' } },
  ],
};
const FORM = {
  method: 'elicitation/create',
  params: { mode: 'form', message: 'What is your name?', requestedSchema: NAME },
};

let h: RunningHost;
beforeAll(async () => {
  h = await startHost({
    workflows: createRegistry([...loadWorkflowDir(), parseDefinition(asksName, 'test')]),
    catalogue: buildCatalogue([
      {
        source: 'prompts.json',
        value: {
          prompts: [
            {
              name: 'with-context',
              description: 'Asks for context first.',
              arguments: [{ name: 'topic' }],
              asksFirst: [
                {
                  name: 'user_context',
                  prompt: 'What context?',
                  schema: { type: 'object', properties: { context: { type: 'string' } } },
                },
              ],
              messages: [
                {
                  role: 'user',
                  content: { type: 'text', text: '{{topic}} in {{user_context.context}}' },
                },
              ],
            },
          ],
        },
      },
    ]),
  });
});
afterAll(async () => {
  await h.close();
});

const call = (extra: Record<string, unknown> = {}, capabilities?: Record<string, unknown>) =>
  rawMcp(
    h.url,
    'tools/call',
    { name: 'asks-name', arguments: {}, ...extra },
    capabilities ? { capabilities } : {},
  );

async function runCount(): Promise<number> {
  const res = await h.call('acme', '/runs?workflowId=asks-name');
  return ((await res.json()) as { runs: unknown[] }).runs.length;
}

const INVALID = {
  code: -32602,
  message: 'invalid requestState',
  data: { reason: 'request_state_invalid' },
};

describe('a tool that asks first', () => {
  it('asks before any run exists, keyed by the question name; the answer starts the run', async () => {
    const before = await runCount();
    const first = await call();
    expect(first.body.result).toEqual({
      resultType: 'input_required',
      inputRequests: { user_name: FORM },
      requestState: expect.any(String),
    });
    expect(await runCount()).toBe(before);
    const done = await call({
      requestState: first.body.result!.requestState,
      inputResponses: { user_name: { action: 'accept', content: { name: 'Ann' } } },
    });
    expect(done.body.result).toMatchObject({
      resultType: 'complete',
      isError: false,
      content: [{ type: 'text', text: 'Hello, Ann!' }],
    });
    expect(await runCount()).toBe(before + 1);
  });

  it('a task client is asked first too, and gets its task on the round that answers', async () => {
    const caps = { elicitation: { form: {} }, extensions: { [TASKS]: {} } };
    const first = await call({}, caps);
    expect(first.body.result).toMatchObject({ resultType: 'input_required' });
    expect(first.body.result).not.toHaveProperty('taskId');
    const created = await call(
      {
        requestState: first.body.result!.requestState,
        inputResponses: { user_name: { action: 'accept', content: { name: 'Bo' } } },
      },
      caps,
    );
    const task = created.body.result!;
    expect(task).toMatchObject({ resultType: 'task', status: 'working' });
    expect(task).not.toHaveProperty('requestState');
    expect(task).not.toHaveProperty('inputRequests');
    const done = await until(async () => {
      const got = await rawMcp(
        h.url,
        'tasks/get',
        { taskId: task['taskId'] },
        { capabilities: caps },
      );
      return got.body.result!['status'] === 'completed' ? got.body.result! : undefined;
    });
    expect(done['result'].content).toEqual([{ type: 'text', text: 'Hello, Bo!' }]);
  });

  it('an answer carried without a requestState, or the input given as an argument, is not asked', async () => {
    const supplied = await call({
      inputResponses: { user_name: { action: 'accept', content: { name: 'Cy' } }, other: {} },
    });
    expect(supplied.body.result!.content).toEqual([{ type: 'text', text: 'Hello, Cy!' }]);
    const given = await call({ arguments: { user_name: { name: 'Di' } } });
    expect(given.body.result!.content).toEqual([{ type: 'text', text: 'Hello, Di!' }]);
  });

  it('a malformed answer is -32602 and leaves the state usable; a state is used once', async () => {
    const first = await call();
    const state = first.body.result!.requestState;
    const bad = await call({
      requestState: state,
      inputResponses: { user_name: { action: 'accept', content: { name: 7 } } },
    });
    expect(bad.body.error).toMatchObject({
      code: -32602,
      message: 'inputResponses["user_name"] does not match what was asked',
    });
    const answer = { user_name: { action: 'accept', content: { name: 'Ed' } } };
    const ok = await call({ requestState: state, inputResponses: answer });
    expect(ok.body.result!.content).toEqual([{ type: 'text', text: 'Hello, Ed!' }]);
    expect((await call({ requestState: state, inputResponses: answer })).body.error).toEqual(
      INVALID,
    );
  });

  it('a declined question ends the call as a tool error, with no run', async () => {
    const before = await runCount();
    const first = await call();
    const declined = await call({
      requestState: first.body.result!.requestState,
      inputResponses: { user_name: { action: 'decline' } },
    });
    expect(declined.body.result).toMatchObject({ resultType: 'complete', isError: true });
    expect(await runCount()).toBe(before);
  });

  it('a client that declared no elicitation is refused -32021 before anything is asked', async () => {
    const r = await call({}, {});
    expect(r.body.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { form: {} } } },
    });
  });
});

describe('a prompt that asks first', () => {
  const get = (extra: Record<string, unknown> = {}, capabilities?: Record<string, unknown>) =>
    rawMcp(
      h.url,
      'prompts/get',
      { name: 'with-context', arguments: { topic: 'Tea' }, ...extra },
      capabilities ? { capabilities } : {},
    );

  it('asks, then renders the answer as plain text', async () => {
    const first = await get();
    expect(first.body.result).toEqual({
      resultType: 'input_required',
      inputRequests: {
        user_context: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'What context?',
            requestedSchema: { type: 'object', properties: { context: { type: 'string' } } },
          },
        },
      },
      requestState: expect.any(String),
    });
    const done = await get({
      requestState: first.body.result!.requestState,
      inputResponses: { user_context: { action: 'accept', content: { context: '{{topic}}' } } },
    });
    expect(done.body.result).toEqual({
      resultType: 'complete',
      description: 'Asks for context first.',
      messages: [{ role: 'user', content: { type: 'text', text: 'Tea in {{topic}}' } }],
    });
  });

  it('a state minted for a tool, or for other arguments, is refused', async () => {
    const tool = await call();
    expect((await get({ requestState: tool.body.result!.requestState })).body.error).toEqual(
      INVALID,
    );
    const other = await get({ arguments: { topic: 'Coffee' } });
    expect((await get({ requestState: other.body.result!.requestState })).body.error).toEqual(
      INVALID,
    );
  });

  it('needs form elicitation declared (-32021)', async () => {
    expect((await get({}, {})).body.error).toMatchObject({ code: -32021 });
  });
});

describe('declaring questions', () => {
  it('a workflow refuses a repeated question name', () => {
    const twice = { ...asksName, asksFirst: [...asksName.asksFirst, ...asksName.asksFirst] };
    expect(() => parseDefinition(twice, 'twice.json')).toThrow(
      'twice.json: duplicate asksFirst name user_name',
    );
  });

  it('a catalogue refuses a question that is no form, and a placeholder naming no answer field', () => {
    const loadError = (question: unknown, text: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'wopgen-catalogue-'));
      const prompt = {
        name: 'p',
        description: 'd',
        asksFirst: [question],
        messages: [{ role: 'user', content: { type: 'text', text } }],
      };
      writeFileSync(join(dir, 'bad.json'), JSON.stringify({ prompts: [prompt] }));
      try {
        loadCatalogueDir(dir);
        return undefined;
      } catch (err) {
        return (err as Error).message;
      } finally {
        removeDir(dir);
      }
    };
    const q = { name: 'q', prompt: 'Q?', schema: { type: 'object', properties: { a: NAME } } };
    expect(loadError(q, '{{q.a}}')).toMatch(
      /at \/prompts\/0\/asksFirst\/0\/schema: must be a form: an object whose properties are strings, numbers, integers or booleans$/,
    );
    const form = { ...q, schema: { type: 'object', properties: { a: { type: 'string' } } } };
    expect(loadError(form, '{{q.a}}')).toBeUndefined();
    expect(loadError(form, '{{q.b}}')).toMatch(
      /placeholder \{\{q\.b\}\} names no declared argument$/,
    );
  });
});

describe('the official client in its initialize-era default mode', () => {
  it('is asked the questions with elicitation/create, for a tool and for a prompt', async () => {
    const asked: string[] = [];
    const client = new Client(
      { name: 'wopgen-questions-test', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler('elicitation/create', async (req: any) => {
      asked.push(req.params.message as string);
      const content: Record<string, string> =
        req.params.message === 'What context?' ? { context: 'Rome' } : { name: 'Flo' };
      return { action: 'accept', content };
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${KEYS.acme}` } },
      }),
    );
    try {
      const tool = await client.callTool({ name: 'asks-name', arguments: {} });
      expect(tool.content).toEqual([{ type: 'text', text: 'Hello, Flo!' }]);
      const prompt = await client.getPrompt({ name: 'with-context', arguments: { topic: 'Tea' } });
      expect(prompt.messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'Tea in Rome' } },
      ]);
      expect(asked).toEqual(['What is your name?', 'What context?']);
    } finally {
      await client.close();
    }
  });
});
