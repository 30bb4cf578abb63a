// Safe output: `generate --out` writes only into a folder that is absent, empty or
// wopgen's own, replaces and removes only what its previous manifest lists, refuses anything else
// touching nothing, and reports I/O failures as diagnostics with exit code 4 (real filesystem:
// temp folders, and tmpfs mounts for read-only and full devices when the test may mount).
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../generator/write.ts';
import { SpecFixture } from '../helpers/spec-fixture.ts';
import { STACK_FRAME, treeDigest, wopgen, type Ran } from './cli-run.ts';
import { describeIf, type Requirement } from '../helpers/requires.ts';

const gen = (out: string, cwd: string, ...more: string[]) =>
  wopgen(['generate', '--spec', 'spec', '--out', out, ...more], cwd);

function expectRefused(r: Ran, reason: RegExp): void {
  expect(r.status, r.stderr).toBe(1);
  expect(r.stderr).toMatch(/^wopgen: refusing to write to /m);
  expect(r.stderr).toMatch(reason);
  expect(r.stderr).not.toMatch(STACK_FRAME);
  expect(r.stdout).toBe('');
}

function expectIoError(r: Ran, errno: string): void {
  expect(r.status, r.stderr).toBe(4);
  expect(r.stderr).toMatch(new RegExp(`^wopgen: cannot \\w+ .*\\(${errno}\\)$`, 'm'));
  expect(r.stderr).not.toMatch(STACK_FRAME);
}

describe('wopgen generate --out: refusals touch nothing', () => {
  const fx = new SpecFixture();
  afterAll(() => fx.dispose());

  it('refuses a non-empty folder that holds no wopgen manifest', () => {
    const app = fx.path('my-app');
    mkdirSync(join(app, 'src'), { recursive: true });
    writeFileSync(join(app, 'package.json'), '{"name":"my-app"}\n');
    writeFileSync(join(app, 'src/index.ts'), 'export const x = 1;\n');
    const before = treeDigest(fx.root);
    expectRefused(
      gen('my-app', fx.root),
      /not empty and holds no wopgen manifest\.json \(package\.json, src\/index\.ts\)/,
    );
    expect(treeDigest(fx.root)).toBe(before);
  });

  it('refuses a file', () => {
    fx.write('README.md', '# mine\n');
    const before = treeDigest(fx.root);
    expectRefused(gen('README.md', fx.root), /README\.md: it is a file, not a directory/);
    expect(treeDigest(fx.root)).toBe(before);
  });

  it('refuses a repository root, even one holding only .git', () => {
    const repo = mkdtempSync(join(tmpdir(), 'wopgen-repo-'));
    try {
      expect(spawnSync('git', ['init', '-q', repo]).status).toBe(0);
      const before = treeDigest(repo);
      expectRefused(gen(repo, fx.root), /it is a repository root \(it holds \.git\)/);
      expect(treeDigest(repo)).toBe(before);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('refuses the spec folder, a folder holding it, and a folder inside it', () => {
    const before = treeDigest(fx.root);
    expectRefused(gen('spec', fx.root), /it holds the spec \(\.\)/);
    expectRefused(gen('.', fx.root), /it holds the spec \(s(pec|chemas)\)/);
    expectRefused(gen('spec/generated', fx.root), /inside the spec/);
    expectRefused(gen('schemas/out', fx.root), /inside the spec/);
    expect(treeDigest(fx.root)).toBe(before);
  });

  it('refuses / and pseudo filesystems at once', () => {
    expectRefused(gen('/', fx.root), /it is the filesystem root/);
    for (const p of ['/proc/wopgen-out', '/proc/self', '/sys/kernel/wopgen', '/dev/shm/wopgen'])
      expectRefused(gen(p, fx.root), /it is not on a regular filesystem/);
    expect(existsSync('/dev/shm/wopgen')).toBe(false);
  });

  it('refuses a manifest.json that wopgen did not write, or one naming paths outside', () => {
    const other = fx.path('other');
    mkdirSync(other);
    writeFileSync(join(other, 'manifest.json'), '{"name":"something else"}\n');
    expectRefused(gen('other', fx.root), /its manifest\.json was not written by wopgen/);
    const sneaky = fx.path('sneaky');
    mkdirSync(sneaky);
    writeFileSync(join(fx.root, 'victim.txt'), 'keep me\n');
    writeFileSync(
      join(sneaky, 'manifest.json'),
      JSON.stringify({ generator: { name: 'wopgen' }, outputs: [{ file: '../victim.txt' }] }),
    );
    const before = treeDigest(fx.root);
    expectRefused(gen('sneaky', fx.root), /its manifest\.json was not written by wopgen/);
    expect(treeDigest(fx.root)).toBe(before);
  });

  it('lists a symbolic link as a foreign file and never follows it', () => {
    const out = fx.path('linked');
    mkdirSync(out);
    symlinkSync(fx.path('spec'), join(out, 'spec-link'));
    const before = treeDigest(fx.root);
    expectRefused(gen('linked', fx.root), /\(spec-link\)/);
    expect(treeDigest(fx.root)).toBe(before);
  });
});

describe('wopgen generate --out: ownership across generations', () => {
  const fx = new SpecFixture();
  afterAll(() => fx.dispose());

  beforeAll(() => {
    expect(gen('generated', fx.root).status).toBe(0);
  });

  it('removes the previous generation’s files its manifest lists and this one does not produce', () => {
    const out = fx.path('generated');
    // A previous generation that also wrote old/gone.ts (as if a spec row had since been removed).
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      outputs: { file: string; sha256: string }[];
    };
    manifest.outputs.push({ file: 'old/gone.ts', sha256: '0'.repeat(64) });
    writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    mkdirSync(join(out, 'old'));
    writeFileSync(join(out, 'old/gone.ts'), 'export {};\n');
    const r = gen('generated', fx.root);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^wopgen: wrote 1 of 95 files to generated \(94 unchanged\), removed 1 in \d+/m,
    );
    expect(existsSync(join(out, 'old'))).toBe(false);
    expect(wopgen(['check', '--spec', 'spec', '--out', 'generated'], fx.root).status).toBe(0);
  });

  it('refuses when a user’s stray file sits among the generated ones, touching nothing', () => {
    const out = fx.path('generated');
    writeFileSync(join(out, 'a2a/notes.md'), 'my notes\n');
    fx.write('spec/errors.json', fx.read('spec/errors.json') + '\n');
    const before = treeDigest(out);
    expectRefused(
      gen('generated', fx.root),
      /it holds files the last generation did not write \(a2a\/notes\.md\); move them elsewhere/,
    );
    expect(treeDigest(out)).toBe(before);
    rmSync(join(out, 'a2a/notes.md'));
    expect(gen('generated', fx.root).status).toBe(0);
  });

  it('recovers after a write killed mid-way: its staging folder and moved files are wopgen’s', () => {
    const out = fx.path('generated');
    // A pid no process has (above the kernel's pid_max), as after a kill.
    const staging = join(out, '.wopgen-staging-99999999-x');
    mkdirSync(join(staging, 'new'), { recursive: true });
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      outputs: { file: string }[];
    };
    m.outputs.push({ file: 'moved-before-the-kill.ts' });
    writeFileSync(join(staging, 'new/manifest.json'), JSON.stringify(m));
    writeFileSync(join(out, 'moved-before-the-kill.ts'), 'export {};\n');
    const r = gen('generated', fx.root, '--force');
    expect(r.status, r.stderr).toBe(0);
    expect(listFiles(out)).not.toContain('moved-before-the-kill.ts');
    expect(existsSync(staging)).toBe(false);
  });
});

