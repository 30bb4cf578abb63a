// Where `generate` may write: only inside a folder that is absent, empty, or holds a
// manifest.json wopgen wrote, and there only over the files that manifest lists. Everything else
// is refused before a byte is touched: a file, the filesystem root, a pseudo filesystem (/proc,
// /sys, /dev), a repository root, the spec or a folder holding it, and a folder with foreign files.
import { lstatSync, readdirSync, readFileSync, realpathSync, statfsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { ioFailure, refusal } from './problem.ts';

/** Staging folders a write leaves inside the output only when it was killed mid-way. */
export const STAGING_PREFIX = '.wopgen-staging-';

export interface OutputPlan {
  /** The output folder with symbolic links resolved. */
  dir: string;
  exists: boolean;
  /** Files (posix, relative to `dir`) a previous generation wrote: replaceable and removable. */
  owned: Set<string>;
  /** Staging folders of an interrupted write, removed by the next one. */
  leftovers: string[];
}

/** Pseudo filesystems (statfs f_type) that are never a place for a package. */
const PSEUDO_FS = new Set([
  0x9fa0, // proc
  0x62656572, // sysfs
  0x27e0eb, // cgroup
  0x63677270, // cgroup2
  0x64626720, // debugfs
  0x74726163, // tracefs
  0x73636673, // securityfs
  0x1cd1, // devpts
  0xcafe4a11, // bpf
  0x62656570, // configfs
  0x6165676c, // pstore
]);
const PSEUDO_ROOTS = ['/proc', '/sys', '/dev'];

/**
 * The real path of `path`, following symbolic links of the part that exists (so a spelling
 * through a link or `..` names the same folder), and whether the path itself exists.
 */
export function realPath(path: string): { real: string; exists: boolean } {
  const rest: string[] = [];
  const full = resolve(path);
  let at = full;
  for (;;) {
    try {
      const real = realpathSync(at);
      return { real: rest.length ? join(real, ...rest.reverse()) : real, exists: at === full };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at)
        throw ioFailure('resolve', path, err);
      rest.push(basename(at));
      at = dirname(at);
    }
  }
}

