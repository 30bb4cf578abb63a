// The servers `bench:host` drives, each started in its own process on a free loopback port so the
// load generator never shares an event loop with the server it measures.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Peer {
  name: string;
  url: string;
  proc: ChildProcess;
  /** Peak resident set of the server process so far, in MB (Linux VmHWM). */
  peakRssMb(): number | undefined;
  /** CPU seconds (user + system, every thread) the server process has used so far (Linux). */
  cpuSeconds(): number;
  /** CPU seconds of the database server it stores in, when that is a process here (PostgreSQL). */
  dbCpuSeconds?: () => number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function peakRss(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * utime + stime of /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s on Linux), and
 * with `reaped` the children it has waited for (cutime + cstime, fields 16 and 17).
 */
export function procCpuSeconds(pid: number | undefined, reaped = false): number {
  if (pid === undefined) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(f[11]) + Number(f[12]);
    return (reaped ? own + Number(f[13]) + Number(f[14]) : own) / 100;
  } catch {
    return NaN;
  }
}

/** Starts `args` with PORT set and resolves once the port answers HTTP (any status). */
export async function startPeer(
  name: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<Peer> {
  const port = await freePort();
  const proc = spawn(process.execPath, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, PORT: String(port), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out = (out + d.toString('utf8')).slice(-4000)));
  proc.stderr!.on('data', (d: Buffer) => (out = (out + d.toString('utf8')).slice(-4000)));
  let exited: number | null | undefined;
  proc.once('exit', (code) => (exited = code));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`${name} exited with ${exited}:\n${out}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${out}`);
    try {
      await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  proc.removeAllListeners('exit');
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    proc,
    peakRssMb: () => peakRss(proc.pid),
    cpuSeconds: () => procCpuSeconds(proc.pid),
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const hard = setTimeout(() => proc.kill('SIGKILL'), 5_000);
        proc.once('exit', () => {
          clearTimeout(hard);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
}

/** A TypeScript peer under bench/host/servers, through tsx's loader in the server's own process. */
export function startTsPeer(name: string, file: string): Promise<Peer> {
  return startPeer(name, ['--import', 'tsx', join(root, 'bench/host/servers', file)]);
}
