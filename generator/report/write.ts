// Writes the report's two files and nothing else (README "Safe output"): --out is judged like
// `generate`'s (never a file, the filesystem root, a pseudo filesystem, a repository root, the
// spec or a folder inside it), created when absent, and each file is written to a temporary name
// beside it and renamed into place, so a reader never sees half a page. Other files in --out
// (a screenshot, the other report) are left alone.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkLocation } from '../write/guard.ts';
import { ioFailure } from '../write/problem.ts';

/** The file names: the spec-only report, and the one with a host's answers. */
export function reportFileNames(withHost: boolean): { html: string; markdown: string } {
  const stem = withHost ? 'host-report' : 'spec-report';
  return { html: `${stem}.html`, markdown: `${stem}.md` };
}

/** Writes `files` (name → text) into `out`; returns the names written. Throws OutputError. */
export function writeReport(
  out: string,
  inputDirs: string[],
  files: Map<string, string>,
): string[] {
  const { real, exists } = checkLocation(out, inputDirs);
  if (!exists) {
    try {
      mkdirSync(real, { recursive: true });
    } catch (err) {
      throw ioFailure('create', out, err);
    }
  }
  const written: string[] = [];
  for (const [name, text] of files) {
    const target = join(real, name);
    const temp = join(real, `.${name}.${process.pid}.tmp`);
    try {
      writeFileSync(temp, text);
      renameSync(temp, target);
    } catch (err) {
      rmSync(temp, { force: true });
      throw ioFailure('write', target, err);
    }
    written.push(name);
  }
  return written;
}
