// Secret answers and the secrets scan: a `writeOnly` / `format: password` answer given over
// A2A (as a data part or as the text of the message) is never stored in clear nor echoed by
// GetTask or ListTasks; neither it nor the API key appears in the request log, any response or any
// byte of the database (main file and WAL).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../runtime/config.ts';
import { createSqliteHost, type SqliteHost } from '../../runtime/host/index.ts';
import { removeDir } from '../helpers/host.ts';

const KEY = 'sentinel-api-key-9f1c2b7d5e3a';
const SECRETS = ['sentinel-passphrase-data-4b1e', 'sentinel-passphrase-text-7c2f'];

let host: SqliteHost;
let url: string;
let dir: string;
const logLines: string[] = [];
const responses: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wopgen-secrets-'));
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  host = await createSqliteHost({
    config: defaultConfig('http://127.0.0.1'),
    baseUrlFromListen: true,
    store: `sqlite:${join(dir, 'host.db')}`,
    apiKeys: [{ key: KEY, tenant: 'acme' }],
    logger: pino({ level: 'trace' }, sink),
  });
  url = await host.listen(0);
});
afterAll(async () => {
  await host.close();
  removeDir(dir);
});

async function rpc(method: string, params: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await r.text();
  responses.push(text);
  return JSON.parse(text) as Record<string, unknown>;
}

async function askPassphrase(): Promise<string> {
  const started = await rpc('SendMessage', {
    message: {
      messageId: `m-${Math.random()}`,
      role: 'ROLE_USER',
      parts: [{ text: 'start' }],
      metadata: { openwop: { skill: 'conformance-clarification-sensitive' } },
    },
  });
  const task = (started['result'] as { task: { id: string; status: { state: string } } }).task;
  expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
  return task.id;
}

async function answer(taskId: string, parts: unknown[]): Promise<void> {
  const done = await rpc('SendMessage', {
    message: { messageId: `a-${Math.random()}`, role: 'ROLE_USER', taskId, parts },
  });
  const task = (done['result'] as { task: { status: { state: string } } }).task;
  expect(task.status.state).toBe('TASK_STATE_COMPLETED');
}

describe('secrets stay secret', () => {
  it('a password answer is redacted in the task history GetTask and ListTasks return', async () => {
    const a = await askPassphrase();
    await answer(a, [{ data: { passphrase: SECRETS[0] } }]);
    const b = await askPassphrase();
    await answer(b, [{ text: SECRETS[1] }]);
    const got = await rpc('GetTask', { id: a });
    const history = (got['result'] as { history: { parts: { data?: unknown }[] }[] }).history;
    expect(history.at(-1)!.parts).toEqual([{ data: { passphrase: '[redacted]' } }]);
    const gotB = await rpc('GetTask', { id: b });
    const historyB = (gotB['result'] as { history: { parts: unknown[] }[] }).history;
    expect(historyB.at(-1)!.parts).toEqual([{ text: '[redacted]' }]);
    await rpc('ListTasks', { historyLength: 10 });
    for (const text of responses) for (const s of SECRETS) expect(text).not.toContain(s);
  });

  it('neither the key nor a password answer is in the log or any byte of the database', async () => {
    await host.close();
    const logged = logLines.join('');
    expect(logged.length).toBeGreaterThan(0);
    const files = ['host.db', 'host.db-wal']
      .map((f) => join(dir, f))
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f).toString('latin1'));
    for (const needle of [KEY, ...SECRETS]) {
      expect(logged).not.toContain(needle);
      for (const bytes of files) expect(bytes).not.toContain(needle);
    }
  });
});
