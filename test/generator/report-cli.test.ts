// `wopgen report` through the real binary: it writes its two files and nothing else, the same
// bytes from any working directory and spelling of the paths; it refuses what `generate` refuses
// (the spec folder, a file, a repository root) with exit 1 and no stack; usage errors are exit 2;
// a spec error is exit 1 with the diagnostic; an unreachable host is exit 1 and writes nothing;
// --format json is one document.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SpecFixture, projectRoot } from '../helpers/spec-fixture.ts';
import { STACK_FRAME, treeDigest, wopgen } from './cli-run.ts';

describe('wopgen report', () => {
  const work = mkdtempSync(join(tmpdir(), 'wopgen-report-cli-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const spec = join(projectRoot, 'spec');

  it('writes spec-report.html and .md beside what the folder already holds', () => {
    const out = join(work, 'docs');
    mkdirSync(out);
    writeFileSync(join(out, 'keep.png'), 'not touched');
    const r = wopgen(['report', '--spec', spec, '--out', out], work);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('wopgen report: wrote docs/spec-report.html, docs/spec-report.md\n');
    expect(readdirSync(out).sort()).toEqual(['keep.png', 'spec-report.html', 'spec-report.md']);
    expect(readFileSync(join(out, 'keep.png'), 'utf8')).toBe('not touched');
    // The same bytes from another working directory and spelling, and as committed.
    const other = join(work, 'other');
    const again = wopgen(['report', '--spec', '..', '--out', other], join(spec, 'facets'));
    expect(again.status).toBe(0);
    for (const f of ['spec-report.html', 'spec-report.md']) {
      const bytes = readFileSync(join(out, f), 'utf8');
      expect(readFileSync(join(other, f), 'utf8')).toBe(bytes);
      expect(readFileSync(join(projectRoot, 'docs/report', f), 'utf8')).toBe(bytes);
    }
  });

  it('refuses the spec folder, a file and a repository root, touching nothing', () => {
    const before = treeDigest(spec);
    const inSpec = wopgen(['report', '--spec', 'spec', '--out', 'spec/facets'], projectRoot);
    expect(inSpec.status).toBe(1);
    expect(inSpec.stderr).toBe(
      'wopgen: refusing to write to spec/facets: it lies inside the spec, where output would become input\n',
    );
    expect(treeDigest(spec)).toBe(before);
    const file = join(work, 'a-file');
    writeFileSync(file, 'x');
    const onFile = wopgen(['report', '--spec', spec, '--out', file], work);
    expect(onFile.status).toBe(1);
    expect(onFile.stderr).toContain('it is a file, not a directory');
    const repo = join(work, 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    const onRepo = wopgen(['report', '--spec', spec, '--out', repo], work);
    expect(onRepo.status).toBe(1);
    expect(onRepo.stderr).toContain('it is a repository root (it holds .git)');
    expect(readdirSync(repo)).toEqual(['.git']);
    for (const r of [inSpec, onFile, onRepo]) expect(r.stderr).not.toMatch(STACK_FRAME);
  });

  it('says what is wrong with its arguments (exit 2)', () => {
    const noOut = wopgen(['report', '--spec', spec], work);
    expect(noOut.status).toBe(2);
    expect(noOut.stderr).toBe(
      'wopgen report: missing --out DIR\nRun wopgen report --help for usage.\n',
    );
    const badHost = wopgen(['report', '--spec', spec, '--out', 'x', '--host', 'localhost:1'], work);
    expect(badHost.status).toBe(2);
    expect(badHost.stderr).toContain(
      '--host must be an http:// or https:// URL, not "localhost:1"',
    );
    const unknown = wopgen(['report', '--nope'], work);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe(
      'wopgen report: unknown option --nope\nRun wopgen report --help for usage.\n',
    );
    const help = wopgen(['report', '--help'], work);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: wopgen report --spec DIR --out DIR \[--host URL\]/);
    expect(wopgen(['--help'], work).stdout).toContain('wopgen report   --spec DIR --out DIR');
  });

  it('reports a spec error with its diagnostic and writes nothing (exit 1)', () => {
    const fx = new SpecFixture();
    try {
      fx.editJson('spec/interop-map.json', (m) => {
        (m['a2a'] as { errors: { jsonrpc: number }[] }).errors[1]!.jsonrpc = -32001;
      });
      const out = join(work, 'broken');
      const r = wopgen(['report', '--spec', fx.specDir, '--out', out], fx.root);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^spec\/interop-map\.json:\d+:\d+: error /m);
      expect(r.stderr).toContain('wopgen report: the spec has errors; nothing was written');
      expect(() => readdirSync(out)).toThrow();
    } finally {
      fx.dispose();
    }
  });

  it('gives up on a host it cannot read, writing nothing (exit 1), and speaks JSON', () => {
    const out = join(work, 'nohost');
    const r = wopgen(
      ['report', '--spec', spec, '--out', out, '--host', 'http://127.0.0.1:9', '--format', 'json'],
      work,
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('');
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({
      command: 'report',
      status: 'host-unreadable',
      exitCode: 1,
      host: 'http://127.0.0.1:9',
    });
    expect(doc['message']).toMatch(/^cannot read http:\/\/127\.0\.0\.1:9\/\.well-known\/openwop: /);
    expect(() => readdirSync(out)).toThrow();
  });
});
