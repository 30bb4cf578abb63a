// `wopgen init` the way a user runs it. From a clone, the README's own lines, verbatim: `npm pack`,
// `npx wopgen init ../my-host --wopgen file:./wopgen-0.1.0.tgz` (a path read from the clone), and
// in the new project `npm install` (install scripts on: better-sqlite3's comes from a local
// prebuild, see npm.ts), `npm run generate`, `npm test` (tsc strict, then the scaffold's own tests
// with the official A2A and MCP clients) and `npm start`, whose host answers discovery. Then the
// same tarball installed as a tool, whose `wopgen init` writes the same project. Then the store's
// API keys: the first start mints one and prints it once, later starts and `wopgen keys` share it. Then the
// regeneration the scaffold's README promises: a new A2A row in its spec, `npm run generate`, and
// tsc fails naming the new handler member (src/contract.ts) until it is written.
// One long test: each step needs the one before.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { readmeBlock } from '../helpers/readme.ts';
import { startScript } from '../helpers/script.ts';
import { cloneCheckout, localPrebuilds, npmInstall, readJson, run, tempProject } from './npm.ts';
import {
  GET_TASK_ARTIFACT_ROW,
  GET_TASK_ARTIFACT_WIRE,
  TASKS_LIST_ROW,
  TASKS_LIST_WIRE,
  withArtifactsOperation,
} from '../helpers/contract-rows.ts';

const SLOW = 25 * 60_000;

const SERVING = /serving (http:\/\/\S+)/;

/**
 * Starts `npm start` (with API_KEY unless `env` removes it), resolves once it has printed `lines`
 * lines, the first naming its URL, with a stop function.
 */
function start(
  cwd: string,
  env: Record<string, string | undefined> = {},
  lines = 1,
): Promise<{ url: string; lines: string[]; stop: () => Promise<void> }> {
  const merged: NodeJS.ProcessEnv = { ...process.env, PORT: '0', API_KEY: START_KEY, ...env };
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k];
  const child = spawn('npm', ['start', '--silent'], {
    cwd,
    env: merged,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  /** Stops the process group; resolves once npm has exited. */
  const stop = () => {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    return exited;
  };
  const printed: string[] = [];
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`npm start exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (printed.length > 0 || /serving http:/.test(line)) printed.push(line);
      const url = /serving (http:\/\/\S+)/.exec(printed[0] ?? '')?.[1];
      if (url && printed.length === lines) resolve({ url, lines: printed, stop });
    });
  });
}

/** Every file of a scaffold (relative path → contents), without what installing and running add. */
function scaffoldFiles(dir: string, root = dir): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    if (['node_modules', 'generated', 'dist', 'data', 'package-lock.json'].includes(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) Object.assign(out, scaffoldFiles(p, root));
    else out[relative(root, p)] = readFileSync(p, 'utf8');
  }
  return out;
}

const MAP = 'spec/interop-map.json';
const START_KEY = 'wop_scaffold_start_key_0123456789';

/** The rows of the loop: GetTaskArtifact (A2A), tasks/list (MCP), listRunArtifacts (REST). */
function addRows(app: string): void {
  const mapPath = join(app, MAP);
  const map = readJson<{ a2a: { operations: unknown[] }; mcp: { methods: unknown[] } }>(mapPath);
  map.a2a.operations.push(GET_TASK_ARTIFACT_ROW);
  map.mcp.methods.push(TASKS_LIST_ROW);
  writeFileSync(mapPath, JSON.stringify(map, null, 2) + '\n');
  for (const [file, defs] of [
    ['schemas/a2a-1.0.schema.json', GET_TASK_ARTIFACT_WIRE],
    ['schemas/mcp-2026-07-28.schema.json', TASKS_LIST_WIRE],
  ] as const) {
    const schema = readJson<{ $defs: Record<string, unknown> }>(join(app, file));
    Object.assign(schema.$defs, defs);
    writeFileSync(join(app, file), JSON.stringify(schema, null, 2) + '\n');
  }
  const openapiPath = join(app, 'spec/openapi.yaml');
  writeFileSync(openapiPath, withArtifactsOperation(readFileSync(openapiPath, 'utf8')));
}

/** The three members, typed by the regenerated contract, written in src/contract.ts. */
function writeHandlers(app: string): void {
  const path = join(app, 'src/contract.ts');
  const text = readFileSync(path, 'utf8');
  const written = text
    .replace(
      '    a2a: {},',
      [
        '    a2a: {',
        '      async getTaskArtifact(params, ctx) {',
        '        const run = await core.getRun(ctx.subject, params.id);',
        "        if (!run) throw new A2aError('TaskNotFoundError', 'task not found');",
        '        return { artifactId: params.artifactId, parts: [{ data: run.outputs ?? {} }] };',
        '      },',
        '    },',
      ].join('\n'),
    )
    .replace(
      '    mcp: {},',
      [
        '    mcp: {',
        '      async tasksList() {',
        "        return { tasks: [], resultType: 'complete' as const };",
        '      },',
        '    },',
      ].join('\n'),
    )
    .replace(
      '    rest: {},',
      [
        '    rest: {',
        '      async listRunArtifacts({ path }, ctx) {',
        '        const run = await core.getRun(ctx.subject, runIdFromWire(path.runId) ?? path.runId);',
        "        if (!run) throw new CoreError('not_found', 'no such run');",
        "        return { status: 200, body: { artifacts: ['output'] } };",
        '      },',
        '    },',
      ].join('\n'),
    )
    .replace(
      "import type { ContractHandlers, RunCore } from 'wopgen/runtime';",
      "import {\n  A2aError,\n  CoreError,\n  runIdFromWire,\n  type ContractHandlers,\n  type RunCore,\n} from 'wopgen/runtime';",
    )
    .replace(
      '  void core; // What a handler of yours reads runs through (core.getRun, core.listRuns, ...).\n',
      '',
    );
  expect(written).not.toBe(text);
  writeFileSync(path, written);
}

const authed = (url: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${START_KEY}`);
  return fetch(url, { ...init, headers });
};

