// `wopgen init` without installing anything (test/package/init.test.ts runs the whole path from a
// packed tarball): the files it writes, what its package.json depends on, the refusals, and the
// command's exit codes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initCommand } from '../../../generator/cli/init.ts';
import {
  INIT_FILES,
  initContext,
  InitRefusal,
  packageName,
  scaffold,
} from '../../../generator/init/scaffold.ts';
import { GENERATOR_VERSION } from '../../../generator/version.ts';

const temp = () => mkdtempSync(join(tmpdir(), 'wopgen-init-unit-'));

describe('wopgen init scaffold', () => {
  it('writes every template and the bundled spec into an absent folder', () => {
    const dir = join(temp(), 'Acme Host');
    const written = scaffold(dir, initContext(dir, undefined));
    expect(written).toEqual([...INIT_FILES.map(([, out]) => out), 'spec/', 'schemas/']);
    expect(readdirSync(join(dir, 'spec'))).toContain('interop-map.json');
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name: string;
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.name).toBe('acme-host');
    expect(pkg.dependencies).toEqual({ wopgen: `^${GENERATOR_VERSION}` });
    expect(pkg.scripts['generate']).toBe('wopgen generate --spec spec --out generated');
    expect(Object.keys(pkg.devDependencies).sort()).toEqual([
      '@a2a-js/sdk',
      '@modelcontextprotocol/client',
      '@types/node',
      'typescript',
    ]);
    expect(Object.values(pkg.devDependencies)).not.toContain('latest');
    const core = readFileSync(join(dir, 'src/core.ts'), 'utf8');
    expect(core).toContain('export class AcmeHostCore implements RunCore');
    expect(core).toContain("from 'wopgen/runtime'");
    expect(JSON.parse(readFileSync(join(dir, 'wopgen.config.json'), 'utf8'))).toMatchObject({
      spec: 'spec',
      out: 'generated',
    });
  });

  it('keeps the generated package, compiled files included, out of its ignore rules', () => {
    // src/ imports `#contract` from generated/dist/: a clone of the project needs those files.
    const dir = join(temp(), 'tracked');
    scaffold(dir, initContext(dir, undefined));
    expect(spawnSync('git', ['init', '-q'], { cwd: dir }).status).toBe(0);
    const ignored = (path: string) =>
      spawnSync('git', ['check-ignore', '-q', path], { cwd: dir }).status === 0;
    expect(ignored('generated/dist/contract.js')).toBe(false);
    expect(ignored('generated/index.ts')).toBe(false);
    expect(ignored('dist/src/server.js')).toBe(true);
    expect(ignored('node_modules/wopgen/package.json')).toBe(true);
  });

  it('depends on a tarball when asked (--wopgen file:...)', () => {
    const dir = join(temp(), 'h');
    scaffold(dir, initContext(dir, 'file:/x/wopgen-0.1.0.tgz'));
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toContain(
      '"wopgen": "file:/x/wopgen-0.1.0.tgz"',
    );
  });

  it('refuses a folder holding anything, and a file, writing nothing', () => {
    const dir = temp();
    writeFileSync(join(dir, 'keep.txt'), 'mine');
    expect(() => scaffold(dir, initContext(dir, undefined))).toThrow(InitRefusal);
    expect(readdirSync(dir)).toEqual(['keep.txt']);
    expect(() => scaffold(join(dir, 'keep.txt'), initContext(dir, undefined))).toThrow(
      /exists and is not a folder/,
    );
    // An empty folder is fine.
    mkdirSync(join(dir, 'empty'));
    expect(scaffold(join(dir, 'empty'), initContext(dir, undefined)).length).toBeGreaterThan(0);
  });

  it('names the package from the folder', () => {
    expect(packageName('/a/My_Host.v2')).toBe('my_host.v2');
    expect(packageName('/a/--x--')).toBe('x');
    expect(packageName('/a/@@@')).toBe('openwop-host');
  });

  it('the command: 0 written, 1 refused, 2 usage', async () => {
    const dir = temp();
    expect(await initCommand([join(dir, 'a')])).toBe(0);
    expect(await initCommand([join(dir, 'a')])).toBe(1);
    expect(await initCommand([])).toBe(2);
    expect(await initCommand(['--nope', 'x'])).toBe(2);
  });
});
