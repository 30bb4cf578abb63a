// The running build's identity (the effect-seam manifest's `host.build`): kind `artifact-sha256`,
// the sha256 of the runtime this process loaded — every file under its runtime/ folder (the
// sources in a checkout, the compiled build `wopgen serve` runs, dist/runtime/ of an installed
// package), each as its path and bytes in path order, then the package.json beside that folder,
// which carries the version. Computed once per process. Not `commit`: an installed package has no
// repository and a checkout may differ from its commit; not the contract's input digest, which
// names the spec, not the code. A folder named node_modules (the compiled build's copy of the
// generated package) is left out: the files are the runtime's own.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildId {
  kind: 'artifact-sha256';
  id: string;
}

/** The runtime/ folder this module was loaded from (it sits in runtime/host/). */
const RUNTIME_DIR = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE_JSON = fileURLToPath(new URL('../../package.json', import.meta.url));

/** Files under `dir` as paths relative to it with `/` separators, sorted. */
function filesOf(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const e of entries) {
    if (e.isDirectory() && e.name !== 'node_modules')
      out.push(...filesOf(join(dir, e.name), `${prefix}${e.name}/`));
    else if (e.isFile()) out.push(`${prefix}${e.name}`);
  }
  return out;
}

/** The digest of the files of `runtimeDir` and of `packageJson` (exported for its test). */
export function digestOfRuntime(runtimeDir: string, packageJson: string): string {
  const hash = createHash('sha256');
  for (const rel of filesOf(runtimeDir)) {
    hash
      .update(`runtime/${rel}\0`)
      .update(readFileSync(join(runtimeDir, rel)))
      .update('\0');
  }
  hash.update('package.json\0').update(readFileSync(packageJson));
  return hash.digest('hex');
}

let memo: BuildId | undefined;

/** This process's build, hashed on the first call (createHost makes it at start). */
export function buildId(): BuildId {
  memo ??= { kind: 'artifact-sha256', id: digestOfRuntime(RUNTIME_DIR, PACKAGE_JSON) };
  return memo;
}
