// Running npm, node and tsc as a user would, for the package tests: `npm pack` of this checkout
// and installs of the tarball into temporary projects (from npm's cache where it holds the
// packages: the registry is the only network this needs).
import { execFile, execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (never throws on a non-zero exit: the test reads `code`). */
export function run(
  cmd: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export interface Packed {
  tarball: string;
  files: string[];
}

/**
 * One `npm pack` per test run, shared by the test files of this folder: they run in parallel
 * worker processes, and two packs at once would rebuild dist/ under each other. The first to
 * create the lock folder (keyed by the vitest process, the workers' parent) packs and records
 * the result there; the others wait for that record.
 */
export async function sharedTarball(): Promise<Packed> {
  const lock = join(tmpdir(), `wopgen-pack-${process.ppid}.lock`);
  const result = join(lock, 'result.json');
  try {
    mkdirSync(lock);
  } catch {
    while (!existsSync(result)) await new Promise((r) => setTimeout(r, 500));
    const recorded = readJson<Packed | { error: string }>(result);
    if ('error' in recorded) throw new Error(recorded.error);
    return recorded;
  }
  try {
    const packed = await packTarball();
    writeFileSync(result, JSON.stringify(packed));
    return packed;
  } catch (err) {
    writeFileSync(result, JSON.stringify({ error: String(err) }));
    throw err;
  }
}

/** `npm pack` of this checkout (its prepack builds dist/) into a new temporary folder. */
export async function packTarball(): Promise<Packed> {
  const dest = mkdtempSync(join(tmpdir(), 'wopgen-pack-'));
  const r = await run('npm', ['pack', '--json', '--pack-destination', dest], REPO);
  if (r.code !== 0) throw new Error(`npm pack failed (${r.code}):\n${r.stderr}`);
  const [info] = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as {
    filename: string;
    files: { path: string }[];
  }[];
  return { tarball: join(dest, info!.filename), files: info!.files.map((f) => f.path) };
}

/**
 * A clone of this checkout as a user has it after `git clone` and `npm ci`: every file git tracks
 * or would track (as the working tree holds it, edits included) copied into `<temp>/wopgen/`, and
 * this checkout's node_modules linked in (an install is what `npm ci` would make of the same lock
 * file). The parent folder is the clone's alone, for the projects a README puts beside it.
 */
export function cloneCheckout(): string {
  const clone = join(mkdtempSync(join(tmpdir(), 'wopgen-clone-')), 'wopgen');
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: REPO,
      encoding: 'utf8',
    },
  );
  for (const rel of listed.split('\0').filter(Boolean)) {
    // A file deleted in the working tree is still listed as tracked.
    if (!existsSync(join(REPO, rel))) continue;
    mkdirSync(dirname(join(clone, rel)), { recursive: true });
    copyFileSync(join(REPO, rel), join(clone, rel));
  }
  symlinkSync(join(REPO, 'node_modules'), join(clone, 'node_modules'), 'dir');
  return clone;
}

/** A new temporary project folder holding a package.json. */
export function tempProject(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `wopgen-${prefix}-`));
}

/** `npm install` with what the machine's npm cache holds first; no audit, no funding notes. */
export function npmInstall(
  cwd: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<Ran> {
  return run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...args], cwd, env);
}

/**
 * better-sqlite3's install script (prebuild-install) downloads a prebuilt binary, which this
 * machine cannot (only the package registry is reachable), and then compiles SQLite, which takes
 * many minutes on a loaded machine. prebuild-install also takes a prebuild from a local folder:
 * this offers it the binary of this checkout's own install, packed as the prebuild of that version
 * for this Node ABI. A project resolving another version compiles as before.
 */
export function localPrebuilds(): NodeJS.ProcessEnv {
  const pkgDir = join(REPO, 'node_modules/better-sqlite3');
  const { version } = readJson<{ version: string }>(join(pkgDir, 'package.json'));
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-prebuilds-'));
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', join(dir, name), '-C', pkgDir, 'build/Release/better_sqlite3.node']);
  return { npm_config_better_sqlite3_local_prebuilds: dir };
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}
