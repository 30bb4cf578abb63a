import { afterEach, describe, expect, it } from 'vitest';
import { isTerminalRunStatus } from '../../generated/run-status.ts';
import { fixture, subject, types, type Fixture } from './helpers.ts';

let f: Fixture | undefined;
afterEach(async () => {
  await f?.cleanup();
  f = undefined;
});
const alice = subject('acme', 'alice');

describe('restart durability', () => {
  it('keeps runs, events and interrupts, resumes delays and keeps waits waiting', async () => {
    f = await fixture();
    const echo = (
      await f.core.createRun(alice, {
        workflowId: 'echo',
        inputs: { text: 'x' },
        transport: 'rest',
      })
    ).run;
    const delayed = (
      await f.core.createRun(alice, {
        workflowId: 'conformance-delay',
        inputs: { delayMs: 300 },
        transport: 'rest',
      })
    ).run;
    const waiting = (
      await f.core.createRun(alice, {
        workflowId: 'conformance-approval',
        inputs: {},
        transport: 'rest',
      })
    ).run;
    const [it0] = (await f.core.openInterrupts(alice, waiting.runId))!;
    const host = await f.hostEvents.append('acme', {
      type: 'negotiation.decided',
      delivery: 'durable',
      payload: { protocol: 'mcp', outcome: 'accepted', at: new Date().toISOString() },
    });
    await f.core.close();

    const { core, hostEvents } = await f.open();
    expect(await core.getRun(alice, echo.runId)).toEqual(echo);
    expect(types((await core.readEvents(alice, echo.runId, -1, 10))!)).toEqual([
      'run.started',
      'run.completed',
    ]);
    expect((await core.getRun(alice, waiting.runId))!.status).toBe('waiting-approval');
    expect((await core.openInterrupts(alice, waiting.runId))!.map((i) => i.interruptId)).toEqual([
      it0!.interruptId,
    ]);
    expect(await hostEvents.list('acme')).toEqual([host]);

    expect((await core.getRun(alice, delayed.runId))!.status).toBe('running');
    const done = await core.waitFor(alice, delayed.runId, (r) => isTerminalRunStatus(r.status), {
      timeoutMs: 5000,
    });
    expect(done!.status).toBe('completed');
    expect(types((await core.readEvents(alice, delayed.runId, -1, 10))!)).toEqual([
      'run.started',
      'node.completed',
      'run.completed',
    ]);
    // The remaining delay was taken from the stored deadline, not restarted from zero.
    const ms = Date.parse(done!.completedAt!) - Date.parse(done!.startedAt!);
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(1500);

    const resumed = await core.resolveInterrupt(alice, waiting.runId, it0!.interruptId, {
      action: 'accept',
    });
    expect(resumed.status).toBe('completed');
  });

  it('uses WAL, foreign keys and a versioned migrations table', async () => {
    f = await fixture();
    expect(f.store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(f.store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(f.store.db.prepare('SELECT version, name FROM schema_migrations').all()).toEqual([
      { version: 1, name: 'initial' },
      { version: 2, name: 'interrupt client requests' },
      { version: 3, name: 'spent single-use tokens' },
      { version: 4, name: 'per-tenant run counts' },
      { version: 5, name: 'a2a push configs, secrets and outbox' },
      { version: 6, name: 'runs by tenant and status' },
      { version: 7, name: 'ascending run indexes, live runs by status' },
      { version: 8, name: 'push secrets sealed' },
      { version: 9, name: 'task list filters by context and workflow' },
    ]);
    // NORMAL: commits skip their own fsync; every write awaits the group commit's (group-commit.ts).
    expect(f.store.db.pragma('synchronous', { simple: true })).toBe(1);
    // MEMORY: statement and savepoint journals never spill to a temp file (index.ts).
    expect(f.store.db.pragma('temp_store', { simple: true })).toBe(2);
    const { run } = await f.core.createRun(alice, {
      workflowId: 'echo',
      inputs: { text: 'x' },
      transport: 'rest',
    });
    expect(() =>
      f!.store.db.prepare("UPDATE events SET type = 'x' WHERE run_id = ?").run(run.runId),
    ).toThrow(/append-only/);
  });
});

describe('single-use tokens', () => {
  it('spend once, atomically; markers of expired tokens are dropped', async () => {
    const f = await fixture();
    try {
      expect(await f.store.tokens.spendToken('t1', 1_000, 0)).toBe(true);
      expect(await f.store.tokens.spendToken('t1', 1_000, 0)).toBe(false);
      expect(await f.store.tokens.isTokenSpent('t1')).toBe(true);
      // Spending another token after t1's expiry drops t1's marker.
      expect(await f.store.tokens.spendToken('t2', 5_000, 1_001)).toBe(true);
      expect(await f.store.tokens.isTokenSpent('t1')).toBe(false);
      expect(await f.store.tokens.isTokenSpent('t2')).toBe(true);
    } finally {
      await f.cleanup();
    }
  });
});
