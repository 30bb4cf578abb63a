// Opacity of what the interop map does not name (interop.md §"The operation mappings", §Isolation):
// unknown Message metadata keys, `Message.extensions` and `referenceTaskIds` are carried back in the
// task's history exactly as sent and never become authority, a workflow input or variable, or a
// link to another tenant's task. Each test sends material built to look like one of those.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { expectA2aError, rpcClient, taskOf, type Rpc } from '../helpers/a2a-rpc.ts';

let h: RunningHost;
let c: ReturnType<typeof rpcClient>;

beforeAll(async () => {
  h = await startHost();
  c = rpcClient(h);
});

afterAll(async () => {
  await h.close();
});

/** Metadata shaped like authority: another tenant, a principal, a scope, a bearer value. */
const AUTHORITY = {
  openwop: {
    skill: 'echo',
    tenant: 'other',
    principal: 'admin@other',
    scope: 'runs:admin',
    workspace: 'other-ws',
  },
  tenant: 'other',
  Authorization: 'Bearer test-key-other-0123456789',
  headers: { authorization: 'Bearer test-key-other-0123456789' },
};

/** Metadata shaped like workflow variables and templates. */
const VARIABLES = {
  openwop: { skill: 'echo', inputs: { text: 'INJECTED' }, vars: { text: 'INJECTED' } },
  inputs: { text: 'INJECTED' },
  vars: { reply: { text: 'INJECTED' } },
  text: '{{inputs.text}}',
  template: '{{vars.reply.text}} {{inputs.text}}',
};

async function sendEcho(text: string, extra: Record<string, unknown>, key?: string) {
  const sent = c.message([{ text }], extra);
  const r = await c.rpc('SendMessage', { message: sent }, key === undefined ? {} : { key });
  return { sent, task: taskOf(r as Rpc) as ReturnType<typeof taskOf> & Record<string, unknown> };
}

