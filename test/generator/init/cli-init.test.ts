// `wopgen init` run as the command a user types in a checkout: through the generator's bundled
// build (what bin/wopgen.js runs by default) and through the TypeScript sources
// (WOPGEN_FROM_SOURCE=1), both writing the same project; and a local `--wopgen` path read from the
// folder the command runs in, written relative to the new project (as `npm install <path>` does).
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wopgenDependency } from '../../../generator/init/scaffold.ts';
import { wopgen } from '../cli-run.ts';

const temp = () => mkdtempSync(join(tmpdir(), 'wopgen-init-cli-'));

/** Every file under `dir` (relative path → contents). */
function tree(dir: string, root = dir): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) Object.assign(out, tree(p, root));
    else out[relative(root, p)] = readFileSync(p, 'utf8');
  }
  return out;
}

const dependencyOf = (app: string): string =>
  (
    JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    }
  ).dependencies['wopgen']!;

describe('wopgen init from a checkout', () => {
  it('the bundled build and the sources write the same project', () => {
    const bundled = temp();
    const sources = temp();
    const a = wopgen(['init', 'my-host'], bundled);
    expect(a.stderr).toBe('');
    expect(a.status).toBe(0);
    const b = wopgen(['init', 'my-host'], sources, { WOPGEN_FROM_SOURCE: '1' });
    expect(b.stderr).toBe('');
    expect(b.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    // Running from a checkout, it says how to depend on that checkout.
    expect(a.stdout).toContain('runs from a checkout');
    const written = tree(join(bundled, 'my-host'));
    expect(Object.keys(written)).toEqual(
      expect.arrayContaining(['package.json', 'src/core.ts', 'spec/interop-map.json']),
    );
    expect(tree(join(sources, 'my-host'))).toEqual(written);
  }, 120_000);

  it('--wopgen file:./TARBALL is read from the folder the command runs in', () => {
    const cwd = temp();
    const r = wopgen(['init', 'hosts/my-host', '--wopgen', 'file:./wopgen-0.1.0.tgz'], cwd);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain('runs from a checkout');
    expect(dependencyOf(join(cwd, 'hosts/my-host'))).toBe('file:../../wopgen-0.1.0.tgz');
  }, 120_000);

  it('keeps a version range or tag, and reads every local form from the caller', () => {
    expect(wopgenDependency('^0.2.0', '/w/app', '/w')).toBe('^0.2.0');
    expect(wopgenDependency('latest', '/w/app', '/w')).toBe('latest');
    expect(wopgenDependency('file:./w.tgz', '/w/app', '/w')).toBe('file:../w.tgz');
    expect(wopgenDependency('./w.tgz', '/w/app', '/w')).toBe('file:../w.tgz');
    expect(wopgenDependency('../wopgen', '/w/app', '/w/x')).toBe('file:../wopgen');
    expect(wopgenDependency('file:/opt/w.tgz', '/w/app', '/elsewhere')).toBe('file:/opt/w.tgz');
    expect(wopgenDependency('/opt/w.tgz', '/w/app', '/elsewhere')).toBe('file:/opt/w.tgz');
    expect(wopgenDependency('dist/w.tgz', 'app', '/w')).toBe(
      `file:${relative(join(process.cwd(), 'app'), '/w/dist/w.tgz')}`,
    );
  });
});
