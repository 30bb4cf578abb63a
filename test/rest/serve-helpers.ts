// Spawning `wopgen serve` as a user runs it (bin/wopgen.js, so from the compiled build) and
// reading its JSON log records (stdout) and stderr.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../helpers/spec-fixture.ts';

export interface Record {
  msg: string;
  [k: string]: unknown;
}

export interface Served {
  child: ReturnType<typeof spawn>;
  /** The listening record, once the banner (and the key, when minted) is out. */
  ready: Promise<Record>;
  exited: Promise<number | null>;
  records(): Record[];
  stderr(): string;
}

const running = new Set<ReturnType<typeof spawn>>();

/** Kills every server a test started and left running (a failed assertion skips its stop). */
export function killLeftovers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export function startServe(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const child = spawn(process.execPath, [join(projectRoot, 'bin/wopgen.js'), 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: opts.cwd ?? projectRoot,
    env: { ...process.env, ...opts.env },
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let out = '';
  let err = '';
  const records = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record);
  const ready = new Promise<Record>((resolve, reject) => {
    const check = () => {
      const listening = records().find((r) => r.msg.startsWith('wopgen host listening on'));
      // A minted key is printed on stderr, another pipe: wait for it too.
      const keyDone = listening?.apiKeys !== 'minted' || /API key for tenant .*\n/.test(err);
      if (listening && keyDone) resolve(listening);
    };
    child.stdout!.on('data', (d: Buffer) => ((out += d.toString()), check()));
    child.stderr!.on('data', (d: Buffer) => ((err += d.toString()), check()));
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}${err}`)));
  });
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exited, records, stderr: () => err } satisfies Served;
}
