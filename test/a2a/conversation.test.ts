// Follow-up messages to a working task (interop-map SendMessage, "taskId, run not suspended and not
// terminal"): the reference pack's `conversation-loop` declares an input path, so each further
// message in the same task and context is taken and answered; a task whose workflow declares none,
// and a terminal task, refuse with UnsupportedOperationError and append nothing. Between turns the
// task waits on the client and is INPUT_REQUIRED, where a blocking send returns and a stream ends
// (A2A §3.1.1, §3.1.2). Driven by the official client (@a2a-js/sdk) over both bindings, with the
// wire raw.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMessageRequest, TaskState, type Message, type Task } from '@a2a-js/sdk';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
  type Client,
} from '@a2a-js/sdk/client';
import { UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { parseDefinition } from '../../runtime/core/reference/engine/definition.ts';
import { createRegistry, loadWorkflowDir } from '../../runtime/core/reference/workflows/index.ts';
import type { Subject } from '../../runtime/ports/auth.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
let acme: Subject;
let seq = 0;

const BINDINGS = [
  { name: 'JSONRPC', transport: JsonRpcTransportFactory },
  { name: 'HTTP+JSON', transport: RestTransportFactory },
] as const;

function bearerFetch(key: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${key}`);
    return fetch(input, { ...init, headers });
  };
}

function request(
  text: string,
  to: { taskId?: string; contextId?: string; skill?: string; messageId?: string },
  configuration: Record<string, unknown> = {},
) {
  seq += 1;
  return SendMessageRequest.fromJSON({
    message: {
      messageId: to.messageId ?? `conv-${seq}-${Date.now()}`,
      role: 'ROLE_USER',
      parts: [{ text }],
      ...(to.taskId ? { taskId: to.taskId } : {}),
      ...(to.contextId ? { contextId: to.contextId } : {}),
      ...(to.skill ? { metadata: { openwop: { skill: to.skill } } } : {}),
    },
    configuration,
  });
}

function asTask(result: unknown): Task {
  expect(result).toHaveProperty('status');
  return result as Task;
}

const textOf = (m: Message | undefined) =>
  (m?.parts ?? []).flatMap((p) => (p.content?.$case === 'text' ? [p.content.value] : []));

/** Who said what, in history order. */
const transcript = (t: Task) =>
  t.history.map((m) => [m.role === 1 ? 'user' : 'agent', textOf(m).join('')]);

/** The run's log, apart from the negotiation records each exchange adds (interop.md). */
async function logTypes(runId: string) {
  return (await h.host.context.core.readEvents(acme, runId, -1, 1000))!
    .map((e) => e.type)
    .filter((t) => t !== 'negotiation.decided');
}

beforeAll(async () => {
  h = await startHost();
  acme = (await h.host.keys.verifyKey(h.key))!;
});

afterAll(async () => {
  await h.close();
});

describe.each(BINDINGS)('follow-up messages over $name with @a2a-js/sdk', ({ name, transport }) => {
  let client: Client;

  beforeAll(async () => {
    const fetchImpl = bearerFetch(h.key);
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new transport({ fetchImpl })],
        preferredTransports: [name],
        cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
      }),
    );
    client = await factory.createFromUrl(h.url);
  });

  it('answers each message of one task and context, then completes on "bye"', async () => {
    const first = asTask(await client.sendMessage(request('hi', { skill: 'conversation-loop' })));
    // The run answered the message that started it and waits for the next one: input-required.
    expect(first.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(textOf(first.status?.message)).toEqual(['you said: hi']);
    expect(first.status?.message?.messageId).toBe(`${first.id}#reply-0`);
    expect(transcript(first)).toEqual([
      ['user', 'hi'],
      ['agent', 'you said: hi'],
    ]);

    // A follow-up names the task only: it is answered with the task's context.
    const second = asTask(await client.sendMessage(request('how are you', { taskId: first.id })));
    expect(second.id).toBe(first.id);
    expect(second.contextId).toBe(first.contextId);
    expect(second.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(
      (await client.getTask({ tenant: '', id: first.id, historyLength: undefined })).status?.state,
    ).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(textOf(second.status?.message)).toEqual(['you said: how are you']);
    expect(transcript(second)).toEqual([
      ['user', 'hi'],
      ['agent', 'you said: hi'],
      ['user', 'how are you'],
      ['agent', 'you said: how are you'],
    ]);
    for (const m of second.history) {
      expect(m.taskId).toBe(first.id);
      expect(m.contextId).toBe(first.contextId);
    }

    const last = asTask(
      await client.sendMessage(request('bye', { taskId: first.id, contextId: first.contextId })),
    );
    expect(last.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(transcript(last).slice(-2)).toEqual([
      ['user', 'bye'],
      ['agent', 'you said: bye'],
    ]);
    expect(last.artifacts[0]?.parts[0]?.content).toEqual({
      $case: 'data',
      value: { text: 'you said: bye', turns: 3 },
    });
    expect(await logTypes(first.id)).toEqual([
      'run.started',
      'conversation.opened',
      'conversation.exchanged',
      'conversation.exchanged',
      'conversation.exchanged',
      'conversation.closed',
      'run.completed',
    ]);

    // The conversation is over: a further message is refused and appends nothing.
    const before = await client.getTask({ tenant: '', id: first.id, historyLength: undefined });
    await expect(client.sendMessage(request('more', { taskId: first.id }))).rejects.toBeInstanceOf(
      UnsupportedOperationError,
    );
    expect(await client.getTask({ tenant: '', id: first.id, historyLength: undefined })).toEqual(
      before,
    );
    expect((await logTypes(first.id)).at(-1)).toBe('run.completed');
  });

  it('a repeated follow-up (same messageId) is taken once', async () => {
    const first = asTask(await client.sendMessage(request('one', { skill: 'conversation-loop' })));
    const messageId = `conv-repeat-${name}-${Date.now()}`;
    const a = asTask(await client.sendMessage(request('two', { taskId: first.id, messageId })));
    const b = asTask(await client.sendMessage(request('two', { taskId: first.id, messageId })));
    expect(transcript(b)).toEqual(transcript(a));
    expect(transcript(b)).toHaveLength(4);
    expect((await logTypes(first.id)).filter((t) => t === 'conversation.exchanged')).toHaveLength(
      2,
    );
  });

  it('streams a follow-up: the task working, then input-required with the answer, and ends', async () => {
    const first = asTask(
      await client.sendMessage(request('start', { skill: 'conversation-loop' })),
    );
    const events = [];
    for await (const e of client.sendMessageStream(request('streamed', { taskId: first.id }))) {
      events.push(e);
    }
    expect(events.map((e) => e.payload?.$case)).toEqual(['task', 'statusUpdate']);
    const task = events[0]?.payload;
    if (task?.$case !== 'task') throw new Error('expected the task');
    expect(task.value.status?.state).toBe(TaskState.TASK_STATE_WORKING);
    const update = events[1]?.payload;
    if (update?.$case !== 'statusUpdate') throw new Error('expected a status update');
    expect(update.value.taskId).toBe(first.id);
    expect(update.value.contextId).toBe(first.contextId);
    expect(update.value.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(textOf(update.value.status?.message)).toEqual(['you said: streamed']);
  });

  it('a streamed start ends once the run answers its first message', async () => {
    const events = [];
    for await (const e of client.sendMessageStream(
      request('hello', { skill: 'conversation-loop' }),
    )) {
      events.push(e);
    }
    expect(events[0]?.payload?.$case).toBe('task');
    const last = events.at(-1)?.payload;
    if (last?.$case !== 'statusUpdate') throw new Error('expected a status update');
    expect(last.value.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(textOf(last.value.status?.message)).toEqual(['you said: hello']);
  });

  it('a message to a working task whose workflow declares no input path is refused', async () => {
    const started = asTask(
      await client.sendMessage(
        SendMessageRequest.fromJSON({
          message: {
            messageId: `conv-busy-${name}-${Date.now()}`,
            role: 'ROLE_USER',
            parts: [{ data: { delayMs: 60000 } }],
            metadata: { openwop: { skill: 'conformance-cancellable' } },
          },
          configuration: { returnImmediately: true },
        }),
      ),
    );
    const before = await logTypes(started.id);
    await expect(client.sendMessage(request('x', { taskId: started.id }))).rejects.toBeInstanceOf(
      UnsupportedOperationError,
    );
    expect(await logTypes(started.id)).toEqual(before);
    await client.cancelTask({ tenant: '', id: started.id, metadata: undefined });
  });
});

describe('between turns on the wire, raw', () => {
  const start = (text: string) => ({
    message: {
      messageId: `turn-${(seq += 1)}`,
      role: 'ROLE_USER',
      parts: [{ text }],
      metadata: { openwop: { skill: 'conversation-loop' } },
    },
  });
  const followUp = (taskId: string, text: string) => ({
    message: { messageId: `turn-${(seq += 1)}`, role: 'ROLE_USER', parts: [{ text }], taskId },
  });

  /** A blocking SendMessage over each binding: the task it answers. */
  const send = {
    async JSONRPC(params: unknown) {
      const r = await h.call('acme', '/a2a/jsonrpc', {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params }),
      });
      return ((await r.json()) as { result: { task: WireTask } }).result.task;
    },
    async 'HTTP+JSON'(params: unknown) {
      const r = await h.call('acme', '/a2a/rest/message:send', {
        method: 'POST',
        body: JSON.stringify(params),
      });
      return ((await r.json()) as { task: WireTask }).task;
    },
  };

  /** A streaming send over each binding, read to its end: each StreamResponse's kind and state. */
  const stream = {
    async JSONRPC(params: unknown) {
      const r = await h.call('acme', '/a2a/jsonrpc', {
        method: 'POST',
        headers: { accept: 'text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendStreamingMessage', params }),
      });
      return frames(await r.text()).map((f) => summary((f as { result: StreamEvent }).result));
    },
    async 'HTTP+JSON'(params: unknown) {
      const r = await h.call('acme', '/a2a/rest/message:stream', {
        method: 'POST',
        headers: { accept: 'text/event-stream' },
        body: JSON.stringify(params),
      });
      return frames(await r.text()).map((f) => summary(f as StreamEvent));
    },
  };

  interface WireTask {
    id: string;
    status: { state: string };
  }
  interface StreamEvent {
    task?: WireTask;
    statusUpdate?: { status: { state: string } };
    artifactUpdate?: unknown;
  }
  const frames = (text: string) =>
    text
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => JSON.parse(l.slice(5)) as unknown);
  const summary = (e: StreamEvent) =>
    e.task
      ? `task ${e.task.status.state}`
      : e.statusUpdate
        ? `status ${e.statusUpdate.status.state}`
        : 'artifact';

  it.each(['JSONRPC', 'HTTP+JSON'] as const)(
    '%s: a blocking send returns input-required after each turn; bye completes',
    async (binding) => {
      const first = await send[binding](start('hi'));
      expect(first.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
      const second = await send[binding](followUp(first.id, 'again'));
      expect(second.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
      const last = await send[binding](followUp(first.id, 'bye'));
      expect(last.status.state).toBe('TASK_STATE_COMPLETED');
    },
  );

  it.each(['JSONRPC', 'HTTP+JSON'] as const)(
    '%s: a stream ends at input-required after each turn, at completed after bye',
    async (binding) => {
      const opened = await stream[binding](start('hi'));
      expect(opened).toEqual([
        'task TASK_STATE_SUBMITTED',
        'status TASK_STATE_WORKING',
        'status TASK_STATE_INPUT_REQUIRED',
      ]);
      const first = await send[binding](start('hi'));
      expect(await stream[binding](followUp(first.id, 'again'))).toEqual([
        'task TASK_STATE_WORKING',
        'status TASK_STATE_INPUT_REQUIRED',
      ]);
      expect(await stream[binding](followUp(first.id, 'bye'))).toEqual([
        'task TASK_STATE_WORKING',
        'status TASK_STATE_WORKING',
        'artifact',
        'status TASK_STATE_COMPLETED',
      ]);
    },
  );
});

