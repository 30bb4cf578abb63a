// The `*.json` files of an operator's directory (the `--workflows` folder, the MCP catalogue), with
// symbolic links held to the directory (a catalogue link to a file elsewhere was
// read, and start-up printed that file's first line in its parse error). A link whose target lies
// inside the directory is read like the file it names; one that leaves the directory, dangles or
// names something other than a regular file is refused by its own name and never opened.
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

export interface JsonFiles {
  /** Readable files, in name order (the path under `dir`, not the link's target). */
  files: string[];
  /** Entries refused without being read, each with why. */
  refused: { path: string; why: string }[];
}

/** Lists `dir` (not recursive); throws when the directory itself cannot be read. */
export function jsonFilesIn(dir: string): JsonFiles {
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const root = realpathSync(dir);
  const out: JsonFiles = { files: [], refused: [] };
  for (const name of names) {
    const path = join(dir, name);
    const why = problemOf(path, root);
    if (why) out.refused.push({ path, why });
    else out.files.push(path);
  }
  return out;
}

function problemOf(path: string, root: string): string | undefined {
  try {
    if (lstatSync(path).isSymbolicLink()) {
      const target = realpathSync(path);
      if (!target.startsWith(root + sep)) return 'is a link to a file outside the directory';
    }
    return statSync(path).isFile() ? undefined : 'is not a regular file';
  } catch (err) {
    return `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
  }
}
