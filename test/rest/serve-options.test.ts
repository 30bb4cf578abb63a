// `wopgen serve` options: --help, usage errors that say what was wrong (exit 2), flags over
// environment over wopgen.config.json, --workflows DIR, and the compiled build importing
// production dependencies only.
import {
  existsSync,
  readdirSync,
  readFileSync,
  mkdirSync,
  mkdtempSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { referencePack } from '../../runtime/core/reference/index.ts';
import { serveSettings } from '../../runtime/serve.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { removeDir } from '../helpers/host.ts';
import { killLeftovers, startServe } from './serve-helpers.ts';

afterEach(killLeftovers);

const KEY = 'k1-0123456789abcdef';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'wopgen-serve-opt-'));
}

function echoLike(id: string) {
  return {
    id,
    description: 'Says hi.',
    inputSchema: { type: 'object' },
    nodes: [{ id: 'done', kind: 'complete', output: { hi: true } }],
  };
}

describe('wopgen serve --help and usage errors', () => {
  it('--help and -h print every option and exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const s = startServe([flag]);
      let out = '';
      s.child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      expect(await s.exited).toBe(0);
      expect(out).toMatch(/^usage: wopgen serve \[options\]/);
      for (const opt of [
        '--port',
        '--host',
        '--base-url',
        '--store',
        '--api-key',
        '--workflows',
        '--a2a-skills',
        '--mcp-catalogue',
        '--log-level',
        '--stdio',
        'WOPGEN_API_KEYS',
        'at least 16 characters',
        '`ps`',
      ])
        expect(out).toContain(opt);
    }
  });

  it.each([
    [['--prot', '8080'], 'wopgen serve: unknown option --prot; did you mean "--port"?'],
    [
      ['--log-levl', 'warn'],
      'wopgen serve: unknown option --log-levl; did you mean "--log-level"?',
    ],
    [['--frobnicate'], 'wopgen serve: unknown option --frobnicate'],
    [['--port'], 'wopgen serve: --port needs a value'],
    [['--stdio=yes'], 'wopgen serve: --stdio takes no value'],
    [['--port', 'x'], 'wopgen serve: invalid port x: give an integer from 0 to 65535'],
    [
      ['--log-level', 'loud'],
      'wopgen serve: invalid log level "loud" (one of trace, debug, info, warn, error, fatal, silent)',
    ],
    [
      ['--api-key', 'short=acme'],
      'wopgen serve: the API key for tenant "acme" has 5 characters; an API key must be at least 16',
    ],
    [['stray'], 'wopgen serve: unexpected argument "stray"'],
  ])('%j is a usage error (exit 2) saying what was wrong', async (args, message) => {
    const s = startServe(args);
    expect(await s.exited).toBe(2);
    expect(s.stderr()).toBe(`${message}\nRun wopgen serve --help for usage.\n`);
    expect(s.stderr()).not.toContain('short=');
  });
});

describe('serve settings', () => {
  it('reads flags before environment before wopgen.config.json', () => {
    const dir = tempDir();
    try {
      writeFileSync(
        join(dir, 'wopgen.config.json'),
        JSON.stringify({
          spec: 'spec',
          serve: {
            port: 7000,
            host: '127.0.0.2',
            store: 'sqlite:file.db',
            logLevel: 'warn',
            a2aSkills: ['echo'],
            mcpCatalogue: 'cat',
            workflows: 'flows',
          },
        }),
      );
      expect(serveSettings([], {}, dir)).toEqual({
        contract: { from: 'bundled' },
        port: 7000,
        hostname: '127.0.0.2',
        baseUrl: 'http://127.0.0.2:7000',
        store: 'sqlite:file.db',
        apiKeys: [],
        logLevel: 'warn',
        a2aSkills: ['echo'],
        mcpCatalogue: 'cat',
        workflows: 'flows',
        explicitBaseUrl: false,
      });
      const env = { PORT: '7100', LOG_LEVEL: 'debug', WOPGEN_STORE: 'sqlite:env.db' };
      expect(serveSettings([], env, dir)).toMatchObject({
        port: 7100,
        logLevel: 'debug',
        store: 'sqlite:env.db',
      });
      expect(
        serveSettings(['--port', '7200', '--log-level', 'error', '--workflows', 'mine'], env, dir),
      ).toMatchObject({ port: 7200, logLevel: 'error', workflows: 'mine' });
    } finally {
      removeDir(dir);
    }
  });

  it('keeps the defaults without a config file, and reads keys from the environment', () => {
    const dir = tempDir();
    try {
      expect(
        serveSettings(
          ['--port', '9000'],
          { PORT: '1', WOPGEN_API_KEYS: `${KEY}=acme, k2-0123456789abcdef=beta` },
          dir,
        ),
      ).toEqual({
        contract: { from: 'bundled' },
        port: 9000,
        hostname: '127.0.0.1',
        baseUrl: 'http://127.0.0.1:9000',
        store: 'sqlite:./data/wopgen.db',
        apiKeys: [
          { key: KEY, tenant: 'acme' },
          { key: 'k2-0123456789abcdef', tenant: 'beta' },
        ],
        logLevel: 'info',
        explicitBaseUrl: false,
      });
      expect(
        serveSettings(
          [],
          { WOPGEN_A2A_SKILLS: 'echo, conformance-noop', WOPGEN_BASE_URL: 'https://h.example/' },
          dir,
        ),
      ).toMatchObject({
        a2aSkills: ['echo', 'conformance-noop'],
        baseUrl: 'https://h.example',
        explicitBaseUrl: true,
      });
      expect(() => serveSettings(['--api-key', 'novalue'], {}, dir)).toThrow(/KEY=TENANT/);
      expect(() => serveSettings(['--base-url', 'h.example'], {}, dir)).toThrow(/absolute/);
      expect(() => serveSettings(['--store', 'mysql://x'], {}, dir)).toThrow(
        /unsupported store "mysql:\/\/x" \(expected sqlite:PATH or postgres:\/\/USER@HOST:PORT\/DB\)/,
      );
      expect(() => serveSettings(['--store', 'postgres://u:secret@h/db'], {}, dir)).not.toThrow();
    } finally {
      removeDir(dir);
    }
  });

  it('refuses a config file with an unknown serve key or a wrong type, naming it', () => {
    const dir = tempDir();
    try {
      const file = join(dir, 'wopgen.config.json');
      writeFileSync(file, JSON.stringify({ serve: { prot: 1 } }));
      expect(() => serveSettings([], {}, dir)).toThrow(
        `${file}: unknown key "serve.prot"; did you mean "serve.port"? (known: contract, port, host, baseUrl, store, mcpCatalogue, a2aSkills, logLevel, logFormat, workflows, agents, outbound)`,
      );
      writeFileSync(file, JSON.stringify({ serve: { port: '80' } }));
      expect(() => serveSettings([], {}, dir)).toThrow(`${file}: "serve.port" must be a port`);
      writeFileSync(file, '{');
      expect(() => serveSettings([], {}, dir)).toThrow(`${file}: not valid JSON`);
    } finally {
      removeDir(dir);
    }
  });
});

