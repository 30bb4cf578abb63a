// The public agent card against the facets it must equal (interop-map a2a.card rows), and the
// `requires` gate with a configuration that advertises less (interop.md §The operation mappings:
// a row whose required facet is not advertised is refused with the row's error).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { referencePack } from '../../runtime/core/reference/index.ts';

interface Card {
  supportedInterfaces: Record<string, unknown>[];
  capabilities: Record<string, unknown>;
  skills: { id: string }[];
  securitySchemes: Record<string, unknown>;
}

async function card(h: RunningHost): Promise<Card> {
  return (await (await fetch(`${h.url}/.well-known/agent-card.json`)).json()) as Card;
}

async function rpc(h: RunningHost, method: string, params: unknown) {
  const r = await h.call('acme', '/a2a/jsonrpc', {
    method: 'POST',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await r.json()) as {
    result?: { task?: { status: { state: string } } };
    error?: { code: number; data: { reason: string }[] };
  };
}

const message = (text: string) => ({
  message: { messageId: `m-${Math.random()}`, role: 'ROLE_USER', parts: [{ text }] },
});

describe('the default card', () => {
  let h: RunningHost;
  beforeAll(async () => {
    h = await startHost();
  });
  afterAll(() => h.close());

  it('equals the a2a facet, lists one skill per workflow and the enforced bearer scheme', async () => {
    const c = await card(h);
    const facet = (
      (await (await fetch(`${h.url}/.well-known/openwop`)).json()) as {
        a2a: Record<string, unknown>;
      }
    ).a2a;
    expect(c.capabilities).toEqual({
      streaming: facet['streaming'],
      pushNotifications: facet['pushNotifications'],
      extendedAgentCard: true,
    });
    expect(c.skills.map((s) => s.id).sort()).toEqual(
      referencePack()
        .list()
        .map((w) => w.id)
        .sort(),
    );
    expect(Object.keys(c.securitySchemes)).toEqual(['bearer']);
    // The public card carries no per-agent routing value (interop.md §Per-agent cards).
    for (const i of c.supportedInterfaces) expect(i).not.toHaveProperty('tenant');
  });
});

describe('one routed skill, streaming off', () => {
  let h: RunningHost;
  beforeAll(async () => {
    h = await startHost({
      config: (c) => {
        c.a2a.skills = ['echo'];
        c.a2a.streaming = false;
      },
    });
  });
  afterAll(() => h.close());

  it('advertises exactly that skill and streaming false', async () => {
    const c = await card(h);
    expect(c.skills.map((s) => s.id)).toEqual(['echo']);
    expect(c.capabilities['streaming']).toBe(false);
  });

  it('starts the one skill for any new message', async () => {
    const r = await rpc(h, 'SendMessage', message('routed'));
    expect(r.result?.task?.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('refuses the streaming rows (requires a2a.streaming) with UnsupportedOperationError', async () => {
    for (const [method, params] of [
      ['SendStreamingMessage', message('x')],
      ['SubscribeToTask', { id: 'acme/AAAAAAAAAAAAAAAAAAAAAA' }],
    ] as const) {
      const r = await rpc(h, method, params);
      expect(r.error?.code, method).toBe(-32004);
      expect(r.error?.data[0]?.reason).toBe('UNSUPPORTED_OPERATION');
    }
  });
});

describe('a skill list naming no workflow', () => {
  it('stops the host from starting, naming the id', async () => {
    await expect(startHost({ config: (c) => (c.a2a.skills = ['echo', 'nope']) })).rejects.toThrow(
      '--a2a-skills names no workflow: nope',
    );
  });
});
