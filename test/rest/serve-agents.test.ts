// Agents in `wopgen serve` (interop.md §"Per-agent cards"): declared under `serve.agents` in
// wopgen.config.json, listed by `GET /agents` to the tenants they name, and each agent's own card
// answered by GetExtendedAgentCard with its `a2aTenant`, all through the real CLI process. A
// declaration that is wrong (a field, a workflow the host does not serve) is refused at start.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { killLeftovers, startServe } from './serve-helpers.ts';

const KEY = 'serve-agents-key-acme-0123456789';
const OTHER = 'serve-agents-key-other-012345678';
const AGENT = {
  agentId: 'helper',
  persona: 'Acme Helper',
  label: 'Helper',
  description: 'Echoes for acme.',
  packVersion: '1.2.0',
  workflowIds: ['echo'],
  tenants: ['acme'],
};

mkdirSync(join(projectRoot, '.tmp'), { recursive: true });
const work = mkdtempSync(join(projectRoot, '.tmp/serve-agents-'));
afterEach(() => killLeftovers());
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A project folder whose wopgen.config.json declares `agents`. */
function projectWith(name: string, agents: unknown): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'wopgen.config.json'), JSON.stringify({ serve: { agents } }, null, 2));
  return dir;
}

const args = (dir: string) => [
  '--port',
  '0',
  '--store',
  `sqlite:${join(dir, 'host.db')}`,
  '--api-key',
  `${KEY}=acme`,
  '--api-key',
  `${OTHER}=other`,
];

async function call(base: string, key: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'a2a-version': '1.0',
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const rpc = (method: string, params: unknown) => ({ jsonrpc: '2.0', id: 1, method, params });

describe('serve.agents in wopgen.config.json', () => {
  it("lists the agents to their tenants and answers each agent's card by its a2aTenant", async () => {
    const dir = projectWith('declared', [AGENT]);
    const served = startServe(args(dir), { cwd: dir });
    const listening = await served.ready;
    const base = (listening['endpoints'] as { discovery: string }).discovery.replace(
      '/.well-known/openwop',
      '',
    );
    const listed = await call(base, KEY, '/agents');
    expect(listed.status).toBe(200);
    const agents = listed.json['agents'] as Record<string, unknown>[];
    const r = agents[0]?.['a2aTenant'] as string;
    expect(r).toMatch(/^ag-[A-Za-z0-9_-]{32}$/);
    const { workflowIds: _w, tenants: _t, ...entry } = AGENT;
    expect(listed.json).toEqual({ agents: [{ ...entry, a2aTenant: r }], total: 1 });
    // Another tenant sees none of them.
    expect((await call(base, OTHER, '/agents')).json).toEqual({ agents: [], total: 0 });

    const card = await call(base, KEY, '/a2a/jsonrpc', rpc('GetExtendedAgentCard', { tenant: r }));
    expect(card.status).toBe(200);
    const result = card.json['result'] as Record<string, unknown>;
    expect(result).toMatchObject({
      name: 'Acme Helper',
      version: '1.2.0',
      description: 'Echoes for acme.',
    });
    expect((result['skills'] as { id: string }[]).map((s) => s.id)).toEqual(['echo']);
    const interfaces = result['supportedInterfaces'] as { tenant?: string }[];
    expect(interfaces.length).toBeGreaterThan(0);
    expect(interfaces.every((i) => i.tenant === r)).toBe(true);
    // The other tenant gets for R what it gets for a value never minted.
    const theirs = await call(
      base,
      OTHER,
      '/a2a/jsonrpc',
      rpc('GetExtendedAgentCard', { tenant: r }),
    );
    const never = await call(
      base,
      OTHER,
      '/a2a/jsonrpc',
      rpc('GetExtendedAgentCard', { tenant: 'ag-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
    );
    expect(theirs).toEqual(never);
    served.child.kill('SIGTERM');
    expect(await served.exited).toBe(0);
  });

  it.each([
    [
      'a missing field',
      [{ ...AGENT, persona: undefined }],
      2,
      '"serve.agents[0].persona" is missing: a non-empty string (the card name)',
    ],
    [
      'an unknown field',
      [{ ...AGENT, tenant: 'acme' }],
      2,
      '"serve.agents[0].tenant" is not an agent field',
    ],
    [
      'a bad agent id',
      [{ ...AGENT, agentId: 'no spaces' }],
      2,
      '"serve.agents[0].agentId" must be an agent id',
    ],
    [
      'an id declared twice for a tenant',
      [AGENT, { ...AGENT, persona: 'Twin' }],
      2,
      '"serve.agents[1].agentId" "helper" is declared twice for tenant "acme"',
    ],
    [
      'a workflow the host does not serve',
      [{ ...AGENT, workflowIds: ['echo', 'ecco'] }],
      1,
      'wopgen serve: agent "helper" routes workflow "ecco", which is not served',
    ],
  ])('refuses %s at start', async (name, agents, code, message) => {
    const dir = projectWith(name.replace(/\W+/g, '-'), agents);
    const served = startServe(args(dir), { cwd: dir });
    expect(await served.exited).toBe(code);
    expect(served.stderr()).toContain(message);
  });
});
