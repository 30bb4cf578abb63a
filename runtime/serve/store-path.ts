// Checks the `sqlite:PATH` of --store before the host opens it, so a mistake names the path
// ("unable to open database file" alone does not say which file, nor why).
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Throws an Error naming the path when the database file cannot be created or opened. */
export function checkStorePath(store: string): void {
  const m = /^sqlite:(.+)$/.exec(store);
  if (!m || m[1] === ':memory:') return;
  const file = resolve(m[1]!);
  const what = `cannot open the store ${store} (${file})`;
  let isDir = false;
  let exists = true;
  try {
    isDir = statSync(file).isDirectory();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new Error(`${what}: a parent of it is a file, not a directory`);
    if (code !== 'ENOENT') throw new Error(`${what}: ${code}`);
    exists = false;
  }
  if (isDir)
    throw new Error(
      `${what}: it is a directory; give a file path, e.g. sqlite:${m[1]!.replace(/\/+$/, '')}/wopgen.db`,
    );
  try {
    if (exists) accessSync(file, constants.R_OK | constants.W_OK);
    else {
      makeDirs(dirname(file));
      accessSync(dirname(file), constants.W_OK);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const where = exists ? 'the file' : `its directory ${dirname(file)}`;
    throw new Error(`${what}: ${where} cannot be created or written (${code})`);
  }
}

/**
 * `mkdir -p` one level at a time: node's recursive mkdir spins forever where mkdir answers ENOENT
 * under a parent that exists (/proc); here that is an error like any other.
 */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    try {
      statSync(d);
      break;
    } catch {
      if (dirname(d) === d) break;
      missing.unshift(d);
    }
  }
  for (const d of missing) mkdirSync(d);
}
