// `generate --watch`: regenerates on a real change of an input file, prints the diagnostics of a
// broken intermediate state and keeps waiting, and ends on SIGINT with exit 0. A file replaced by
// rename (an editor's atomic save, `sed -i`, `git checkout`) is followed as well as one written in
// place, however often it is replaced. Every wait is bounded.
import { spawn } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { SpecFixture } from '../helpers/spec-fixture.ts';
import { bin } from './cli-run.ts';

interface Line {
  status: string;
  exitCode: number;
  diagnostics: { code: string; file: string }[];
  files?: { written: string[] };
}

/** `wopgen generate --watch --format json` in the fixture: its JSON lines, one per generation. */
function watchIn(fx: SpecFixture) {
  const child = spawn(
    process.execPath,
    [bin, 'generate', '--spec', 'spec', '--out', 'generated', '--watch', '--format', 'json'],
    { cwd: fx.root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const lines: Line[] = [];
  const waiters: (() => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (l) => {
    lines.push(JSON.parse(l) as Line);
    waiters.splice(0).forEach((w) => w());
  });
  /** The `count`th line, once printed. */
  const next = async (count: number): Promise<Line> => {
    const deadline = Date.now() + 30_000;
    while (lines.length < count) {
      if (Date.now() > deadline) throw new Error(`no JSON line ${count}; stderr:\n${stderr}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 500);
      });
    }
    return lines[count - 1]!;
  };
  /** SIGINT, and the exit code (or 'still running' after 10 s). */
  const interrupt = async () => {
    child.kill('SIGINT');
    return Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 10_000))]);
  };
  return { next, interrupt, lines, stderr: () => stderr, kill: () => child.kill('SIGKILL') };
}

describe('wopgen generate --watch', () => {
  const fx = new SpecFixture();
  afterAll(() => fx.dispose());

  it('regenerates on change, survives a broken state, and ends on SIGINT', async () => {
    const { next, interrupt, kill, stderr } = watchIn(fx);
    try {
      expect((await next(1)).status).toBe('generated');
      // A real edit of an input: every header's digest changes.
      const errors = fx.read('spec/errors.json');
      fx.write('spec/errors.json', errors.replace(/\n$/, '\n\n'));
      const second = await next(2);
      expect(second.status).toBe('generated');
      expect(second.files!.written).toContain('a2a/operations.ts');
      // A broken intermediate state: diagnostics, nothing written, still watching.
      const map = fx.read('spec/interop-map.json');
      fx.write('spec/interop-map.json', map.slice(0, map.length / 2));
      const broken = await next(3);
      expect(broken.status).toBe('spec-errors');
      expect(broken.diagnostics[0]).toMatchObject({
        code: 'syntax-error',
        file: 'spec/interop-map.json',
      });
      // Restored to what the last generation read: up to date again.
      fx.write('spec/interop-map.json', map);
      expect((await next(4)).status).toBe('up-to-date');
      expect(await interrupt()).toBe(0);
      expect(stderr()).toBe('');
    } finally {
      kill();
    }
  }, 120_000);

  it('follows a file replaced by rename, three times over, then written in place', async () => {
    const replaced = new SpecFixture();
    const { next, interrupt, kill, lines, stderr } = watchIn(replaced);
    const file = 'spec/errors.json';
    const original = replaced.read(file);
    try {
      expect((await next(1)).status).toBe('generated');
      // What an editor's atomic save, `sed -i` and `git checkout` do: a new file renamed over it.
      for (let i = 1; i <= 3; i++) {
        writeFileSync(replaced.path(`${file}.tmp`), original + '\n'.repeat(i));
        renameSync(replaced.path(`${file}.tmp`), replaced.path(file));
        const line = await next(1 + i);
        expect(line.status).toBe('generated');
        expect(line.files!.written).toContain('manifest.json');
      }
      // And a plain write into the file that replaced it.
      replaced.write(file, original + '\n'.repeat(4));
      expect((await next(5)).status).toBe('generated');
      expect(lines).toHaveLength(5);
      expect(await interrupt()).toBe(0);
      expect(stderr()).toBe('');
    } finally {
      kill();
      replaced.dispose();
    }
  }, 180_000);
});