function within(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/** The checks that need no listing: what kind of place `out` is. `check` runs these too. */
export function checkLocation(out: string, inputDirs: string[]): { real: string; exists: boolean } {
  const { real, exists } = realPath(out);
  if (dirname(real) === real) throw refusal(out, 'it is the filesystem root');
  if (PSEUDO_ROOTS.some((p) => within(real, p)) || onPseudoFs(real, exists))
    throw refusal(out, 'it is not on a regular filesystem');
  if (exists && !stat(real, out).isDirectory()) throw refusal(out, 'it is a file, not a directory');
  for (const input of inputDirs) {
    const { real: inputReal } = realPath(input);
    if (within(inputReal, real))
      throw refusal(out, `it holds the spec (${relative(real, inputReal) || '.'})`);
    if (within(real, inputReal))
      throw refusal(out, 'it lies inside the spec, where output would become input');
  }
  if (exists && entries(real, out).includes('.git'))
    throw refusal(out, 'it is a repository root (it holds .git)');
  return { real, exists };
}

function onPseudoFs(real: string, exists: boolean): boolean {
  let at = real;
  if (!exists) while (dirname(at) !== at && !present(at)) at = dirname(at);
  try {
    return PSEUDO_FS.has(Number(statfsSync(at).type));
  } catch {
    return false;
  }
}

/** Whether another process with this id runs (its staging folder is then not a leftover). */
function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether anything (a link included, unfollowed) exists at `p`. */
export function present(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

function stat(real: string, shown: string) {
  try {
    return lstatSync(real);
  } catch (err) {
    throw ioFailure('read', shown, err);
  }
}

function entries(dir: string, shown: string): string[] {
  try {
    return readdirSync(dir);
  } catch (err) {
    throw ioFailure('read', shown, err);
  }
}

/** Everything `generate` needs to know before writing: refuses or returns the plan. */
export function planOutput(out: string, inputDirs: string[]): OutputPlan {
  const { real, exists } = checkLocation(out, inputDirs);
  const plan: OutputPlan = { dir: real, exists, owned: new Set(), leftovers: [] };
  if (!exists) return plan;
  const top = entries(real, out);
  if (top.length === 0) return plan;
  const manifestFiles = top.includes('manifest.json') ? readOwnManifest(real, out) : null;
  for (const name of top.filter((n) => n.startsWith(STAGING_PREFIX))) {
    const pid = Number(/^\d+/.exec(name.slice(STAGING_PREFIX.length))?.[0]);
    if (alive(pid)) throw refusal(out, `another wopgen (pid ${pid}) is writing to it`);
    plan.leftovers.push(name);
    // An interrupted write's new manifest names files it may already have moved into place.
    for (const f of readOwnManifest(join(real, name, 'new'), out, true) ?? []) plan.owned.add(f);
  }
  for (const f of manifestFiles ?? []) plan.owned.add(f);
  if (manifestFiles) plan.owned.add('manifest.json');
  const foreign = foreignFiles(real, out, plan.owned);
  if (foreign.length > 0) {
    const shown = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? ', …' : '');
    throw refusal(
      out,
      manifestFiles
        ? `it holds files the last generation did not write (${shown}); move them elsewhere`
        : `it is not empty and holds no wopgen manifest.json (${shown}); choose a new or empty folder`,
    );
  }
  return plan;
}

/** Files under `dir` that are not `owned`, up to a handful (the first few make the message). */
function foreignFiles(dir: string, shown: string, owned: Set<string>, max = 4): string[] {
  const found: string[] = [];
  const walk = (rel: string) => {
    for (const name of entries(join(dir, rel), shown).sort()) {
      if (found.length >= max) return;
      const p = rel ? `${rel}/${name}` : name;
      if (!rel && name.startsWith(STAGING_PREFIX)) continue;
      // Symbolic links are never followed: a link is a foreign file unless the manifest lists it.
      const st = stat(join(dir, p), shown);
      if (st.isDirectory()) walk(p);
      else if (!owned.has(p)) found.push(p);
    }
  };
  walk('');
  return found;
}

/**
 * The outputs a manifest.json lists when wopgen wrote it (its generator name and a well-formed
 * outputs list of relative paths), or a refusal naming why it is not ours.
 */
function readOwnManifest(dir: string, shown: string, quiet = false): string[] | null {
  const path = join(dir, 'manifest.json');
  let text: string;
  try {
    if (!lstatSync(path).isFile()) throw new Error('not a file');
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if (quiet) return null;
    throw (err as NodeJS.ErrnoException).code
      ? ioFailure('read', path, err)
      : refusal(shown, 'its manifest.json is not a file wopgen wrote');
  }
  const files = ownedOutputs(text);
  if (!files && !quiet) throw refusal(shown, 'its manifest.json was not written by wopgen');
  return files;
}

/** The output list of a wopgen manifest, or null when the text is not one. */
export function ownedOutputs(text: string): string[] | null {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return null;
  }
  const rec = m as { generator?: { name?: unknown }; outputs?: unknown };
  if (rec?.generator?.name !== 'wopgen' || !Array.isArray(rec.outputs)) return null;
  const files: string[] = [];
  for (const o of rec.outputs as { file?: unknown }[]) {
    if (typeof o?.file !== 'string' || !safeRelative(o.file)) return null;
    files.push(o.file);
  }
  return files;
}

/** A manifest may name only plain relative paths below the output: no `..`, no absolute path. */
function safeRelative(p: string): boolean {
  return (
    p.length > 0 &&
    !p.startsWith('/') &&
    !p.includes('\\') &&
    !p.includes('\0') &&
    p.split('/').every((s) => s !== '' && s !== '.' && s !== '..')
  );
}
