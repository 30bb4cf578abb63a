// SIGKILL at the outbound effect seam (runtime/core/reference/engine/outbound/seam.ts): a host runs
// an `a2a-call` against an agent of the official A2A SDK, or an `mcp-call` against another wopgen
// host's `echo` tool, and kills itself at `outbound-before-send` (the intent to send is durable,
// nothing has left), `outbound-after-send` (the remote has answered, nothing is recorded) or
// `outbound-after-record` (the answer is committed). The run is then carried on — by the same host
// restarted on its SQLite file, or by a second host on the same PostgreSQL database once the dead
// host's lease runs out — and completes with the remote's output, the remote having made exactly
// one task (messages it received for the step) or one run of its tool. The run is created with an
// Idempotency-Key and created again with it on the host that carries on: the replay answers the
// same run and sends nothing. On SQLite, a kill after the step's second send (the answer to the
// remote's question) leaves that answer delivered once too.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Message } from '@a2a-js/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { a2aContextId } from '../../runtime/core/reference/engine/outbound/identity.ts';
import { projectId } from '../../runtime/ids.ts';
import { KEYS, removeDir, startHost, type RunningHost } from '../helpers/host.ts';
import { freshDatabase, type FreshDatabase } from '../helpers/postgres.ts';
import { describeIf, POSTGRES } from '../helpers/requires.ts';
import { startSdkAgent, type SdkAgent } from '../helpers/sdk-a2a-agent.ts';
import { killFixtures, spawnFixture, type FixtureHost } from './fixtures/spawn-fixture.ts';

const KEY = 'outbound-kill-key-0123456789';
const POINTS = ['outbound-before-send', 'outbound-after-send', 'outbound-after-record'] as const;
type Kind = 'a2a' | 'mcp';
const CASES: [Kind, string][] = POINTS.flatMap((p) => [
  ['a2a', p] as [Kind, string],
  ['mcp', p] as [Kind, string],
]);
/** A dead host's runs wait this long for the other PostgreSQL host. */
const LEASE_MS = 2000;

let agent: SdkAgent;
let tools: RunningHost;

beforeAll(async () => {
  agent = await startSdkAgent();
  tools = await startHost();
});
afterAll(async () => {
  killFixtures();
  await agent?.close();
  await tools?.close();
});

function outboundHost(store: string, killAt?: string): FixtureHost {
  return spawnFixture('outbound-host.ts', {
    OUTBOUND_HOST_STORE: store,
    OUTBOUND_HOST_KEY: KEY,
    OUTBOUND_HOST_AGENT_CARD: agent.cardUrl,
    OUTBOUND_HOST_TOOLS: `${tools.url}/mcp`,
    OUTBOUND_HOST_TOOLS_AUTH: `Bearer ${KEYS.acme}`,
    OUTBOUND_HOST_LEASE_MS: String(LEASE_MS),
    ...(killAt && { WOPGEN_TEST_KILL_AT: killAt }),
  });
}

async function stop(c: FixtureHost): Promise<void> {
  c.child.kill('SIGTERM');
  await c.exited;
}

