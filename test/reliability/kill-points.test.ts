// SIGKILL at named points (runtime/util/kill-point.ts): `wopgen serve` runs with
// WOPGEN_TEST_KILL_AT=<point>:<n> under load and kills itself the n-th time it reaches the point;
// the test checks that it died there (SIGKILL, not sent by the test), restarts it on the same store
// and checks what the crash left (crash-load.ts): every acknowledged run once, gap-free logs, no
// step run twice, `integrity_check` ok, and the run caught at the point carried on by the restart.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { projectId } from '../../runtime/ids.ts';
import { removeDir } from '../helpers/host.ts';
import { killLeftovers, startServe, type Served } from '../rest/serve-helpers.ts';
import {
  a2aClient,
  baseOf,
  checkStore,
  CRASH_ENV,
  CRASH_KEY,
  mcpClient,
  restClient,
  type Acked,
} from './crash-load.ts';

let dir: string | undefined;
afterEach(() => {
  killLeftovers();
  if (dir) removeDir(dir);
  dir = undefined;
});

function serveOn(db: string, killAt?: string): Served {
  const args = ['--port', '0', '--store', `sqlite:${db}`, '--a2a-skills', 'echo'];
  return startServe(args, {
    env: { ...CRASH_ENV, ...(killAt && { WOPGEN_TEST_KILL_AT: killAt }) },
  });
}

/** Resolves with the signal the process died of; fails if it is still alive after `ms`. */
async function diedOf(s: Served, ms = 30_000): Promise<NodeJS.Signals | null> {
  const timer = new Promise<'alive'>((r) => setTimeout(() => r('alive'), ms).unref());
  const how = await Promise.race([s.exited, timer]);
  expect(how, 'the kill point was never reached').not.toBe('alive');
  return s.child.signalCode;
}

/** Stops a server gracefully (SIGTERM) so the store can be read. */
async function stop(s: Served): Promise<void> {
  s.child.kill('SIGTERM');
  await s.exited;
}

