// Follow-up messages to a working task (interop-map SendMessage, "taskId, run not suspended and not
// terminal"): the reference pack's `conversation-loop` declares an input path, so each further
// message in the same task and context is taken and answered; a task whose workflow declares none,
// and a terminal task, refuse with UnsupportedOperationError and append nothing. Driven by the
// official client (@a2a-js/sdk) over both bindings, with the refusals' exact wire shapes raw.
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
    // The run answered the message that started it and waits, working, for the next one.
    expect(first.status?.state).toBe(TaskState.TASK_STATE_WORKING);
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
    expect(second.status?.state).toBe(TaskState.TASK_STATE_WORKING);
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

  it('streams a follow-up: the task, then the working status carrying the answer, and ends', async () => {
    const first = asTask(
      await client.sendMessage(request('start', { skill: 'conversation-loop' })),
    );
    const events = [];
    for await (const e of client.sendMessageStream(request('streamed', { taskId: first.id }))) {
      events.push(e);
    }
    expect(events.map((e) => e.payload?.$case)).toEqual(['task', 'statusUpdate']);
    const update = events[1]?.payload;
    if (update?.$case !== 'statusUpdate') throw new Error('expected a status update');
    expect(update.value.taskId).toBe(first.id);
    expect(update.value.contextId).toBe(first.contextId);
    expect(update.value.status?.state).toBe(TaskState.TASK_STATE_WORKING);
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
    expect(last.value.status?.state).toBe(TaskState.TASK_STATE_WORKING);
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
