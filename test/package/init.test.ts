// `wopgen init` the way a user runs it: the packed tarball installed as a tool, `wopgen init` into
// a new folder (depending on that tarball), then in the scaffold `npm install` (install scripts
// on: better-sqlite3's comes from a local prebuild, see npm.ts), `npm run generate`, `npm test` (tsc strict, then the scaffold's own
// tests with the official A2A and MCP clients) and `npm start`, whose host answers discovery.
// Then the regeneration the scaffold's README promises: a new A2A row in its spec, `npm run
// generate`, and tsc fails naming the new handler member (src/contract.ts) until it is written.
// One long test: each step needs the one before.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { localPrebuilds, npmInstall, readJson, run, sharedTarball, tempProject } from './npm.ts';

const SLOW = 25 * 60_000;

/** Starts `npm start`, resolves with the URL its first line names, and a stop function. */
function start(cwd: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn('npm', ['start', '--silent'], {
    cwd,
    env: { ...process.env, PORT: '0', API_KEY: 'wop_scaffold_start_key_0123456789' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const stop = () => {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  };
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`npm start exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /serving (http:\/\/\S+)/.exec(line);
      if (m) resolve({ url: m[1]!, stop });
    });
  });
}

describe('wopgen init', () => {
  it(
    'scaffolds from the packed tarball a project that installs, generates, type-checks, passes its tests and serves',
    async () => {
      const { tarball } = await sharedTarball();
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

      const app = join(tool, 'my-host');
      const init = await run(wopgen, ['init', app, '--wopgen', `file:${tarball}`], tool);
      expect(init.stderr).toBe('');
      expect(init.code).toBe(0);
      expect(readdirSync(app).sort()).toEqual([
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

      const installed = await npmInstall(app, [], localPrebuilds());
      expect(installed.code, installed.stderr).toBe(0);
      const generated = await run('npm', ['run', 'generate', '--silent'], app);
      expect(generated.code, generated.stderr).toBe(0);
      expect(existsSync(join(app, 'generated/manifest.json'))).toBe(true);

      const tested = await run('npm', ['test', '--silent'], app);
      expect(tested.code, tested.stdout + tested.stderr).toBe(0);
      expect(tested.stdout).toMatch(/# pass 3\b/);
      expect(tested.stdout).toMatch(/# fail 0\b/);

      const server = await start(app);
      try {
        const res = await fetch(`${server.url}/.well-known/openwop`);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { protocolVersions: string[] }).protocolVersions).toEqual([
          '2.0',
        ]);
      } finally {
        server.stop();
      }

      // A row of the project's own: tsc names the member to write, then accepts it once written.
      const mapPath = join(app, 'spec/interop-map.json');
      const map = readJson<{ a2a: { operations: Record<string, unknown>[] } }>(mapPath);
      map.a2a.operations.push({
        upstream: 'GetTaskArtifact',
        http: 'GET /tasks/{id}/artifacts/{artifactId}',
        when: '',
        v2Operation: 'getRun',
        requires: [],
        rule: 'Test row: reads one artifact of a task the caller can read.',
      });
      writeFileSync(mapPath, JSON.stringify(map, null, 2) + '\n');
      const regenerated = await run('npm', ['run', 'generate', '--silent'], app);
      expect(regenerated.code, regenerated.stderr).toBe(0);
      const tsc = join(app, 'node_modules/.bin/tsc');
      const stale = await run(tsc, ['-p', 'tsconfig.json', '--noEmit'], app);
      expect(stale.code).not.toBe(0);
      expect(stale.stdout).toMatch(
        /^src\/contract\.ts\(\d+,\d+\): error TS2741: Property 'getTaskArtifact' is missing in type '\{\}' but required in type /m,
      );
      const contractPath = join(app, 'src/contract.ts');
      const contract = readFileSync(contractPath, 'utf8');
      const written = contract.replace(
        'ImplementedByWopgen> = {};',
        [
          'ImplementedByWopgen> = {',
          '  async getTaskArtifact(params, ctx) {',
          '    return { params, tenant: ctx.tenant };',
          '  },',
          '};',
        ].join('\n'),
      );
      expect(written).not.toBe(contract);
      writeFileSync(contractPath, written);
      const fixed = await run(tsc, ['-p', 'tsconfig.json', '--noEmit'], app);
      expect(fixed.stdout + fixed.stderr).toBe('');
      expect(fixed.code).toBe(0);
    },
    SLOW,
  );
});
