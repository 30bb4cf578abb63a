// The conversation loop at the port (RunCore.sendRunMessage, WorkflowView.messages): a declared
// input path for messages to a running run. The run answers its first message on entry and each
// further one, the answers are read back through runView, a restarted core carries on where the
// conversation was, and a run that ended or has no input path refuses with the port's codes.
import { afterEach, describe, expect, it } from 'vitest';
import { isCoreError } from '../../runtime/ports/errors.ts';
import type { Subject } from '../../runtime/ports/auth.ts';
import { fixture, subject, type Fixture } from './helpers.ts';

let f: Fixture;
const alice: Subject = subject('acme', 'alice');
const eve: Subject = subject('other', 'eve');

afterEach(async () => {
  await f?.cleanup();
});

const note = (text: string) => ({
  binding: 'a2a' as const,
  contextId: 'ctx-1',
  append: { messageId: `m-${text}`, role: 'ROLE_USER', parts: [{ text }] },
});

describe('conversation-loop through the port', () => {
  it('declares its input path on the workflow view; other workflows declare none', async () => {
    f = await fixture();
    expect((await f.core.getWorkflow(alice, 'conversation-loop'))?.messages).toEqual({
      nodeIds: ['chat'],
    });
    expect((await f.core.getWorkflow(alice, 'echo'))?.messages).toBeUndefined();
  });

  it('answers the first message, then each further one, until "bye"', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conversation-loop',
      inputs: { text: 'hi' },
      transport: 'a2a',
    });
    expect(run).toMatchObject({ status: 'running', currentNodeId: 'chat' });
    const answered = await f.core.sendRunMessage!(alice, run.runId, {
      messageId: 'm-2',
      text: 'more',
      note: note('more'),
    });
    expect(answered!.reply).toEqual({
      inReplyTo: 'm-2',
      turnIndex: 1,
      text: 'you said: more',
      at: expect.any(String),
    });
    expect(answered!.run).toMatchObject({ status: 'running', currentNodeId: 'chat' });
    const view = await f.core.runView!(alice, run.runId, 'a2a');
    expect(view!.replies!.map((r) => [r.inReplyTo, r.turnIndex, r.text])).toEqual([
      [null, 0, 'you said: hi'],
      ['m-2', 1, 'you said: more'],
    ]);
    // The message joined the binding record in the same commit.
    expect(view!.record!.history).toEqual([note('more').append]);
    // Between turns the run waits for the next message, in every view of it.
    expect(view!.awaitingMessage).toBe(true);
    const listed = await f.core.listRunViews!(alice, {}, 'a2a');
    expect(listed.views.find((v) => v.run.runId === run.runId)?.awaitingMessage).toBe(true);

    const bye = await f.core.sendRunMessage!(alice, run.runId, { messageId: 'm-3', text: ' BYE ' });
    expect(bye!.run).toMatchObject({
      status: 'completed',
      outputs: { text: 'you said:  BYE ', turns: 3 },
    });
    const exchanged = (await f.core.readEvents(alice, run.runId, -1, 100))!.filter(
      (e) => e.type === 'conversation.exchanged',
    );
    expect(exchanged.map((e) => e.payload)).toEqual([
      {
        conversationId: `${run.runId}#chat`,
        turnIndex: 0,
        turn: {
          messageId: run.runId,
          from: 'alice',
          role: 'user',
          content: 'hi',
          ts: expect.any(Number),
          turnIndex: 0,
        },
        outcome: { text: 'you said: hi' },
      },
      expect.objectContaining({ turnIndex: 1 }),
      expect.objectContaining({ turnIndex: 2 }),
    ]);
    expect((await f.core.runView!(alice, run.runId, 'a2a'))!.awaitingMessage).toBeUndefined();
    await expect(
      f.core.sendRunMessage!(alice, run.runId, { messageId: 'm-4', text: 'late' }),
    ).rejects.toSatisfy((e: unknown) => isCoreError(e, 'run_terminal'));
  });

  it('refuses a running run without an input path, and hides another tenant’s run', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conformance-cancellable',
      inputs: { delayMs: 60_000 },
      transport: 'a2a',
    });
    await expect(
      f.core.sendRunMessage!(alice, run.runId, { messageId: 'm', text: 'x' }),
    ).rejects.toSatisfy((e: unknown) => isCoreError(e, 'run_already_active'));
    const chat = await f.core.createRun(alice, {
      workflowId: 'conversation-loop',
      inputs: { text: 'hi' },
      transport: 'a2a',
    });
    expect(await f.core.sendRunMessage!(eve, chat.run.runId, { messageId: 'm', text: 'x' })).toBe(
      undefined,
    );
    await f.core.cancelRun(alice, run.runId);
  });

  it('a restarted core carries the conversation on', async () => {
    f = await fixture();
    const { run } = await f.core.createRun(alice, {
      workflowId: 'conversation-loop',
      inputs: { text: 'one' },
      transport: 'a2a',
    });
    await f.core.close();
    const again = await f.open();
    const answered = await again.core.sendRunMessage!(alice, run.runId, {
      messageId: 'm-2',
      text: 'two',
    });
    expect(answered!.reply).toMatchObject({ turnIndex: 1, text: 'you said: two' });
    const view = await again.core.runView!(alice, run.runId, 'a2a');
    expect(view!.replies!.map((r) => r.text)).toEqual(['you said: one', 'you said: two']);
  });
});