it('refuses a folder another running wopgen is writing to', () => {
  const fx = new SpecFixture();
  try {
    const out = fx.path('generated');
    // This test process stands in for the other writer: its staging folder is not a leftover.
    mkdirSync(join(out, `.wopgen-staging-${process.pid}-x/new`), { recursive: true });
    const before = treeDigest(out);
    expectRefused(
      gen('generated', fx.root),
      new RegExp(`another wopgen \\(pid ${process.pid}\\) is writing to it`),
    );
    expect(treeDigest(out)).toBe(before);
  } finally {
    fx.dispose();
  }
});

describe('wopgen generate --out: I/O failures are diagnostics with exit code 4', () => {
  const fx = new SpecFixture();
  afterAll(() => fx.dispose());

  it('ENOTDIR: a path below a file', () => {
    fx.write('plain.txt', 'x\n');
    const before = treeDigest(fx.root);
    expectIoError(gen('plain.txt/out', fx.root), 'ENOTDIR');
    expect(treeDigest(fx.root)).toBe(before);
    const json = wopgen(
      ['generate', '--spec', 'spec', '--out', 'plain.txt/out', '--format', 'json'],
      fx.root,
    );
    expect(json.status).toBe(4);
    const doc = JSON.parse(json.stdout) as {
      status: string;
      exitCode: number;
      diagnostics: unknown[];
    };
    expect(doc.status).toBe('io-error');
    expect(doc.exitCode).toBe(4);
    expect(doc.diagnostics).toEqual([
      expect.objectContaining({ code: 'output-io-error', severity: 'error', errno: 'ENOTDIR' }),
    ]);
  });

  it('ENAMETOOLONG: a folder name the filesystem cannot hold', () => {
    expectIoError(gen('n'.repeat(300), fx.root), 'ENAMETOOLONG');
  });

  it('ELOOP: a symbolic link loop', () => {
    symlinkSync('loop', fx.path('loop'));
    expectIoError(gen('loop/out', fx.root), 'ELOOP');
  });
});

/** Mounts a tmpfs for the test (the suite runs as root); undefined where mounting is not allowed. */
function tmpfs(options: string): { dir: string; dispose: () => void } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-mnt-'));
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]).status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    dispose: () => {
      spawnSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const TMPFS: Requirement = {
  what: 'tmpfs mounts',
  available: (() => {
    const m = tmpfs('size=4k');
    m?.dispose();
    return m !== undefined;
  })(),
  missing: 'this process cannot mount a tmpfs',
  enable: 'run the tests as root (mount needs CAP_SYS_ADMIN)',
};

describeIf(TMPFS)('wopgen generate --out on real devices (tmpfs mounts)', () => {
  const fx = new SpecFixture();
  afterAll(() => fx.dispose());

  it('EROFS: a read-only filesystem', () => {
    const m = tmpfs('ro,size=64k')!;
    try {
      expectIoError(gen(join(m.dir, 'out'), fx.root), 'EROFS');
    } finally {
      m.dispose();
    }
  });

  it('ENOSPC while staging leaves the previous generation whole', () => {
    // Room for one generation (about 1.2 MB with dist/) but not for a second staged beside it.
    const m = tmpfs('size=1700k')!;
    try {
      const out = join(m.dir, 'out');
      expect(gen(out, fx.root).status).toBe(0);
      const before = treeDigest(m.dir);
      // A changed input changes every header's digest: every file is rewritten, and the staged
      // copies do not fit beside the current ones.
      fx.write('spec/errors.json', fx.read('spec/errors.json') + '\n');
      expectIoError(gen(out, fx.root), 'ENOSPC');
      expect(treeDigest(m.dir)).toBe(before);
    } finally {
      m.dispose();
    }
  });
});
