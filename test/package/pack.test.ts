// The package as a user gets it: a real `npm pack` of this checkout, the tarball installed into a
// new project (install scripts off: this test is about the package's own files, exports and
// types; test/package/init.test.ts installs with them and runs a host), then plain Node importing
// `wopgen/runtime`, tsc (nodenext, strict, no skipLibCheck) type-checking a consumer, and the
// installed `wopgen` bin printing its version and generating from the bundled spec.
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { npmInstall, sharedTarball, readJson, REPO, run, tempProject } from './npm.ts';

const SLOW = 15 * 60_000;
const VERSION = readJson<{ version: string }>(join(REPO, 'package.json')).version;

let tarball: string;
let files: string[];
let project: string;

beforeAll(async () => {
  ({ tarball, files } = await sharedTarball());
  project = tempProject('consumer');
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  const installed = await npmInstall(project, ['--ignore-scripts', tarball]);
  if (installed.code !== 0) throw new Error(`npm install failed:\n${installed.stderr}`);
  for (const f of ['consumer.ts', 'tsconfig.json', 'import.mjs'])
    copyFileSync(join(REPO, 'test/package/consumer', f), join(project, f));
}, SLOW);

describe('npm pack', () => {
  it('ships the compiled runtime and generator with declarations, the bin, templates and spec; no sources or tests', () => {
    for (const f of [
      'package.json',
      'bin/wopgen.js',
      'dist/runtime/index.js',
      'dist/runtime/index.d.ts',
      'dist/runtime/keys.js',
      'dist/runtime/ports/run-core.d.ts',
      'dist/generator/cli.js',
      'dist/generator/workers/openapi-worker.mjs',
      'dist/runtime/core/reference/workflows/echo.json',
      'templates/README.md',
      'spec/interop-map.json',
      'wopgen.config.schema.json',
    ])
      expect(files).toContain(f);
    expect(files.filter((f) => /^(runtime|generator|test|bench|examples)\//.test(f))).toEqual([]);
    // A template is written into generated packages as it is (templates/package/request-check.ts).
    expect(
      files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.startsWith('templates/')),
    ).toEqual([]);
  });

  it('the installed package is not private and exports the runtime and the CLI', () => {
    const pkg = readJson<Record<string, unknown>>(
      join(project, 'node_modules/wopgen/package.json'),
    );
    expect(pkg['private']).toBeUndefined();
    expect(Object.keys(pkg['exports'] as object)).toEqual(['./runtime', './cli', './package.json']);
    expect(existsSync(join(project, 'node_modules/wopgen/dist/runtime/index.d.ts'))).toBe(true);
  });

  it('plain Node imports wopgen/runtime', { timeout: SLOW }, async () => {
    const r = await run(process.execPath, ['import.mjs'], project);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as {
      names: string[];
      baseUrl: string;
      version: string;
      seen: [string, string][];
    };
    expect(out.names).toEqual(
      expect.arrayContaining([
        'createHost',
        'createSqliteHost',
        'createRunCore',
        'referencePack',
        'openStoreUrl',
        'InProcessChangeFeed',
        'openPostgres',
        'ApiKeyAuthenticator',
        'CoreError',
        'mountUnder',
      ]),
    );
    expect(out.baseUrl).toBe('http://h/p');
    expect(out.version).toBe(VERSION);
    expect(out.seen).toEqual([
      ['host', '/'],
      ['host', '/runs?x=1'],
      ['service', '/openwopx'],
      ['service', '/health'],
    ]);
  });

  it(
    'tsc (nodenext, strict, checking library declarations) type-checks a consumer',
    async () => {
      const tsc = join(project, 'node_modules/typescript/bin/tsc');
      const r = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
      expect(r.stdout + r.stderr).toBe('');
      expect(r.code).toBe(0);
    },
    SLOW,
  );

  it(
    'tsc fails a consumer that misuses a port type (the declarations are not `any`)',
    async () => {
      writeFileSync(
        join(project, 'misuse.ts'),
        "import type { RunCore } from 'wopgen/runtime';\nexport const core: RunCore = { close: 1 };\n",
      );
      const tsc = join(project, 'node_modules/typescript/bin/tsc');
      const r = await run(
        process.execPath,
        [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--types', 'node', 'misuse.ts'],
        project,
      );
      expect(r.code).not.toBe(0);
      expect(r.stdout).toContain('misuse.ts');
      // RunCore.close is typed: a number there is refused by name of the expected type.
      expect(r.stdout).toContain(
        "misuse.ts(2,32): error TS2322: Type 'number' is not assignable to type '() => Promise<void>'",
      );
    },
    SLOW,
  );

  it(
    'the installed bin prints its version and generates from the bundled spec',
    async () => {
      const bin = join(project, 'node_modules/.bin/wopgen');
      const v = await run(bin, ['--version'], project);
      expect(v).toMatchObject({ code: 0, stdout: `wopgen ${VERSION}\n` });
      const g = await run(
        bin,
        [
          'generate',
          '--spec',
          'node_modules/wopgen/spec',
          '--out',
          'generated',
          '--format',
          'json',
        ],
        project,
      );
      expect(g.stderr).toBe('');
      expect(JSON.parse(g.stdout)).toMatchObject({
        command: 'generate',
        status: 'generated',
        exitCode: 0,
      });
      expect(existsSync(join(project, 'generated/manifest.json'))).toBe(true);
    },
    SLOW,
  );
});
