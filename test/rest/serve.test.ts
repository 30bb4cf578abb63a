// `wopgen serve` as a user runs it: prints its URLs and a one-time demo key, the key works, and
// SIGTERM stops it cleanly; a second start on the same store mints nothing.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveSettings } from '../../runtime/serve.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { removeDir } from '../helpers/host.ts';

function start(args: string[]) {
  const child = spawn(process.execPath, [join(projectRoot, 'bin/wopgen.js'), 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (/A2A\s+http/.test(out) && /\n.*(API key|using the API keys)[^\n]*\n/.test(out))
        resolve(out);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exited };
}

describe('wopgen serve', () => {
  it('prints URLs and a demo key that authenticates, and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wopgen-serve-'));
    const args = ['--port', '0', '--store', `sqlite:${join(dir, 'h.db')}`];
    try {
      const first = start(args);
      const out = await first.ready;
      const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
      expect(out).toContain(`discovery   ${base}/.well-known/openwop`);
      expect(out).toContain(`agent card  ${base}/.well-known/agent-card.json`);
      const key = /API key for tenant "demo" \(shown once, stored hashed\): (\S+)/.exec(out)![1]!;
      const r = await fetch(`${base}/runs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ workflowId: 'echo', inputs: { text: 'hello' } }),
      });
      expect(r.status).toBe(201);
      expect(((await r.json()) as { outputs: unknown }).outputs).toEqual({ text: 'hello' });
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const second = start(args);
      const out2 = await second.ready;
      expect(out2).not.toContain('wop_');
      expect(out2).toContain('using the API keys already in the store');
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    } finally {
      removeDir(dir);
    }
  });

  it('refuses a configuration it cannot serve with one clear line and exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wopgen-serve-'));
    try {
      const bad = start([
        '--port',
        '0',
        '--store',
        `sqlite:${join(dir, 'h.db')}`,
        '--a2a-skills',
        'nope',
      ]);
      let err = '';
      bad.child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      bad.ready.catch(() => undefined);
      expect(await bad.exited).toBe(1);
      expect(err.trim()).toBe('wopgen serve: --a2a-skills names no workflow: nope');
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
      const bad = start([
        '--port',
        '0',
        '--store',
        `sqlite:${join(dir, 'h.db')}`,
        '--mcp-catalogue',
        cat,
      ]);
      let err = '';
      bad.child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      bad.ready.catch(() => undefined);
      expect(await bad.exited).toBe(1);
      expect(err.trim().split('\n')).toHaveLength(1);
      expect(err).toMatch(
        new RegExp(
          `^wopgen serve: ${join(cat, 'prompts.json')}: invalid MCP catalogue at /prompts/0`,
        ),
      );
    } finally {
      removeDir(dir);
    }
  });

  it('reads flags before environment and rejects bad values', () => {
    expect(
      serveSettings(['--port', '9000'], {
        PORT: '1',
        WOPGEN_API_KEYS: 'k1-0123456789abcdef=acme,k2-0123456789abcdef=beta',
      }),
    ).toEqual({
      port: 9000,
      hostname: '127.0.0.1',
      baseUrl: 'http://127.0.0.1:9000',
      store: 'sqlite:./data/wopgen.db',
      apiKeys: [
        { key: 'k1-0123456789abcdef', tenant: 'acme' },
        { key: 'k2-0123456789abcdef', tenant: 'beta' },
      ],
      explicitBaseUrl: false,
    });
    expect(
      serveSettings([], {
        WOPGEN_A2A_SKILLS: 'echo, conformance-noop',
        WOPGEN_BASE_URL: 'https://h.example/',
      }).a2aSkills,
    ).toEqual(['echo', 'conformance-noop']);
    expect(serveSettings([], { WOPGEN_MCP_CATALOGUE: '/srv/mcp' }).mcpCatalogue).toBe('/srv/mcp');
    expect(
      serveSettings(['--mcp-catalogue', 'c'], { WOPGEN_MCP_CATALOGUE: 'x' }).mcpCatalogue,
    ).toBe('c');
    expect(() => serveSettings(['--port', 'x'], {})).toThrow(/invalid port/);
    expect(() => serveSettings(['--api-key', 'novalue'], {})).toThrow(/KEY=TENANT/);
    expect(() => serveSettings(['--base-url', 'h.example'], {})).toThrow(/absolute/);
  });
});