describe('wopgen serve --workflows DIR', () => {
  it('serves the directory’s workflows next to the reference pack', async () => {
    const dir = tempDir();
    try {
      mkdirSync(join(dir, 'flows'));
      writeFileSync(join(dir, 'flows', 'hello.json'), JSON.stringify(echoLike('my-hello')));
      const s = startServe(
        ['--port', '0', '--store', `sqlite:${join(dir, 'h.db')}`, '--workflows', 'flows'],
        {
          cwd: dir,
          env: { WOPGEN_API_KEYS: `${KEY}=acme` },
        },
      );
      const listening = await s.ready;
      expect(listening.workflows).toBe(referencePack().list().length + 1);
      const base = /listening on (\S+)/.exec(listening.msg)![1]!;
      const r = await fetch(`${base}/runs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ workflowId: 'my-hello', inputs: {} }),
      });
      expect(r.status).toBe(201);
      expect(((await r.json()) as { outputs: unknown }).outputs).toEqual({ hi: true });
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    } finally {
      removeDir(dir);
    }
  });

  it('reports every bad file, one line each, and exits 1', async () => {
    const dir = tempDir();
    try {
      const flows = join(dir, 'flows');
      mkdirSync(flows);
      writeFileSync(join(flows, 'a-broken.json'), '{"id": ');
      writeFileSync(join(flows, 'b-invalid.json'), JSON.stringify({ id: 'x' }));
      writeFileSync(join(flows, 'c-taken.json'), JSON.stringify(echoLike('echo')));
      writeFileSync(join(flows, 'd-good.json'), JSON.stringify(echoLike('fine')));
      const s = startServe([
        '--port',
        '0',
        '--store',
        `sqlite:${join(dir, 'h.db')}`,
        '--workflows',
        flows,
      ]);
      expect(await s.exited).toBe(1);
      const lines = s.stderr().trim().split('\n');
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(
        new RegExp(`^wopgen serve: ${join(flows, 'a-broken.json')}: not valid JSON`),
      );
      expect(lines[1]).toMatch(
        new RegExp(`^wopgen serve: ${join(flows, 'b-invalid.json')}: invalid workflow definition`),
      );
      expect(lines[2]).toBe(
        `wopgen serve: ${join(flows, 'c-taken.json')}: workflow id "echo" is already defined by the reference pack`,
      );
    } finally {
      removeDir(dir);
    }
  });
});

describe('the compiled host runtime', () => {
  it('imports only production dependencies and node built-ins', async () => {
    const { currentRuntimeBuild, buildRuntime, runtimeKey } = (await import(
      join(projectRoot, 'bin/build-runtime.mjs')
    )) as {
      currentRuntimeBuild(k: string): string | null;
      buildRuntime(k: string): string;
      runtimeKey(): string;
    };
    const key = runtimeKey();
    const dir = currentRuntimeBuild(key) ?? buildRuntime(key);
    const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const allowed = new Set([...Object.keys(pkg.dependencies), ...builtinModules]);
    const seen = new Set<string>();
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        if (name === 'node_modules') continue;
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.js')) {
          const text = readFileSync(p, 'utf8');
          for (const m of text.matchAll(/(?:from|import\(|require\()\s*['"]([^'".][^'"]*)['"]/g)) {
            const spec = m[1]!.replace(/^node:/, '');
            seen.add(
              spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!,
            );
          }
        }
      }
    };
    walk(join(dir, 'runtime'));
    // The generated package, held by the build where the runtime's `@wopgen/generated/...`
    // imports resolve (bin/build-runtime.mjs), as it ships: compiled JavaScript.
    const generated = join(dir, 'runtime/node_modules/@wopgen/generated');
    walk(join(generated, 'dist'));
    expect(seen.has('@wopgen/generated')).toBe(true);
    allowed.add('@wopgen/generated');
    expect(existsSync(join(generated, 'package.json'))).toBe(true);
    expect(seen.size).toBeGreaterThan(5);
    expect([...seen].filter((s) => !allowed.has(s))).toEqual([]);
    expect(seen.has('tsx')).toBe(false);
  });
});