const call = (base: string, path: string, init: RequestInit = {}) =>
  fetch(base + path, {
    ...init,
    headers: {
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });

/**
 * POST /runs with an Idempotency-Key (the run's `text` names it): the runId, or undefined when the
 * host died first. The mcp-call calls `tool` (echo unless named).
 */
async function create(
  base: string,
  kind: Kind,
  text: string,
  tool = 'echo',
): Promise<string | undefined> {
  const body =
    kind === 'a2a'
      ? { workflowId: 'call-agent', inputs: { text } }
      : { workflowId: 'call-tool', inputs: { text, tool } };
  return answered(async () => {
    const res = await call(base, '/runs', {
      method: 'POST',
      headers: { 'idempotency-key': `create-${text}` },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { runId: string }).runId;
  });
}

/** `request`'s answer, or undefined when the connection died with the host. */
async function answered<T>(request: () => Promise<T>): Promise<T | undefined> {
  try {
    return await request();
  } catch (err) {
    if (err instanceof TypeError) return undefined;
    throw err;
  }
}

interface Run {
  status: string;
  outputs?: Record<string, unknown>;
  error?: unknown;
}

/** The run once it stops running (the restarted or surviving host carries it on by itself). */
async function ended(base: string, runId: string): Promise<Run> {
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    const run = (await (await call(base, `/runs/${projectId(runId)}`)).json()) as Run;
    if (!['pending', 'running'].includes(run.status)) return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${runId} did not end`);
}

const textOf = (m: Message) =>
  m.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');

/** What the remote made for the step that sent `text`: the agent's tasks, or the tool's runs. */
async function remoteWork(kind: Kind, text: string): Promise<string[]> {
  if (kind === 'a2a') return agent.seen.filter((m) => textOf(m) === text).map((m) => m.taskId);
  const res = await tools.call('acme', '/runs?workflowId=echo&limit=100');
  const { runs } = (await res.json()) as { runs: { runId: string; inputs: { text?: string } }[] };
  return runs.filter((r) => r.inputs.text === text).map((r) => r.runId);
}

/** The killed host died at the kill point (SIGKILL it sent itself), not of anything else. */
async function killedAtPoint(c: FixtureHost): Promise<void> {
  const timer = new Promise<'alive'>((r) => setTimeout(() => r('alive'), 30_000).unref());
  const how = await Promise.race([c.exited, timer]);
  expect(how, `the kill point was never reached: ${c.stderr()}`).toBe('SIGKILL');
}

/** Carried on by `survivor`: the same run, completed with the remote's output, made once. */
async function carriedOn(
  survivor: FixtureHost,
  kind: Kind,
  text: string,
  first: string | undefined,
): Promise<void> {
  const base = await survivor.url;
  const runId = (await create(base, kind, text))!;
  if (first !== undefined) expect(runId).toBe(first);
  const run = await ended(base, runId);
  expect(run).toMatchObject({
    status: 'completed',
    outputs: { answer: kind === 'a2a' ? `echo: ${text}` : text },
  });
  expect(await remoteWork(kind, text)).toHaveLength(1);
}

describe('SQLite: a host killed at an outbound point, restarted on the same file', () => {
  let dir: string | undefined;
  afterEach(() => {
    killFixtures();
    if (dir) removeDir(dir);
    dir = undefined;
  });
  const sqliteStore = () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-kill-outbound-'));
    return `sqlite:${join(dir, 'host.db')}`;
  };

  it.each(CASES)(
    '%s-call, %s: one remote task, the run completes with its output',
    async (kind, point) => {
      const store = sqliteStore();
      const text = `sqlite ${kind} ${point}`;
      const killed = outboundHost(store, point);
      const first = await create(await killed.url, kind, text);
      await killedAtPoint(killed);
      const again = outboundHost(store);
      await carriedOn(again, kind, text, first);
      await stop(again);
    },
  );

  // The second send of the step is the answer: a2a-call's follow-up message on the agent's task
  // (found in its history after the restart, so not sent again), mcp-call's tools/call with the
  // requestState and the answer (sent again under its Idempotency-Key: this host answers the
  // repeat instead of refusing the spent requestState).
  const asks = {
    a2a: { text: 'ask', value: { text: 'Ada' }, answer: 'hello Ada' },
    mcp: { text: 'approve once', value: { approve: {} }, answer: '{"approved":true}' },
  };
  it.each(['a2a', 'mcp'] as Kind[])(
    '%s-call, outbound-after-send:2 (the answer to its question): sent once, completed',
    async (kind) => {
      const store = sqliteStore();
      const ask = asks[kind];
      const killed = outboundHost(store, 'outbound-after-send:2');
      const base = await killed.url;
      const runId = (await create(base, kind, ask.text, 'conformance-approval'))!;
      const waiting = await ended(base, runId);
      expect(waiting).toMatchObject({ status: 'waiting-input', currentNodeId: 'call' });
      await answered(() =>
        call(base, `/runs/${projectId(runId)}/interrupts/call`, {
          method: 'POST',
          body: JSON.stringify({ resumeValue: { action: 'accept', value: ask.value } }),
        }),
      );
      await killedAtPoint(killed);
      const again = outboundHost(store);
      const run = await ended(await again.url, runId);
      expect(run).toMatchObject({ status: 'completed', outputs: { answer: ask.answer } });
      if (kind === 'a2a') {
        // The question's message and the answer, on one task: the answer was not sent again.
        const context = a2aContextId(runId, 'call');
        const seen = agent.seen.filter((m) => m.contextId === context);
        expect(seen.map((m) => textOf(m))).toEqual(['ask', 'Ada']);
        expect(new Set(seen.map((m) => m.taskId)).size).toBe(1);
      } else {
        const remote = await tools.call('acme', '/runs?workflowId=conformance-approval&limit=100');
        const { runs } = (await remote.json()) as {
          runs: { inputs: { text?: string }; status: string }[];
        };
        expect(runs.filter((r) => r.inputs.text === ask.text).map((r) => r.status)).toEqual([
          'completed',
        ]);
      }
      await stop(again);
    },
  );
});

describeIf(POSTGRES)('PostgreSQL: one of two hosts killed at an outbound point', () => {
  let db: FreshDatabase;
  let survivor: FixtureHost;
  beforeAll(async () => {
    db = await freshDatabase();
    survivor = outboundHost(db.url);
    await survivor.url;
  });
  afterAll(async () => {
    if (survivor) await stop(survivor);
    await db?.drop();
  });

  it.each(CASES)(
    '%s-call, %s: the other host takes the run over; one remote task, completed',
    async (kind, point) => {
      const text = `postgres ${kind} ${point}`;
      const killed = outboundHost(db.url, point);
      const first = await create(await killed.url, kind, text);
      await killedAtPoint(killed);
      await carriedOn(survivor, kind, text, first);
    },
  );
});