describe('refusals on the wire', () => {
  const INFO = {
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason: 'UNSUPPORTED_OPERATION',
    domain: 'a2a-protocol.org',
  };
  const TERMINAL = 'the task is in a terminal state and accepts no further messages';
  const NOT_WAITING = 'the task is working and is not waiting for input';

  const message = (taskId: string) => ({
    messageId: `wire-${(seq += 1)}`,
    role: 'ROLE_USER',
    parts: [{ text: 'again' }],
    taskId,
  });

  async function rpc(params: unknown) {
    const r = await h.call('acme', '/a2a/jsonrpc', {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'SendMessage', params }),
    });
    return { status: r.status, body: (await r.json()) as unknown };
  }

  async function rest(params: unknown) {
    const r = await h.call('acme', '/a2a/rest/message:send', {
      method: 'POST',
      body: JSON.stringify(params),
    });
    return {
      status: r.status,
      type: r.headers.get('content-type'),
      body: (await r.json()) as unknown,
    };
  }

  async function start(skill: string, parts: unknown[], configuration = {}) {
    const r = await rpc({
      message: {
        messageId: `wire-start-${(seq += 1)}`,
        role: 'ROLE_USER',
        parts,
        metadata: { openwop: { skill } },
      },
      configuration,
    });
    return (r.body as { result: { task: { id: string } } }).result.task.id;
  }

  it('a message to a terminal task: -32004 / 400 FAILED_PRECONDITION, exactly', async () => {
    const id = await start('conversation-loop', [{ text: 'bye' }]);
    expect(await rpc({ message: message(id) })).toEqual({
      status: 200,
      body: { jsonrpc: '2.0', id: 7, error: { code: -32004, message: TERMINAL, data: [INFO] } },
    });
    expect(await rest({ message: message(id) })).toEqual({
      status: 400,
      type: 'application/json',
      body: {
        error: { code: 400, status: 'FAILED_PRECONDITION', message: TERMINAL, details: [INFO] },
      },
    });
  });

  it('a message to a working task without an input path: -32004 / 400, exactly', async () => {
    const id = await start('conformance-cancellable', [{ data: { delayMs: 60000 } }], {
      returnImmediately: true,
    });
    expect(await rpc({ message: message(id) })).toEqual({
      status: 200,
      body: { jsonrpc: '2.0', id: 7, error: { code: -32004, message: NOT_WAITING, data: [INFO] } },
    });
    expect(await rest({ message: message(id) })).toEqual({
      status: 400,
      type: 'application/json',
      body: {
        error: { code: 400, status: 'FAILED_PRECONDITION', message: NOT_WAITING, details: [INFO] },
      },
    });
    await h.call('acme', '/a2a/jsonrpc', {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'CancelTask', params: { id } }),
    });
  });

  it('a follow-up naming another context is -32602 and the run takes nothing', async () => {
    const id = await start('conversation-loop', [{ text: 'hi' }]);
    const before = await logTypes(id);
    const r = await rpc({ message: { ...message(id), contextId: 'not-this-one' } });
    expect(r.body).toMatchObject({ id: 7, error: { code: -32602 } });
    expect(await logTypes(id)).toEqual(before);
  });

  it('a follow-up to another tenant’s conversation answers as an unknown task', async () => {
    const id = await start('conversation-loop', [{ text: 'hi' }]);
    const as = async (key: 'acme' | 'other', taskId: string) => {
      const r = await h.call(key, '/a2a/jsonrpc', {
        method: 'POST',
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'SendMessage',
          params: { message: { ...message(taskId), messageId: 'same-id' } },
        }),
      });
      return r.text();
    };
    const foreign = await as('other', id);
    const unknown = await as('other', 'other/AAAAAAAAAAAAAAAAAAAAAA');
    expect(foreign).toBe(unknown);
    expect(JSON.parse(foreign)).toMatchObject({ error: { code: -32001 } });
  });
});

