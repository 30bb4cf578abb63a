// Helpers of the CLI tests: run the real `wopgen` binary, and fingerprint a folder tree (every
// path, kind, mode and byte) so a test can prove a refusal touched nothing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../helpers/spec-fixture.ts';

export const bin = join(projectRoot, 'bin/wopgen.js');

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs bin/wopgen.js; color is off unless `env` says otherwise (undefined removes a variable). */
export function wopgen(
  args: string[],
  cwd: string,
  env: Record<string, string | undefined> = {},
  timeoutMs = 180_000,
): Ran {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NO_COLOR: '',
    FORCE_COLOR: '0',
    ...env,
  };
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k];
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: merged,
    timeout: timeoutMs,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A digest of everything under `dir`: paths, kinds, modes, link targets and contents. */
export function treeDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const p = join(dir, rel, name);
      const st = lstatSync(p);
      hash.update(`${join(rel, name)}\0${st.mode}\0`);
      if (st.isDirectory()) walk(join(rel, name));
      else if (st.isSymbolicLink()) hash.update(readlinkSync(p));
      else hash.update(readFileSync(p));
    }
  };
  walk('');
  return hash.digest('hex');
}

/** A Node stack frame in output means a crash surfaced instead of a diagnostic. */
export const STACK_FRAME = /^\s+at .+[:(]/m;
