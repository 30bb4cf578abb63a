// Per-agent cards (interop.md §"Per-agent cards"): two tenants with their own agents (the same
// agentId in both), each agent's card behind its opaque a2aTenant R, reached with the official A2A
// client through the card's interface (which carries `tenant: R`), and every non-disclosure rule
// compared byte for byte (the JSON-RPC id apart) against an R the host never minted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMessageRequest, type Task } from '@a2a-js/sdk';
import { AgentCard as SdkAgentCard } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import type { AgentManifest } from '../../runtime/config.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { bearerFetch, rpc } from '../push/helpers.ts';

const AGENTS: AgentManifest[] = [
  {
    agentId: 'helper',
    persona: 'Acme Helper',
    label: 'Helper',
    description: 'Echoes and waits for acme.',
    packName: 'acme-pack',
    packVersion: '1.2.0',
    workflowIds: ['echo', 'conformance-delay'],
    tenants: ['acme'],
  },
  {
    agentId: 'helper',
    persona: 'Other Helper',
    label: 'Other helper',
    packVersion: '0.9.1',
    workflowIds: ['echo'],
    tenants: ['other'],
  },
];

let h: RunningHost;

beforeAll(async () => {
  h = await startHost({ config: (c) => (c.agents = structuredClone(AGENTS)) });
});

afterAll(async () => {
  await h.close();
});

async function inventoryOf(tenant: 'acme' | 'other') {
  const res = await h.call(tenant, '/agents');
  expect(res.status).toBe(200);
  return (await res.json()) as { agents: Record<string, unknown>[]; total: number };
}

function withoutId(text: string): string {
  const { id: _id, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify(rest);
}

describe('the inventory and its routing values', () => {
  it('lists each agent with an opaque, stable a2aTenant per tenant', async () => {
    const acme = await inventoryOf('acme');
    expect(acme.total).toBe(1);
    const r = acme.agents[0]!['a2aTenant'] as string;
    expect(acme.agents[0]).toEqual({
      agentId: 'helper',
      persona: 'Acme Helper',
      label: 'Helper',
      description: 'Echoes and waits for acme.',
      packName: 'acme-pack',
      packVersion: '1.2.0',
      a2aTenant: r,
    });
    expect(r).toMatch(/^ag-[A-Za-z0-9_-]{32}$/);
    expect(r).not.toContain('acme');
    expect(r).not.toContain('helper');
    const other = await inventoryOf('other');
    expect(other.agents[0]!['a2aTenant']).not.toBe(r);
    // Stable: the same value on every read.
    expect((await inventoryOf('acme')).agents[0]!['a2aTenant']).toBe(r);
    const one = await h.call('acme', '/agents/helper');
    expect(await one.json()).toEqual(acme.agents[0]);
    expect((await h.call('acme', '/agents/nobody')).status).toBe(404);
  });

  it('discovery advertises agentCards with manifestRuntime; the public card lists no R', async () => {
    const doc = (await (await fetch(`${h.url}/.well-known/openwop`)).json()) as Record<
      string,
      Record<string, unknown>
    >;
    expect(doc['a2a']!['agentCards']).toBe(true);
    expect(doc['agents']).toEqual({ manifestRuntime: true, inventory: true });
    const card = await (await fetch(`${h.url}/.well-known/agent-card.json`)).text();
    expect(JSON.parse(card)).toMatchObject({ capabilities: { extendedAgentCard: true } });
    for (const t of ['acme', 'other'] as const) {
      const r = (await inventoryOf(t)).agents[0]!['a2aTenant'] as string;
      expect(card).not.toContain(r);
      expect(card).not.toContain('"tenant"');
    }
  });
});

describe("an agent's own card", () => {
  it("GetExtendedAgentCard with tenant R is that agent's card", async () => {
    const r = (await inventoryOf('acme')).agents[0]!['a2aTenant'] as string;
    const host = (await rpc(h, h.key, 'GetExtendedAgentCard', {})).json['result'] as Record<
      string,
      unknown
    >;
    const card = (await rpc(h, h.key, 'GetExtendedAgentCard', { tenant: r })).json[
      'result'
    ] as Record<string, unknown>;
    expect(card['name']).toBe('Acme Helper');
    expect(card['version']).toBe('1.2.0');
    expect(card['description']).toBe('Echoes and waits for acme.');
    expect(card['capabilities']).toEqual(host['capabilities']);
    expect(card['securitySchemes']).toEqual(host['securitySchemes']);
    expect(card['supportedInterfaces']).toEqual(
      (host['supportedInterfaces'] as Record<string, unknown>[]).map((i) => ({ ...i, tenant: r })),
    );
    // One skill per workflow the host routes to the agent, in the host card's order.
    const hostSkills = host['skills'] as { id: string }[];
    expect(card['skills']).toEqual(
      hostSkills.filter((sk) => ['echo', 'conformance-delay'].includes(sk.id)),
    );
    expect((card['skills'] as unknown[]).length).toBe(2);
    // The other tenant's agent: no description, so the label.
    const rOther = (await inventoryOf('other')).agents[0]!['a2aTenant'] as string;
    const other = (await rpc(h, h.otherKey, 'GetExtendedAgentCard', { tenant: rOther })).json[
      'result'
    ] as Record<string, unknown>;
    expect(other).toMatchObject({
      name: 'Other Helper',
      version: '0.9.1',
      description: 'Other helper',
    });
    expect((other['skills'] as { id: string }[]).map((s) => s.id)).toEqual(['echo']);
  });

  it('the official client reaches the agent through its card and runs its skill', async () => {
    const r = (await inventoryOf('acme')).agents[0]!['a2aTenant'] as string;
    const json = (await rpc(h, h.key, 'GetExtendedAgentCard', { tenant: r })).json['result'];
    const fetchImpl = bearerFetch(h.key);
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new JsonRpcTransportFactory({ fetchImpl })],
      }),
    );
    const client = await factory.createFromAgentCard(SdkAgentCard.fromJSON(json));
    // The client's own GetExtendedAgentCard carries the interface's tenant: the agent's card again.
    expect((await client.getAgentCard()).name).toBe('Acme Helper');
    const result = await client.sendMessage(
      SendMessageRequest.fromJSON({
        message: {
          messageId: `agent-msg-${Date.now()}`,
          role: 'ROLE_USER',
          parts: [{ data: { text: 'hi agent' } }],
          metadata: { openwop: { skill: 'echo' } },
        },
        configuration: {},
      }),
    );
    expect((result as Task).status?.state).toBe(3); // TASK_STATE_COMPLETED
    // A skill the host routes but this agent does not run is unknown through the agent.
    const refused = await rpc(h, h.key, 'SendMessage', {
      tenant: r,
      message: {
        messageId: `agent-msg-x-${Date.now()}`,
        role: 'ROLE_USER',
        parts: [{ text: 'x' }],
        metadata: { openwop: { skill: 'conformance-noop' } },
      },
    });
    expect(refused.json['error']).toMatchObject({
      code: -32602,
      message: 'unknown skill conformance-noop',
    });
  });
});

