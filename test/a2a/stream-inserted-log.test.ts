// SendStreamingMessage of a new task streams the log its run was inserted with from memory
// (status-updates.ts, entry-reads.ts): the frames are exactly those the store-read stream sends for
// the same workflow (every event once, in order, same shapes), and a run that ended or stopped in
// its first turn is streamed without reading its log or view back. A run still running after its
// first turn (a delay) follows the store as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunCore } from '../../runtime/ports/run-core.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
let n = 0;
beforeAll(async () => {
  h = await startHost();
});
afterAll(() => h.close());

/** One SendStreamingMessage to `skill`, read to its end: its frames' `result`s. */
async function stream(skill: string, text: string, inputs?: Record<string, unknown>) {
  n += 1;
  const messageId = `inserted-${n}-${Date.now()}`;
  const parts: unknown[] = [{ text }];
  if (inputs) parts.push({ data: inputs });
  const r = await h.call('acme', '/a2a/jsonrpc', {
    method: 'POST',
    headers: { accept: 'text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 5,
      method: 'SendStreamingMessage',
      params: {
        message: {
          messageId,
          role: 'ROLE_USER',
          parts,
          metadata: { openwop: { skill } },
        },
      },
    }),
  });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const frames = (await r.text())
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as { id: number; result: Record<string, unknown> });
  expect(frames.every((f) => f.id === 5)).toBe(true);
  return { messageId, results: frames.map((f) => f.result) };
}

type Streamed = Awaited<ReturnType<typeof stream>>;

/** The frames with this task's ids, contexts and instants replaced, so two tasks compare. */
function normalised({ messageId, results }: Streamed): unknown {
  const task = results[0]!['task'] as { id: string; contextId: string };
  const text = JSON.stringify(results)
    .split(task.id)
    .join('<task>')
    .split(task.contextId)
    .join('<context>')
    .split(messageId)
    .join('<message>')
    .replace(/acme\/[\w-]+/g, '<id>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<instant>');
  return JSON.parse(text);
}

const READS = ['readEvents', 'streamRunEvents', 'runView', 'getRun', 'lastSequence'] as const;

/** How many times `f` made the core read a run's log or view. */
async function logReadsBy(core: RunCore, f: () => Promise<unknown>): Promise<number> {
  const saved = READS.map((k) => [k, core[k]] as const);
  let reads = 0;
  for (const [k, fn] of saved) {
    Object.assign(core, {
      [k]: (...args: unknown[]) => {
        reads += 1;
        return (fn as (...a: unknown[]) => unknown).apply(core, args);
      },
    });
  }
  try {
    await f();
  } finally {
    for (const [k, fn] of saved) Object.assign(core, { [k]: fn });
  }
  return reads;
}

/** `f` with createRun answering no inserted log, so the stream reads every event from the store. */
async function fromStore<T>(core: RunCore, f: () => Promise<T>): Promise<T> {
  const createRun = core.createRun;
  core.createRun = async (...args) => {
    const created = await createRun.apply(core, args);
    delete created.events;
    return created;
  };
  try {
    return await f();
  } finally {
    core.createRun = createRun;
  }
}

/** The stream of `skill`, and the one read from the store alike; how many reads the first made. */
async function compared(skill: string, text: string, inputs?: Record<string, unknown>) {
  const core = h.host.context.core;
  const expected = await fromStore(core, () => stream(skill, text, inputs));
  let got: Streamed | undefined;
  const reads = await logReadsBy(core, async () => {
    got = await stream(skill, text, inputs);
  });
  expect(normalised(got!)).toEqual(normalised(expected));
  const last = got!.results.at(-1)!['statusUpdate'] as { status: { state: string } };
  return { reads, last: last.status.state };
}

describe('SendStreamingMessage streams the inserted log from memory', () => {
  it.each([
    { skill: 'echo', text: 'hello', last: 'TASK_STATE_COMPLETED' },
    { skill: 'conformance-failure', text: 'x', last: 'TASK_STATE_FAILED' },
    { skill: 'conformance-approval', text: 'x', last: 'TASK_STATE_INPUT_REQUIRED' },
    { skill: 'conformance-credential', text: 'x', last: 'TASK_STATE_AUTH_REQUIRED' },
    { skill: 'conformance-clarification', text: 'x', last: 'TASK_STATE_INPUT_REQUIRED' },
    // Its first message closes the conversation: answered (working), then completed.
    { skill: 'conversation-loop', text: 'bye', last: 'TASK_STATE_COMPLETED' },
  ])('$skill ("$text"): the store-read frames, with no read back', async (c) => {
    expect(await compared(c.skill, c.text)).toEqual({ reads: 0, last: c.last });
  });

  // Still running after the first turn (at a delay, or waiting for the conversation's next
  // message): the core steps it again, so no inserted log is answered and the store is followed.
  it.each([
    {
      skill: 'conformance-delay',
      text: 'x',
      inputs: { delayMs: 50 },
      last: 'TASK_STATE_COMPLETED',
    },
    { skill: 'conversation-loop', text: 'hi', last: 'TASK_STATE_INPUT_REQUIRED' },
  ])('$skill ("$text"): followed in the store', async (c) => {
    const { reads, last } = await compared(c.skill, c.text, c.inputs);
    expect(last).toBe(c.last);
    expect(reads).toBeGreaterThan(0);
  });
});
