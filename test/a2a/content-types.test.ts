// ContentTypeNotSupportedError (-32005): skills declare their input and output modes on the card,
// and a part (or an acceptedOutputModes list) outside them is refused with the map's row
// (spec/interop-map.json a2a/errors ContentTypeNotSupported).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcClient, taskOf } from '../helpers/a2a-rpc.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
let c: ReturnType<typeof rpcClient>;

beforeAll(async () => {
  h = await startHost({
    config: (cfg) => {
      cfg.a2a.skillModes = { 'conformance-noop': { inputModes: ['application/json'] } };
    },
  });
  c = rpcClient(h);
});

afterAll(async () => {
  await h.close();
});

const INFO = {
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason: 'CONTENT_TYPE_NOT_SUPPORTED',
  domain: 'a2a-protocol.org',
};

const echo = { metadata: { openwop: { skill: 'echo' } } };

describe('the card declares the modes', () => {
  it('defaults on the card, and a skill narrowed by config lists its own', async () => {
    const card = (await (await fetch(`${h.url}/.well-known/agent-card.json`)).json()) as {
      defaultInputModes: string[];
      defaultOutputModes: string[];
      skills: Record<string, unknown>[];
    };
    expect(card.defaultInputModes).toEqual(['text/plain', 'application/json']);
    expect(card.defaultOutputModes).toEqual(['application/json', 'text/plain']);
    const noop = card.skills.find((s) => s['id'] === 'conformance-noop');
    expect(noop).toMatchObject({
      inputModes: ['application/json'],
      outputModes: ['application/json', 'text/plain'],
    });
    const e = card.skills.find((s) => s['id'] === 'echo')!;
    expect('inputModes' in e).toBe(false);
  });
});

describe('SendMessage over JSON-RPC', () => {
  it('a file part of a type the skill does not take is -32005', async () => {
    const parts = [{ text: 'hi' }, { url: 'https://files.example/a.png', mediaType: 'image/png' }];
    const r = await c.rpc('SendMessage', { message: c.message(parts, echo) }, { id: 7 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32005,
        message:
          'message.parts[1]: skill echo does not accept image/png (accepts text/plain, application/json)',
        data: [INFO],
      },
    });
  });

  it('a file part without mediaType is opaque bytes, also refused', async () => {
    const parts = [{ raw: Buffer.from('x').toString('base64') }];
    const r = await c.rpc('SendMessage', { message: c.message(parts, echo) });
    expect(r.body.error).toMatchObject({
      code: -32005,
      message:
        'message.parts[0]: skill echo does not accept application/octet-stream (accepts text/plain, application/json)',
    });
  });

  it('a text part to a JSON-only skill is -32005; its data part is taken', async () => {
    const meta = { metadata: { openwop: { skill: 'conformance-noop' } } };
    const r = await c.rpc('SendMessage', { message: c.message([{ text: 'hi' }], meta) });
    expect(r.body.error).toEqual({
      code: -32005,
      message:
        'message.parts[0]: skill conformance-noop does not accept text/plain (accepts application/json)',
      data: [INFO],
    });
    const ok = await c.rpc('SendMessage', { message: c.message([{ data: {} }], meta) });
    expect(ok.body.error).toBeUndefined();
    expect(taskOf(ok).status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('media type parameters and wildcards match; a parameterised text part is taken', async () => {
    const parts = [{ text: 'hi', mediaType: 'Text/Plain; charset=utf-8' }];
    const r = await c.rpc('SendMessage', {
      message: c.message(parts, echo),
      configuration: { acceptedOutputModes: ['text/*'] },
    });
    expect(r.body.error).toBeUndefined();
    expect(taskOf(r).status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('acceptedOutputModes the skill cannot meet is -32005; an empty list is no constraint', async () => {
    const r = await c.rpc('SendMessage', {
      message: c.message([{ text: 'hi' }], echo),
      configuration: { acceptedOutputModes: ['image/png', 'audio/*'] },
    });
    expect(r.body.error).toEqual({
      code: -32005,
      message:
        'configuration.acceptedOutputModes: skill echo answers only in application/json, text/plain',
      data: [INFO],
    });
    const ok = await c.rpc('SendMessage', {
      message: c.message([{ text: 'hi' }], echo),
      configuration: { acceptedOutputModes: [] },
    });
    expect(taskOf(ok).status.state).toBe('TASK_STATE_COMPLETED');
  });
});

describe('SendMessage over HTTP+JSON', () => {
  it('is 400 INVALID_ARGUMENT with the CONTENT_TYPE_NOT_SUPPORTED ErrorInfo', async () => {
    const r = await fetch(`${h.url}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: c.message(
          [{ url: 'https://files.example/a.pdf', mediaType: 'application/pdf' }],
          echo,
        ),
      }),
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message:
          'message.parts[0]: skill echo does not accept application/pdf (accepts text/plain, application/json)',
        details: [INFO],
      },
    });
  });
});
