// `wopgen serve`'s log: the start banner at every level but `silent` (at `warn` a host used to
// print nothing at all), and `--log-format pretty|json` whatever the output is.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, removeDir } from '../helpers/host.ts';
import { killLeftovers, startServe } from './serve-helpers.ts';

afterEach(killLeftovers);

const KEY = ['--api-key', `${KEYS.acme}=acme`];

function storeArgs() {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-serve-logs-'));
  return { dir, args: ['--store', `sqlite:${join(dir, 'h.db')}`] };
}

/** A port nothing listens on (for a host that prints nothing to say where it listens). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('wopgen serve logs', () => {
  it('at --log-level warn logs the banner, and no request', async () => {
    const { dir, args } = storeArgs();
    try {
      const s = startServe([...args, ...KEY, '--port', '0', '--log-level', 'warn']);
      const listening = await s.ready;
      expect(listening).toMatchObject({ level: 30, apiKeys: 'given' });
      const base = /listening on (\S+)/.exec(listening.msg)![1]!;
      expect((await fetch(`${base}/.well-known/openwop`)).status).toBe(200);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      expect(s.records().map((r) => r.msg)).toEqual([`wopgen host listening on ${base}`]);
    } finally {
      removeDir(dir);
    }
  });

  it('at --log-level silent prints nothing, and still serves', async () => {
    const { dir, args } = storeArgs();
    try {
      const port = await freePort();
      const s = startServe([...args, ...KEY, '--port', String(port), '--log-level', 'silent']);
      let up = false;
      for (let i = 0; i < 600 && !up; i++) {
        up = await fetch(`http://127.0.0.1:${port}/.well-known/openwop`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await new Promise((r) => setTimeout(r, 100));
      }
      expect(up).toBe(true);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      expect(s.records()).toEqual([]);
      expect(s.stderr()).toBe('');
    } finally {
      removeDir(dir);
    }
  });

  it('--log-format pretty writes short lines even to a pipe; json is JSON lines', async () => {
    const { dir, args } = storeArgs();
    try {
      const pretty = startServe([...args, ...KEY, '--port', '0', '--log-format', 'pretty']);
      let out = '';
      pretty.child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      for (let i = 0; i < 600 && !/listening on/.test(out); i++)
        await new Promise((r) => setTimeout(r, 100));
      pretty.child.kill('SIGTERM');
      expect(await pretty.exited).toBe(0);
      expect(out.split('\n')[0]).toMatch(
        /^\d\d:\d\d:\d\d INFO {2}wopgen host listening on http:\/\/127\.0\.0\.1:\d+ contract=/,
      );
      expect(out).toMatch(/^ {2}discovery {3}http:\/\/127\.0\.0\.1:\d+\/\.well-known\/openwop$/m);
      expect(out).not.toContain('{"level"');

      const json = startServe([...args, ...KEY, '--port', '0'], {
        env: { WOPGEN_LOG_FORMAT: 'json' },
      });
      expect(await json.ready).toMatchObject({ level: 30, apiKeys: 'given' });
      json.child.kill('SIGTERM');
      expect(await json.exited).toBe(0);
    } finally {
      removeDir(dir);
    }
  });

  it('refuses a format it does not know (exit 2)', async () => {
    const s = startServe(['--log-format', 'xml']);
    expect(await s.exited).toBe(2);
    expect(s.stderr()).toBe(
      'wopgen serve: --log-format must be pretty or json, not "xml"\nRun wopgen serve --help for usage.\n',
    );
  });
});