describe('non-disclosure', () => {
  it("another tenant's R behaves on every operation exactly like an R never minted", async () => {
    const rAcme = (await inventoryOf('acme')).agents[0]!['a2aTenant'] as string;
    const never = 'ag-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const message = (id: string) => ({
      messageId: id,
      role: 'ROLE_USER',
      parts: [{ text: 'probe' }],
    });
    // Starting a task or reading a card through it is -32602; a task through it is an unknown one
    // (-32001); a listing through it is empty.
    const calls: [string, (tenant: string) => Record<string, unknown>, unknown][] = [
      ['GetExtendedAgentCard', (tenant) => ({ tenant }), { error: { code: -32602 } }],
      [
        'SendMessage',
        (tenant) => ({ tenant, message: message('m-1') }),
        { error: { code: -32602 } },
      ],
      [
        'SendStreamingMessage',
        (tenant) => ({ tenant, message: message('m-2') }),
        { error: { code: -32602 } },
      ],
      [
        'GetTask',
        (tenant) => ({ tenant, id: 'acme/AAAAAAAAAAAAAAAAAAAAAAAA' }),
        { error: { code: -32001 } },
      ],
      ['ListTasks', (tenant) => ({ tenant }), { result: { tasks: [], totalSize: 0 } }],
      [
        'CancelTask',
        (tenant) => ({ tenant, id: 'acme/AAAAAAAAAAAAAAAAAAAAAAAA' }),
        { error: { code: -32001 } },
      ],
      [
        'SubscribeToTask',
        (tenant) => ({ tenant, id: 'acme/AAAAAAAAAAAAAAAAAAAAAAAA' }),
        { error: { code: -32001 } },
      ],
      [
        'ListTaskPushNotificationConfigs',
        (tenant) => ({ tenant, taskId: 'acme/x' }),
        { error: { code: -32001 } },
      ],
    ];
    for (const [method, params, expected] of calls) {
      const foreign = await rpc(h, h.otherKey, method, params(rAcme), 1);
      const unminted = await rpc(h, h.otherKey, method, params(never), 2);
      expect(foreign.status).toBe(unminted.status);
      expect(withoutId(foreign.text)).toBe(withoutId(unminted.text));
      expect(foreign.json).toMatchObject(expected as object);
    }
  });

  it('authenticates before resolving R: without credentials R changes nothing', async () => {
    const rAcme = (await inventoryOf('acme')).agents[0]!['a2aTenant'] as string;
    const post = (params: unknown) =>
      fetch(`${h.url}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetExtendedAgentCard', params }),
      });
    const withR = await post({ tenant: rAcme });
    const without = await post({ tenant: 'ag-never' });
    expect(withR.status).toBe(401);
    expect(without.status).toBe(401);
    expect(await withR.text()).toBe(await without.text());
  });
});