describe('a conversation opened with no message to answer', () => {
  // A converse node whose run starts without `text` answers nothing on entry and waits.
  let quiet: RunningHost;
  const skill = 'quiet-chat';

  beforeAll(async () => {
    const def = parseDefinition(
      {
        id: skill,
        description: 'Waits for a first message, then answers each one.',
        inputSchema: { type: 'object', properties: { topic: { type: 'string' } } },
        nodes: [{ id: 'chat', kind: 'converse', reply: 're: {{message.text}}', until: 'bye' }],
      },
      skill,
    );
    quiet = await startHost({ workflows: createRegistry([...loadWorkflowDir(), def]) });
  });

  afterAll(async () => {
    await quiet.close();
  });

  const message = (binding: string) => ({
    message: {
      messageId: `quiet-${binding}-${(seq += 1)}`,
      role: 'ROLE_USER',
      parts: [{ data: { topic: 'weather' } }],
      metadata: { openwop: { skill } },
    },
  });

  it('a stream of its start ends at input-required (HTTP+JSON)', async () => {
    const r = await quiet.call('acme', '/a2a/rest/message:stream', {
      method: 'POST',
      headers: { accept: 'text/event-stream' },
      body: JSON.stringify(message('rest')),
    });
    const states = (await r.text())
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map(
        (l) => JSON.parse(l.slice(5)) as { task?: Task; statusUpdate?: { status: Task['status'] } },
      )
      .map((e) => (e.task ?? e.statusUpdate)!.status?.state);
    expect(states).toEqual([
      'TASK_STATE_SUBMITTED',
      'TASK_STATE_WORKING',
      'TASK_STATE_INPUT_REQUIRED',
    ]);
  });

  it('a blocking start returns input-required (JSON-RPC)', async () => {
    const r = await quiet.call('acme', '/a2a/jsonrpc', {
      method: 'POST',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: message('rpc'),
      }),
    });
    const { result } = (await r.json()) as { result: { task: { status: { state: string } } } };
    expect(result.task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
  });
});
