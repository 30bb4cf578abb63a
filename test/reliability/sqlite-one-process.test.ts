// One `wopgen serve` per SQLite file (adapters/store/sqlite/process-lock.ts): a second process on the
// same file is refused at start with a message saying why and what to use instead (it would see the
// first's events only by re-reading, and both could step the same run), and the first keeps
// serving. The lock goes with its process however it ends: after SIGKILL the next start succeeds.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeDir } from '../helpers/host.ts';
import { killLeftovers, startServe } from '../rest/serve-helpers.ts';

const KEY = 'one-process-key-0123456789';
let dir: string | undefined;
afterEach(() => {
  killLeftovers();
  if (dir) removeDir(dir);
  dir = undefined;
});

describe('a second process on one SQLite file', () => {
  it('is refused at start; the first keeps serving; a killed holder leaves no lock', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-one-process-'));
    const db = join(dir, 'host.db');
    const serve = () =>
      startServe(['--port', '0', '--store', `sqlite:${db}`], {
        env: { WOPGEN_API_KEYS: `${KEY}=acme` },
      });
    const first = serve();
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec((await first.ready).msg)![1]!;

    const second = serve();
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toBe(
      `wopgen serve: the SQLite database ${db} is already served by another process: one process ` +
        'serves one SQLite file (stop the other, or use a postgres:// store for several hosts)\n',
    );
    const r = await fetch(`${base}/runs`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(r.status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = serve();
    await third.ready;
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});
