// Durability under SIGKILL (the group commit must not trade it away): `wopgen serve` is
// killed mid-load while 16 clients send A2A SendMessage and MCP `tools/call` (each answer is sent
// after its run is durable); reading the store the killed process left, every run an answer
// acknowledged exists once, in the state the answer reported, with a gap-free event log and no
// step run twice (test/reliability/crash-load.ts). Five kills per run (at least five random
// points), each after a random delay once the load flows; the delays are in the test's failure
// message so a failing run can be replayed. test/reliability/kill-points.test.ts kills at named
// points instead.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeDir } from '../helpers/host.ts';
import {
  a2aClient,
  baseOf,
  checkStore,
  CRASH_ENV,
  mcpClient,
  type Acked,
} from '../reliability/crash-load.ts';
import { killLeftovers, startServe } from './serve-helpers.ts';

describe('SIGKILL under load', () => {
  let dir: string | undefined;
  afterEach(() => {
    killLeftovers();
    if (dir) removeDir(dir);
    dir = undefined;
  });

  it('every acknowledged run survives once, in the state its answer reported', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-crash-'));
    const db = join(dir, 'h.db');
    const args = ['--port', '0', '--store', `sqlite:${db}`, '--a2a-skills', 'echo'];
    const acked: Acked[] = [];
    // Each kill lands once the load is flowing (20 answers in), then after a random delay.
    const delays = [0, ...Array.from({ length: 4 }, () => Math.floor(Math.random() * 500))];
    for (const [round, extraMs] of delays.entries()) {
      const s = startServe(args, { env: CRASH_ENV });
      const base = baseOf(await s.ready);
      const before = acked.length;
      const clients = [
        ...Array.from({ length: 8 }, (_, n) => a2aClient(base, `a${round}.${n}`, acked)),
        ...Array.from({ length: 8 }, (_, n) => mcpClient(base, `m${round}.${n}`, acked)),
      ];
      while (acked.length < before + 20) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, extraMs));
      s.child.kill('SIGKILL');
      await Promise.all(clients);
      await s.exited;
    }
    // Echo runs complete inside their request; a run caught mid-way is resumed by a restart.
    const last = startServe(args, { env: CRASH_ENV });
    await last.ready;
    last.child.kill('SIGTERM');
    await last.exited;

    const note = `kill delays ${delays.join(',')} ms`;
    const runs = checkStore(db, acked, [], note);
    expect(
      runs.filter((r) => r.status !== 'completed'),
      note,
    ).toEqual([]);
    for (const via of ['a2a', 'mcp'])
      expect(acked.filter((a) => a.via === via).length, via).toBeGreaterThan(0);
  }, 120_000);
});
