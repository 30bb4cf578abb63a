// `wopgen serve` as a user runs it, from its compiled build: logs its URLs as JSON lines (stdout
// is not a terminal here) and prints a one-time demo key on stderr, logs each request, and
// SIGTERM stops it cleanly — in-flight requests finish, an idle event stream is closed — and a
// second start on the same store mints nothing.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killLeftovers, startServe, type Record } from './serve-helpers.ts';
import { referencePack } from '../../runtime/core/reference/index.ts';

afterEach(killLeftovers);
import { removeDir } from '../helpers/host.ts';

function baseOf(listening: Record): string {
  return /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(listening.msg)![1]!;
}

describe('wopgen serve', () => {
  it('logs its URLs, prints a demo key once, logs requests, and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wopgen-serve-'));
    const args = ['--port', '0', '--store', `sqlite:${join(dir, 'h.db')}`];
    try {
      const first = startServe(args);
      const listening = await first.ready;
      const base = baseOf(listening);
      expect(listening).toMatchObject({
        level: 30,
        from: 'build',
        workflows: referencePack().list().length,
        apiKeys: 'minted',
        endpoints: {
          discovery: `${base}/.well-known/openwop`,
          'agent card': `${base}/.well-known/agent-card.json`,
          A2A: `${base}/a2a/jsonrpc`,
          MCP: `${base}/mcp`,
        },
      });
      const key = /API key for tenant "demo" \(shown once, stored hashed\): (\S+)/.exec(
        first.stderr(),
      )![1]!;
      const r = await fetch(`${base}/runs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ workflowId: 'echo', inputs: { text: 'hello' } }),
      });
      expect(r.status).toBe(201);
      expect(((await r.json()) as { outputs: unknown }).outputs).toEqual({ text: 'hello' });
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const request = first.records().find((x) => x.msg === 'request');
      expect(request).toMatchObject({
        binding: 'rest',
        route: '/runs',
        status: 201,
        tenant: 'demo',
      });
      // The key is on stderr once, and in no log record.
      expect(JSON.stringify(first.records())).not.toContain(key);
      expect(first.records().map((x) => x.msg)).toContain('stopped');

      const second = startServe(args);
      expect(await second.ready).toMatchObject({ apiKeys: 'stored' });
      expect(second.stderr()).not.toContain('wop_');
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    } finally {
      removeDir(dir);
    }
  });

  it('on SIGTERM finishes a request in flight, closes an idle /host/events stream and exits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wopgen-serve-'));
    const key = 'stop-test-key-0123456789';
    try {
      const s = startServe(['--port', '0', '--store', `sqlite:${join(dir, 'h.db')}`], {
        env: { WOPGEN_API_KEYS: `${key}=acme` },
      });
      const base = baseOf(await s.ready);
      const auth = { authorization: `Bearer ${key}` };
      const events = await fetch(`${base}/host/events`, { headers: auth });
      expect(events.headers.get('content-type')).toBe('text/event-stream');
      const reader = events.body!.getReader();
      const streamEnded = (async () => {
        for (;;) if ((await reader.read()).done) return true;
      })();
      // A blocking A2A send on a workflow that waits 1.2 s: in flight when the signal arrives.
      const inFlight = fetch(`${base}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'a2a-version': '1.0' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'SendMessage',
          params: {
            message: {
              messageId: `stop-${Date.now()}`,
              role: 'ROLE_USER',
              parts: [{ data: { delayMs: 1200 } }],
              metadata: { openwop: { skill: 'conformance-delay' } },
            },
          },
        }),
      });
      await new Promise((r) => setTimeout(r, 300));
      const signalled = Date.now();
      s.child.kill('SIGTERM');
      const answer = (await (await inFlight).json()) as {
        result: { task: { status: { state: string } } };
      };
      expect(answer.result.task.status.state).toBe('TASK_STATE_COMPLETED');
      expect(await streamEnded).toBe(true);
      expect(await s.exited).toBe(0);
      // Bounded: the stream grace (1.5 s) and the request's remaining second, far below the
      // 15 s hard deadline.
      expect(Date.now() - signalled).toBeLessThan(8000);
      expect(s.records().find((x) => x.msg === 'closed open event streams')).toMatchObject({
        streams: 1,
      });
    } finally {
      removeDir(dir);
    }
  });

  it('refuses a configuration it cannot serve with one clear line and exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wopgen-serve-'));
    try {
      const bad = startServe([
        '--port',
        '0',
        '--store',
        `sqlite:${join(dir, 'h.db')}`,
        '--a2a-skills',
        'nope',
      ]);
      expect(await bad.exited).toBe(1);
      expect(bad.stderr().trim()).toBe('wopgen serve: --a2a-skills names no workflow: nope');
    } finally {
      removeDir(dir);
    }
  });

  it('names the path when the store cannot be opened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wopgen-serve-'));
    try {
      writeFileSync(join(dir, 'afile'), '');
      const cases: [string, string][] = [
        [dir, `it is a directory; give a file path, e.g. sqlite:${dir}/wopgen.db`],
        [join(dir, 'afile', 'x.db'), 'a parent of it is a file, not a directory'],
        // Node's recursive mkdir spins forever here; the check must not.
        [
          '/proc/wopgen-nope/x.db',
          'its directory /proc/wopgen-nope cannot be created or written (ENOENT)',
        ],
      ];
      for (const [path, why] of cases) {
        const bad = startServe(['--port', '0', '--store', `sqlite:${path}`]);
        expect(await bad.exited).toBe(1);
        expect(bad.stderr()).toBe(
          `wopgen serve: cannot open the store sqlite:${path} (${path}): ${why}\n`,
        );
      }
    } finally {
      removeDir(dir);
    }
  });

  it('refuses a broken MCP catalogue naming the file and the JSON pointer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wopgen-serve-'));
    try {
      const cat = join(dir, 'catalogue');
      mkdirSync(cat);
      writeFileSync(join(cat, 'prompts.json'), JSON.stringify({ prompts: [{ name: 7 }] }));
      const bad = startServe([
        '--port',
        '0',
        '--store',
        `sqlite:${join(dir, 'h.db')}`,
        '--mcp-catalogue',
        cat,
      ]);
      expect(await bad.exited).toBe(1);
      expect(bad.stderr().trim().split('\n')).toHaveLength(1);
      expect(bad.stderr()).toMatch(
        new RegExp(
          `^wopgen serve: ${join(cat, 'prompts.json')}: invalid MCP catalogue at /prompts/0`,
        ),
      );
    } finally {
      removeDir(dir);
    }
  });
});