async function runRest(tenant: 'acme' | 'other', runId: string) {
  const res = await h.call(tenant, `/runs/${encodeURIComponent(runId)}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The part of a completed echo task the workflow produced: status message parts and artifacts. */
function produced(task: Record<string, unknown>) {
  const status = task['status'] as { state: string; message: { parts: unknown[] } };
  return { state: status.state, parts: status.message.parts, artifacts: task['artifacts'] };
}

const ECHOED = (text: string) => ({
  state: 'TASK_STATE_COMPLETED',
  parts: [{ text }, { data: { text } }],
  artifacts: [{ artifactId: 'output', name: 'output', parts: [{ data: { text } }] }],
});

describe('unknown metadata is opaque', () => {
  it('authority-shaped metadata round-trips verbatim and changes nothing about ownership', async () => {
    const { sent, task } = await sendEcho('owned', { metadata: AUTHORITY });
    expect(task.id.startsWith('acme/')).toBe(true);
    expect(produced(task)).toEqual(ECHOED('owned'));
    // The caller's own message comes back as sent (plus the ids the task gives it), no more.
    expect(task.history).toEqual([{ ...sent, taskId: task.id, contextId: task.contextId }]);
    // The owner stays the caller: acme reads it, the tenant the metadata names does not.
    expect((await runRest('acme', task.id)).status).toBe(200);
    const got = await c.rpc('GetTask', { id: task.id }, { key: h.otherKey });
    const unknown = await c.rpc(
      'GetTask',
      { id: 'acme/AAAAAAAAAAAAAAAAAAAAAA' },
      { key: h.otherKey },
    );
    expectA2aError(got as Rpc, -32001, 'TASK_NOT_FOUND');
    expect(got.text).toBe(unknown.text);
    const listed = await c.rpc('ListTasks', {}, { key: h.otherKey });
    expect(listed.text).not.toContain(task.id);
  });

  it('variable- and template-shaped metadata reaches no input, variable or output', async () => {
    const { sent, task } = await sendEcho('plain', { metadata: VARIABLES });
    expect(produced(task)).toEqual(ECHOED('plain'));
    expect(JSON.stringify(task.artifacts)).not.toContain('INJECTED');
    expect(task.history).toEqual([{ ...sent, taskId: task.id, contextId: task.contextId }]);
    const run = await runRest('acme', task.id);
    expect(run.status).toBe(200);
    expect(run.body['inputs']).toEqual({ text: 'plain' });
    expect(JSON.stringify(run.body)).not.toContain('INJECTED');
  });

  it('a metadata Authorization value is no credential: without a header the call is 401', async () => {
    const r = await c.post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: { message: c.message([{ text: 'anon' }], { metadata: AUTHORITY }) },
      }),
      {},
      '',
    );
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).not.toBeNull();
  });
});

describe('referenceTaskIds and extensions are opaque', () => {
  it('a reference to another tenant’s task neither reveals nor links it', async () => {
    const theirs = await sendEcho(
      'their-secret',
      { metadata: { openwop: { skill: 'echo' } } },
      h.otherKey,
    );
    expect(theirs.task.id.startsWith('other/')).toBe(true);
    const refOther = await sendEcho('ref', {
      metadata: { openwop: { skill: 'echo' } },
      referenceTaskIds: [theirs.task.id],
    });
    const refNone = await sendEcho('ref', {
      metadata: { openwop: { skill: 'echo' } },
      referenceTaskIds: ['other/AAAAAAAAAAAAAAAAAAAAAA'],
    });
    // Same answer as a reference to a task that never existed, apart from the fresh ids.
    expect(produced(refOther.task)).toEqual(ECHOED('ref'));
    expect(produced(refNone.task)).toEqual(ECHOED('ref'));
    const wire = JSON.stringify(refOther.task);
    expect(wire).not.toContain('their-secret');
    expect(wire).not.toContain(theirs.task.contextId);
    expect(refOther.task.contextId).not.toBe(theirs.task.contextId);
    // The reference itself round-trips as the caller sent it.
    expect(refOther.task.history).toEqual([
      { ...refOther.sent, taskId: refOther.task.id, contextId: refOther.task.contextId },
    ]);
    const run = await runRest('acme', refOther.task.id);
    expect(run.body['inputs']).toEqual({ text: 'ref' });
    expect(JSON.stringify(run.body)).not.toContain(theirs.task.id);
    // The referenced task stays where it was: unreadable by acme, readable by its owner.
    const probe = await c.rpc('GetTask', { id: theirs.task.id });
    expectA2aError(probe as Rpc, -32001, 'TASK_NOT_FOUND');
    expect((await runRest('other', theirs.task.id)).status).toBe(200);
  });

  it('Message.extensions are carried verbatim and never acted on', async () => {
    const ext = ['https://example.com/ext/tenant-override/v1', 'urn:openwop:tool-call'];
    const withExt = await sendEcho('ext', {
      metadata: { openwop: { skill: 'echo' } },
      extensions: ext,
    });
    const without = await sendEcho('ext', { metadata: { openwop: { skill: 'echo' } } });
    expect(produced(withExt.task)).toEqual(produced(without.task));
    expect(withExt.task.history).toEqual([
      { ...withExt.sent, taskId: withExt.task.id, contextId: withExt.task.contextId },
    ]);
    expect((withExt.task.history![0] as { extensions: unknown }).extensions).toEqual(ext);
    expect(withExt.task['metadata']).toEqual(without.task['metadata']);
    expect((await runRest('acme', withExt.task.id)).body['inputs']).toEqual({ text: 'ext' });
  });
});

describe('the HTTP+JSON binding treats the same material alike', () => {
  it('unnamed metadata, extensions and references round-trip and reach no input', async () => {
    const sent = c.message([{ text: 'rest-plain' }], {
      metadata: {
        ...AUTHORITY,
        ...VARIABLES,
        openwop: { ...AUTHORITY.openwop, ...VARIABLES.openwop },
      },
      extensions: ['https://example.com/ext/tenant-override/v1'],
      referenceTaskIds: ['other/AAAAAAAAAAAAAAAAAAAAAA'],
    });
    const r = await fetch(`${h.url}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: sent }),
    });
    expect(r.status).toBe(200);
    const task = ((await r.json()) as { task: Record<string, unknown> & { id: string } }).task;
    expect(task.id.startsWith('acme/')).toBe(true);
    expect(produced(task)).toEqual(ECHOED('rest-plain'));
    expect(task['history']).toEqual([{ ...sent, taskId: task.id, contextId: task['contextId'] }]);
    const run = await runRest('acme', task.id);
    expect(run.body['inputs']).toEqual({ text: 'rest-plain' });
    expect(JSON.stringify(run.body)).not.toContain('INJECTED');
    expect((await runRest('other', task.id)).status).not.toBe(200);
  });
});
