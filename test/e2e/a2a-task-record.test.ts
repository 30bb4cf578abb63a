// A crash between creating a run and writing its A2A task record cannot happen: they are one commit.
// A real fault (a SQLite trigger aborting the record's write, installed from a second connection)
// makes SendMessage fail as a whole — no run is left behind — and the client's retry of the same
// message then starts the task with its record, contextId and history (before, the retry replayed
// a run that had no A2A record, and the task lost its context for good).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost();
});
afterAll(async () => {
  await h.close();
});

const send = (messageId: string) =>
  h.call('acme', '/a2a/jsonrpc', {
    method: 'POST',
    headers: { 'a2a-version': '1.0' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'SendMessage',
      params: {
        message: {
          messageId,
          contextId: 'ctx-crash',
          role: 'ROLE_USER',
          parts: [{ data: { text: 'x' } }],
          metadata: { openwop: { skill: 'echo' } },
        },
      },
    }),
  });

describe('A2A task record and its run commit together', () => {
  it('a failed record write leaves no run; the retry creates both', async () => {
    const db = new Database(join(h.dir, 'host.db'));
    db.exec(
      `CREATE TRIGGER refuse BEFORE INSERT ON a2a_tasks BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;`,
    );
    const failed = (await (await send('crash-1')).json()) as { error?: { code: number } };
    expect(failed.error?.code).toBe(-32603);
    const runs = (await (await h.call('acme', '/runs')).json()) as { runs: unknown[] };
    expect(runs.runs).toEqual([]);

    db.exec('DROP TRIGGER refuse');
    db.close();
    const retried = (await (await send('crash-1')).json()) as {
      result: { task: { id: string; contextId: string; history?: { messageId: string }[] } };
    };
    const task = retried.result.task;
    expect(task.contextId).toBe('ctx-crash');
    expect(task.history?.map((m) => m.messageId)).toEqual(['crash-1']);
  });
});
