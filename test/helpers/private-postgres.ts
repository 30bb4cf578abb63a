// A PostgreSQL server of one test's own, for the tests that stop, freeze and restart their database
// (the shared server of .ci/postgres serves every other test at once and must keep answering). The
// cluster lives in a temporary folder on a free loopback port, made with the same binaries as
// .ci/postgres; when the tests run as root it belongs to the `postgres` user, as there. `freeze`
// stops the postmaster and every backend with SIGSTOP, as a stalled machine would; `thaw` resumes
// them; `stop`/`start` shut the server down and bring it back on the same port and data.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The server binaries, or undefined when PostgreSQL is not installed. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  for (const v of versions.reverse()) {
    const bin = join(root, v, 'bin');
    if (existsSync(join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The ids of `pid`'s children (the postmaster's backends and workers). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command name: state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

export interface PrivatePostgres {
  /** `postgres://wopgen@127.0.0.1:PORT/wopgen` */
  url: string;
  /** SIGSTOP the postmaster and every backend: connections stay open, nothing answers. */
  freeze(): void;
  /** SIGCONT them again (backends first, then the postmaster). */
  thaw(): void;
  /** Shut the server down (`fast`: sessions are ended, as an operator's restart does). */
  stop(): void;
  start(): void;
  destroy(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, cmd),
      asRoot ? ['-u', 'postgres', '--', join(bin, cmd), ...args] : args,
      {
        stdio: 'pipe',
      },
    );
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-private-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:', dir]);
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'wopgen', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const opts = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', opts, 'start']);
  start();
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'wopgen', 'wopgen']);
  const postmaster = () =>
    Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const signal = (pids: number[], sig: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, sig);
      } catch {
        // Gone meanwhile.
      }
    }
  };
  let stopped = false;
  const thaw = () => {
    const pm = postmaster();
    signal(childrenOf(pm), 'SIGCONT');
    signal([pm], 'SIGCONT');
  };
  return {
    url: `postgres://wopgen@127.0.0.1:${port}/wopgen`,
    freeze() {
      const pm = postmaster();
      signal([pm], 'SIGSTOP');
      signal(childrenOf(pm), 'SIGSTOP');
    },
    thaw,
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      stopped = true;
    },
    start() {
      start();
      stopped = false;
    },
    destroy() {
      try {
        if (!stopped) {
          thaw();
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
