// Watching input folders for `generate --watch`: one non-recursive watch per folder of each tree,
// never a watch on a file. A file watch follows the file's inode, so once an editor's atomic save,
// `sed -i` or `git checkout` replaces the file by rename it watches the replaced file and sees no
// later edit (Node's recursive watch on Linux watches files that way). A folder's watch sees every
// write, creation and rename inside it whatever inode its entries have. Folders created later are
// watched as they appear.
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

export interface FolderWatch {
  close(): void;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Calls `changed` on any change under `roots`; `failed` when a root folder disappears or a watch
 * fails (a watched tree that is gone cannot say when the spec changes again).
 */
export function watchFolders(
  roots: readonly string[],
  changed: () => void,
  failed: () => void,
): FolderWatch {
  const watchers = new Map<string, FSWatcher>();
  let closed = false;
  const add = (dir: string, root: boolean): void => {
    if (closed || watchers.has(dir) || !isFolder(dir)) return;
    const w = watch(dir, (_event, name) => {
      if (root && !isFolder(dir)) return failed();
      // A folder that appeared (made, or moved in) is watched with everything in it.
      if (name) add(join(dir, name.toString()), false);
      // A watched subfolder that is gone ends its own watch; the change is seen all the same.
      if (!root && !isFolder(dir)) {
        w.close();
        watchers.delete(dir);
      }
      changed();
    });
    w.on('error', () => {
      if (root) return failed();
      w.close();
      watchers.delete(dir);
    });
    watchers.set(dir, w);
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) add(join(dir, entry.name), false);
  };
  for (const root of roots) add(root, true);
  return {
    close() {
      closed = true;
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