const call = (base: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${CRASH_KEY}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

async function createRuns(base: string, workflowId: string, inputs: object, n: number) {
  const runs: { runId: string; status: string; currentNodeId?: string }[] = [];
  for (let i = 0; i < n; i++) {
    const res = await call(base, '/runs', { workflowId, inputs });
    expect(res.status).toBe(201);
    runs.push((await res.json()) as (typeof runs)[number]);
  }
  return runs;
}

describe('SIGKILL at a named point under A2A, MCP and REST load', () => {
  // The write path of every request: the run's insert (which carries its first turn), each engine
  // transition (the REST runs' delay steps), and both sides of the group commit's fdatasync. The
  // n-th arrival is well inside the load.
  const points = ['run-create:30', 'step-commit:60', 'group-write:20', 'group-sync:20'];
  it.each(points)(
    '%s: nothing acknowledged is lost, nothing runs twice',
    async (killAt) => {
      dir = mkdtempSync(join(tmpdir(), 'wopgen-killpoint-'));
      const db = join(dir, 'h.db');
      const acked: Acked[] = [];
      const s = serveOn(db, killAt);
      const base = baseOf(await s.ready);
      const clients = [
        ...Array.from({ length: 5 }, (_, n) => a2aClient(base, `a${n}`, acked)),
        ...Array.from({ length: 5 }, (_, n) => mcpClient(base, `m${n}`, acked)),
        ...Array.from({ length: 2 }, (_, n) => restClient(base, `r${n}`, acked)),
      ];
      expect(await diedOf(s)).toBe('SIGKILL');
      await Promise.all(clients);

      // A run's insert carries its start (and, for an echo, its completion): whatever the kill
      // caught, no run was left inserted but not started (runtime/core/reference/first-turn.ts).
      expect([...readStatuses(db).values()]).not.toContain('pending');
      // The restart resumes what the crash left (a run inserted but not started, a step committed
      // but not followed) before it listens: every run is then completed.
      const again = serveOn(db);
      await again.ready;
      await stop(again);
      const runs = checkStore(db, acked, [], killAt);
      expect(runs.every((r) => r.status === 'completed')).toBe(true);
      expect(acked.some((a) => a.via === 'mcp') && acked.some((a) => a.via === 'a2a')).toBe(true);
    },
    90_000,
  );

  it('interrupt-resolve: an answer committed before the kill resumes its run after restart', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-killpoint-'));
    const db = join(dir, 'h.db');
    const s = serveOn(db, 'interrupt-resolve:4');
    const base = baseOf(await s.ready);
    const runs = await createRuns(base, 'conformance-approval', {}, 8);
    const answered: Acked[] = [];
    const resolutions = runs.map(async (r) => {
      try {
        const res = await call(base, `/runs/${projectId(r.runId)}/interrupts/${r.currentNodeId}`, {
          resumeValue: { action: 'accept' },
        });
        const body = (await res.json()) as { status: string };
        if (res.status === 200)
          answered.push({ via: 'a2a', text: '', runId: r.runId, state: body.status });
      } catch {
        // killed while this one was in flight
      }
    });
    expect(await diedOf(s)).toBe('SIGKILL');
    await Promise.all(resolutions);

    const again = serveOn(db);
    const base2 = baseOf(await again.ready);
    const resolved = readResolved(db);
    // At least the answer the kill interrupted was committed; each such run was completed by the
    // restart, the rest still wait and can be answered now.
    expect(resolved.size).toBeGreaterThanOrEqual(4);
    for (const r of runs) {
      const res = await call(base2, `/runs/${projectId(r.runId)}/interrupts/${r.currentNodeId}`, {
        resumeValue: { action: 'accept' },
      });
      const error =
        res.status === 200 ? undefined : ((await res.json()) as { error: string }).error;
      expect(error, r.runId).toBe(resolved.has(r.runId) ? 'interrupt_not_found' : undefined);
    }
    await stop(again);
    const left = checkStore(db, answered, [], 'interrupt-resolve:4');
    expect(left.map((r) => r.status)).toEqual(runs.map(() => 'completed'));
  }, 90_000);

  it('cancel: a cancellation committed before the kill stays, the other runs resume', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-killpoint-'));
    const db = join(dir, 'h.db');
    const s = serveOn(db, 'cancel:3');
    const base = baseOf(await s.ready);
    const runs = await createRuns(base, 'conformance-cancellable', { delayMs: 600_000 }, 6);
    const acked: Acked[] = [];
    const cancels = runs.map(async (r) => {
      try {
        const res = await call(base, `/runs/${projectId(r.runId)}:cancel`);
        const body = (await res.json()) as { status: string };
        if (res.status === 200)
          acked.push({ via: 'a2a', text: '', runId: r.runId, state: body.status });
      } catch {
        // killed while in flight
      }
    });
    expect(await diedOf(s)).toBe('SIGKILL');
    await Promise.all(cancels);
    for (const a of acked) expect(a.state).toBe('cancelled');

    const again = serveOn(db);
    const base2 = baseOf(await again.ready);
    const statuses = readStatuses(db);
    expect([...statuses.values()].filter((st) => st === 'cancelled').length).toBeGreaterThanOrEqual(
      3,
    );
    // The runs not cancelled were resumed (their delay re-armed) and can be cancelled now.
    for (const r of runs) {
      const res = await call(base2, `/runs/${projectId(r.runId)}:cancel`);
      expect(res.status, r.runId).toBe(statuses.get(r.runId) === 'cancelled' ? 409 : 200);
    }
    await stop(again);
    const left = checkStore(db, acked, [], 'cancel:3');
    expect(left.map((r) => r.status)).toEqual(runs.map(() => 'cancelled'));
  }, 90_000);
});

/** Run ids whose interrupt is resolved in the store (read while the restarted host serves: WAL). */
function readResolved(db: string): Set<string> {
  const d = new Database(db, { readonly: true });
  try {
    const rows = d.prepare("SELECT run_id FROM interrupts WHERE status <> 'open'").all() as {
      run_id: string;
    }[];
    return new Set(rows.map((r) => r.run_id));
  } finally {
    d.close();
  }
}

function readStatuses(db: string): Map<string, string> {
  const d = new Database(db, { readonly: true });
  try {
    const rows = d.prepare('SELECT run_id, status FROM runs').all() as RunStatusRow[];
    return new Map(rows.map((r) => [r.run_id, r.status]));
  } finally {
    d.close();
  }
}

interface RunStatusRow {
  run_id: string;
  status: string;
}
