// Two `wopgen serve` processes on one PostgreSQL database: the host executing a
// run is killed with SIGKILL mid-way (inside a delay whose timer only it held); its lease expires,
// the other host's sweep claims the run (FOR UPDATE SKIP LOCKED) and finishes it from the stored
// engine state, with no event lost or written twice. Skipped without WOPGEN_TEST_POSTGRES.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectId } from '../../runtime/ids.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { describeIf, POSTGRES } from '../helpers/requires.ts';
import { killLeftovers, startServe, type Served } from '../rest/serve-helpers.ts';

const KEY = 'multi-host-key-0123456789';

function baseOf(listening: { msg: string }): string {
  return /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(listening.msg)![1]!;
}

const call = (base: string, path: string, init: RequestInit = {}) =>
  fetch(base + path, {
    ...init,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
  });

const suite = describeIf(POSTGRES);

suite(`a host killed mid-run`, () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    killLeftovers();
    await db?.drop();
  });

  it('leaves its run to the other host, which finishes it without a lost or repeated event', async () => {
    const serve = (): Served =>
      startServe(['--port', '0', '--store', db.url], {
        env: { WOPGEN_API_KEYS: `${KEY}=acme`, WOPGEN_LEASE_TTL_MS: '1000' },
      });
    // Started at once: the second waits for the first's migrations on the advisory lock.
    const [a, b] = [serve(), serve()];
    const [baseA, baseB] = (await Promise.all([a.ready, b.ready])).map(baseOf);

    const created = await call(baseA!, '/runs', {
      method: 'POST',
      body: JSON.stringify({ workflowId: 'conformance-delay', inputs: { delayMs: 1500 } }),
    });
    expect(created.status).toBe(201);
    const run = (await created.json()) as { runId: string; status: string };
    expect(run.status).toBe('running');

    a.child.kill('SIGKILL');
    await a.exited;

    const path = `/runs/${projectId(run.runId)}`;
    let status = 'running';
    for (const until = Date.now() + 30_000; status !== 'completed' && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 200));
      status = ((await (await call(baseB!, path)).json()) as { status: string }).status;
    }
    expect(status).toBe('completed');
    const polled = (await (await call(baseB!, `${path}/events/poll`)).json()) as {
      events: { sequence: number; type: string }[];
    };
    expect(polled.events.map((e) => [e.sequence, e.type])).toEqual([
      [0, 'run.started'],
      [1, 'node.completed'],
      [2, 'run.completed'],
    ]);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  });
});