async function rpcCall(url: string, method: string, params: unknown): Promise<unknown> {
  const res = await authed(`${url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return res.json();
}

/** A completed echo task's id. */
async function sendEcho(url: string): Promise<string> {
  const answer = (await rpcCall(url, 'SendMessage', {
    message: {
      messageId: 'loop-1',
      role: 'ROLE_USER',
      parts: [{ data: { text: 'loop' } }],
      metadata: { openwop: { skill: 'echo' } },
    },
  })) as { result: { task: { id: string; status: { state: string } } } };
  expect(answer.result.task.status.state).toBe('TASK_STATE_COMPLETED');
  return answer.result.task.id;
}

async function mcpCall(url: string, method: string): Promise<unknown> {
  const res = await authed(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  return res.json();
}

describe('wopgen init', () => {
  it(
    "the README's init lines run from a clone: a project that installs, generates, type-checks, passes its tests and serves; an installed tarball's init writes the same",
    async () => {
      // The README's lines, run in a clone as printed.
      const clone = cloneCheckout();
      const readme = await startScript(
        readmeBlock('readme-init'),
        clone,
        { PORT: '0', API_KEY: START_KEY, ...localPrebuilds() },
        SERVING,
      );
      const readmeUrl = readme.match[1]!;
      const app = join(dirname(clone), 'my-host');
      try {
        expect(readme.output).toMatch(/^# pass [1-9]\d*$/m);
        expect(readme.output).toMatch(/^# fail 0$/m);
        const res = await fetch(`${readmeUrl}/.well-known/openwop`);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { protocolVersions: string[] }).protocolVersions).toEqual([
          '2.0',
        ]);
      } finally {
        readme.stop();
      }
      const tarball = join(clone, 'wopgen-0.1.0.tgz');
      expect(
        readJson<{ dependencies: Record<string, string> }>(join(app, 'package.json')),
      ).toMatchObject({
        dependencies: { wopgen: 'file:../wopgen/wopgen-0.1.0.tgz' },
      });
      expect(existsSync(join(app, 'generated/manifest.json'))).toBe(true);

      // The same tarball installed as a tool: its `wopgen init` writes the same project.
      const tool = tempProject('init-tool');
      writeFileSync(join(tool, 'package.json'), JSON.stringify({ name: 'tool', private: true }));
      const toolInstall = await npmInstall(tool, ['--ignore-scripts', tarball]);
      expect(toolInstall.code, toolInstall.stderr).toBe(0);
      const wopgen = join(tool, 'node_modules/.bin/wopgen');

      // A folder holding anything is refused, and left as it was.
      const busy = join(tool, 'busy');
      mkdirSync(busy);
      writeFileSync(join(busy, 'keep.txt'), 'mine');
      const refused = await run(wopgen, ['init', busy], tool);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is not empty');
      expect(readdirSync(busy)).toEqual(['keep.txt']);

      const fromTool = join(tool, 'my-host');
      const init = await run(wopgen, ['init', fromTool, '--wopgen', `file:${tarball}`], tool);
      expect(init.stderr).toBe('');
      expect(init.code).toBe(0);
      // An installed wopgen does not run from a checkout, and does not say it does.
      expect(init.stdout).not.toContain('checkout');
      expect(readdirSync(fromTool).sort()).toEqual([
        '.gitignore',
        'README.md',
        'package.json',
        'schemas',
        'spec',
        'src',
        'test',
        'tsconfig.json',
        'wopgen.config.json',
      ]);
      const same = (files: Record<string, string>) => ({
        ...files,
        'package.json': files['package.json']!.replace(/"wopgen": "[^"]*"/, '"wopgen": "…"'),
      });
      expect(same(scaffoldFiles(fromTool))).toEqual(same(scaffoldFiles(app)));

      // Without API_KEY the store's first start mints a key for `demo` and prints it once; the
      // next start mints none and accepts it, and the keys `wopgen keys` mints into the same store.
      const keyEnv = { API_KEY: undefined, STORE: 'sqlite:data/keys.db' };
      const keyStore = ['--store', 'sqlite:data/keys.db'];
      // The project's own wopgen (`npx wopgen` there): installed with its native store binding.
      const appWopgen = join(app, 'node_modules/.bin/wopgen');
      const firstStart = await start(app, keyEnv, 2);
      await firstStart.stop();
      const shown = /^ {2}API key \(tenant demo, shown once\): (wop_[A-Za-z0-9_-]{43})$/.exec(
        firstStart.lines[1]!,
      );
      expect(shown, firstStart.lines.join('\n')).not.toBeNull();
      const again = await start(app, keyEnv, 2);
      try {
        expect(again.lines[1]).toBe('  API keys: those in the store (npx wopgen keys list)');
        const minted = await run(appWopgen, ['keys', 'mint', '--tenant', 'demo', ...keyStore], app);
        expect(minted.code, minted.stderr).toBe(0);
        for (const key of [shown![1]!, minted.stdout.trim()]) {
          const res = await fetch(`${again.url}/runs`, {
            headers: { authorization: `Bearer ${key}` },
          });
          expect(res.status).toBe(200);
        }
        const listed = await run(appWopgen, ['keys', 'list', '--format', 'json', ...keyStore], app);
        expect(listed.code, listed.stderr).toBe(0);
        const stored = (JSON.parse(listed.stdout) as { keys: { tenant: string }[] }).keys;
        expect(stored.map((k) => k.tenant)).toEqual(['demo', 'demo']);
      } finally {
        await again.stop();
      }

      // The loop of the scaffold's README, with a row of each kind: an A2A row, an MCP method and a
      // REST operation, each with its wire types. tsc names the three members to write.
      addRows(app);
      const regenerated = await run('npm', ['run', 'generate', '--silent'], app);
      expect(regenerated.code, regenerated.stderr).toBe(0);
      const tsc = join(app, 'node_modules/.bin/tsc');
      const stale = await run(tsc, ['-p', 'tsconfig.json', '--noEmit'], app);
      expect(stale.code).not.toBe(0);
      for (const member of ['getTaskArtifact', 'tasksList', 'listRunArtifacts'])
        expect(stale.stdout).toMatch(
          new RegExp(
            `^src/contract\\.ts\\(\\d+,\\d+\\): error TS2741: Property '${member}' is missing in type '\\{\\}' but required in type `,
            'm',
          ),
        );

      // `npm start` stops at the compile, naming them; and the build of the last good sources,
      // run against the regenerated contract, refuses to start, naming each one with its source.
      const startStale = await run('npm', ['start', '--silent'], app, { PORT: '0' });
      expect(startStale.code).not.toBe(0);
      expect(startStale.stdout + startStale.stderr).toMatch(
        /Property 'getTaskArtifact' is missing/,
      );
      const unserved = await run('node', ['dist/src/server.js'], app, {
        PORT: '0',
        API_KEY: 'wop_scaffold_start_key_0123456789',
      });
      expect(unserved.code).toBe(1);
      expect(unserved.stderr).toContain('cannot be served by this host:');
      expect(unserved.stderr).toContain(
        '  - A2A getTaskArtifact: no handler for GetTaskArtifact (spec/interop-map.json#/a2a/operations/12)',
      );
      expect(unserved.stderr).toContain('  - MCP tasksList: no handler for tasks/list (');
      expect(unserved.stderr).toContain(
        '  - REST listRunArtifacts: no handler for GET /runs/{runId}/artifacts (',
      );

      // Written, typed by the spec: tsc accepts them and the scaffold's own tests (which check
      // every member of the contract is served) pass.
      writeHandlers(app);
      const fixed = await run(tsc, ['-p', 'tsconfig.json', '--noEmit'], app);
      expect(fixed.stdout + fixed.stderr).toBe('');
      expect(fixed.code).toBe(0);
      const retested = await run('npm', ['test', '--silent'], app);
      expect(retested.code, retested.stdout + retested.stderr).toBe(0);
      expect(retested.stdout).toMatch(/# fail 0\b/);

      const served = await start(app);
      try {
        const task = await sendEcho(served.url);
        const rpc = await rpcCall(served.url, 'GetTaskArtifact', {
          id: task,
          artifactId: 'output',
        });
        expect(rpc).toEqual({
          jsonrpc: '2.0',
          id: 1,
          result: { artifactId: 'output', parts: [{ data: { text: 'loop' } }] },
        });
        const rest = await authed(
          `${served.url}/a2a/rest/tasks/${encodeURIComponent(task)}/artifacts/output`,
        );
        expect(rest.status).toBe(200);
        expect(await rest.json()).toEqual({
          artifactId: 'output',
          parts: [{ data: { text: 'loop' } }],
        });
        const listed = await mcpCall(served.url, 'tasks/list');
        expect(listed).toMatchObject({ result: { tasks: [], resultType: 'complete' } });
        const artifacts = await authed(`${served.url}/runs/${encodeURIComponent(task)}/artifacts`);
        expect(artifacts.status).toBe(200);
        expect(await artifacts.json()).toEqual({ artifacts: ['output'] });
        const unknown = await authed(
          `${served.url}/a2a/rest/tasks/demo~2Fno-such-task-0123456789abcdef`,
        );
        expect(unknown.status).toBe(404);
      } finally {
        served.stop();
      }

      // An error row's status changed in the spec: regenerate, and the host answers it. No code.
      const map = readJson<{ a2a: { errors: Record<string, unknown>[] } }>(join(app, MAP));
      map.a2a.errors.find((e) => e['upstream'] === 'TaskNotFoundError')!['http'] = 410;
      writeFileSync(join(app, MAP), JSON.stringify(map, null, 2) + '\n');
      expect((await run('npm', ['run', 'generate', '--silent'], app)).code).toBe(0);
      expect((await run('npm', ['run', 'build', '--silent'], app)).code).toBe(0);
      const gone = await start(app);
      try {
        const res = await authed(`${gone.url}/a2a/rest/tasks/demo~2Fno-such-task-0123456789abcdef`);
        expect(res.status).toBe(410);
        expect(((await res.json()) as { error: { code: number } }).error.code).toBe(410);
      } finally {
        gone.stop();
      }
    },
    SLOW,
  );
});
