// Durability under SIGKILL (issue 13: the group commit must not trade it away): `wopgen serve` is
// killed mid-load while 16 clients send A2A SendMessage (each answer is sent after its run is
// durable); reading the store the killed process left, every run an answer acknowledged exists,
// in the state the answer reported, with a gap-free event log. Five kills per run (issue 10: "≥ 5
// random points"), each after a random delay once the load flows; the delays are in the test's
// failure message so a failing run can be replayed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { removeDir } from '../helpers/host.ts';
import { killLeftovers, startServe, type Record } from './serve-helpers.ts';

const KEY = 'crash-test-key-0123456789';
const env = { WOPGEN_API_KEYS: `${KEY}=crash`, LOG_LEVEL: 'info' };
const headers = {
  authorization: `Bearer ${KEY}`,
  'content-type': 'application/json',
  'a2a-version': '1.0',
};

function baseOf(listening: Record): string {
  return /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(listening.msg)![1]!;
}

interface Acked {
  runId: string;
  state: string;
}

/** One client: sends until the server goes away; returns what was acknowledged. */
async function client(base: string, n: number, acked: Acked[]): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(`${base}/a2a/jsonrpc`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: i,
          method: 'SendMessage',
          params: {
            message: { messageId: `c${n}-${i}`, role: 'ROLE_USER', parts: [{ text: `m${i}` }] },
          },
        }),
      });
      const body = (await res.json()) as {
        result?: { task: { id: string; status: { state: string } } };
      };
      if (body.result)
        acked.push({ runId: body.result.task.id, state: body.result.task.status.state });
    } catch {
      return; // the connection died with the server: nothing acknowledged
    }
  }
}

describe('SIGKILL under load', () => {
  let dir: string | undefined;
  afterEach(() => {
    killLeftovers();
    if (dir) removeDir(dir);
    dir = undefined;
  });

  it('every acknowledged run survives, in the state its answer reported', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-crash-'));
    const store = `sqlite:${join(dir, 'h.db')}`;
    const args = ['--port', '0', '--store', store, '--a2a-skills', 'echo'];
    const acked: Acked[] = [];
    // Each kill lands once the load is flowing (20 answers in), then after a random delay.
    const delays = [0, ...Array.from({ length: 4 }, () => Math.floor(Math.random() * 500))];
    for (const [round, extraMs] of delays.entries()) {
      const s = startServe(args, { env });
      const base = baseOf(await s.ready);
      const before = acked.length;
      const clients = Array.from({ length: 16 }, (_, n) => client(base, 100 * round + n, acked));
      while (acked.length < before + 20) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, extraMs));
      s.child.kill('SIGKILL');
      await Promise.all(clients);
      await s.exited;
    }

    const db = new Database(join(dir, 'h.db'), { readonly: true });
    try {
      const status = db.prepare('SELECT status FROM runs WHERE run_id = ?');
      const seqs = db.prepare('SELECT sequence FROM events WHERE run_id = ? ORDER BY sequence');
      const lost = acked.filter((a) => status.get(a.runId) === undefined);
      expect(lost, `kill delays ${delays.join(',')} ms`).toEqual([]);
      for (const a of acked) {
        const row = status.get(a.runId) as { status: string };
        if (a.state === 'TASK_STATE_COMPLETED') expect(row.status).toBe('completed');
        const s = (seqs.all(a.runId) as { sequence: number }[]).map((e) => e.sequence);
        expect(s, `kill delays ${delays.join(',')} ms`).toEqual(s.map((_, i) => i));
      }
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  }, 120_000);
});
