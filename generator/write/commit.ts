// Writes one generation into a folder `planOutput` accepted, touching only files wopgen owns.
// Every file is first written to a staging folder inside the output (same filesystem, so each
// move is an atomic rename); only then are files moved into place, the old ones kept aside, and
// manifest.json last. A failure before that leaves the folder as it was; a failure while moving
// puts every moved file back. A process killed mid-way leaves its staging folder, whose manifest
// lets the next run recognise (and replace) what it had moved.
import { lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { present, STAGING_PREFIX, type OutputPlan } from './guard.ts';
import { ioFailure } from './problem.ts';
import { sameText, writeText } from './file-text.ts';
import type { OutputText } from '../emit/support/output-text.ts';

export interface WriteReport {
  /** Files whose bytes changed or that are new. */
  written: string[];
  /** Files of the previous generation this one no longer produces. */
  removed: string[];
}

interface Move {
  from: string;
  to: string;
}

export interface WriteOptions {
  /**
   * How the staging folder goes once the files are in place (it then holds the replaced files):
   * removed before returning unless a caller takes it (write/deferred.ts).
   */
  removeStaging?: (path: string) => void;
  /** The texts as header and rest (emit/support/output-text.ts), where the generation has them. */
  parts?: ReadonlyMap<string, OutputText>;
}

export function writeGeneration(
  plan: OutputPlan,
  files: Map<string, string>,
  { removeStaging = bestEffortRemove, parts }: WriteOptions = {},
): WriteReport {
  const dir = plan.dir;
  const makeDir = dirMaker();
  attempt('create', dir, () => makeDir(dir));
  for (const name of plan.leftovers)
    attempt('remove', join(dir, name), () => rmSync(join(dir, name), { recursive: true }));
  const staging = join(dir, `${STAGING_PREFIX}${process.pid}-${Date.now().toString(36)}`);
  const report: WriteReport = { written: [], removed: [] };
  let keepStaging = false;
  let swapped = false;
  try {
    for (const [path, text] of files) {
      const t = parts?.get(path);
      if (plan.owned.has(path) && sameText(join(dir, path), text, t)) continue;
      const target = join(staging, 'new', path);
      attempt('write', target, () => {
        makeDir(dirname(target));
        writeText(target, text, t);
      });
      report.written.push(path);
    }
    report.removed = [...plan.owned].filter((f) => !files.has(f) && present(join(dir, f))).sort();
    swap(dir, staging, report, makeDir, () => (keepStaging = true));
    swapped = true;
  } finally {
    // Best effort: a staging folder left behind is recognised and removed by the next run.
    if (!keepStaging) (swapped ? removeStaging : bestEffortRemove)(staging);
  }
  return report;
}

/** Moves the staged files into place, manifest.json last; undoes every move on a failure. */
function swap(
  dir: string,
  staging: string,
  report: WriteReport,
  makeDir: (path: string) => void,
  stranded: () => void,
): void {
  const done: Move[] = [];
  const move = (from: string, to: string) => {
    attempt('write', to, () => {
      makeDir(dirname(to));
      renameSync(from, to);
    });
    done.push({ from, to });
  };
  const aside = (path: string) => {
    if (present(join(dir, path))) move(join(dir, path), join(staging, 'old', path));
  };
  try {
    for (const path of report.removed) aside(path);
    for (const path of report.removed) pruneEmpty(dir, dirname(path));
    const ordered = [...report.written.filter((f) => f !== 'manifest.json'), 'manifest.json'];
    for (const path of ordered) {
      if (!report.written.includes(path)) continue;
      aside(path);
      move(join(staging, 'new', path), join(dir, path));
    }
  } catch (err) {
    for (const m of done.reverse()) {
      try {
        makeDir(dirname(m.from));
        renameSync(m.to, m.from);
      } catch {
        // The staging folder keeps what could not go back; the next run recognises it.
        stranded();
      }
    }
    throw err;
  }
}

function attempt(doing: string, path: string, run: () => void): void {
  try {
    run();
  } catch (err) {
    throw ioFailure(doing, path, err);
  }
}

/** Removes folders a removed file leaves empty, up to (not including) the output folder. */
function pruneEmpty(dir: string, rel: string): void {
  for (let at = rel; at !== '.' && at !== ''; at = dirname(at)) {
    const p = join(dir, at);
    try {
      if (readdirSync(p).length > 0) return;
      rmdirSync(p);
    } catch {
      return;
    }
  }
}

function bestEffortRemove(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // Left for the next run, which removes staging folders before writing.
  }
}

/**
 * `mkdir -p` that reports the real cause: Node's recursive mkdir says ENOENT where the kernel
 * said EROFS or EACCES, so each level is made on its own.
 */
function makeDir(path: string): void {
  try {
    mkdirSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && lstatSync(path).isDirectory()) return;
    if (code !== 'ENOENT' || dirname(path) === path) throw err;
    makeDir(dirname(path));
    mkdirSync(path);
  }
}

/**
 * `makeDir` that skips folders it has made or found during one write: each file's folder was
 * asked for again, and each ask of an existing one cost a failed mkdir (an exception) and a stat.
 */
function dirMaker(): (path: string) => void {
  const made = new Set<string>();
  return (path) => {
    if (made.has(path)) return;
    makeDir(path);
    made.add(path);
  };
}
