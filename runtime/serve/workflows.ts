// `--workflows DIR`: the operator's own workflow definitions (every DIR/*.json), served next to the
// reference pack without editing the checkout. Every bad file is reported (one line each), and an
// id that is already taken names both files.
import { resolve } from 'node:path';
import { jsonFilesIn, type JsonFiles } from '../util/json-files.ts';
import { readJsonFile } from './read-json.ts';
import {
  createRegistry,
  parseDefinition,
  referencePack,
  type WorkflowDefinition,
  type WorkflowRegistry,
} from '../core/reference/index.ts';

export class WorkflowLoadError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'WorkflowLoadError';
  }
}

/** The reference pack plus every definition in `dir`; throws WorkflowLoadError listing every bad file. */
export function registryWithDir(dir: string): WorkflowRegistry {
  const root = resolve(dir);
  let listed: JsonFiles;
  try {
    listed = jsonFilesIn(root);
  } catch (err) {
    throw new WorkflowLoadError([
      `--workflows ${dir}: cannot read the directory (${(err as NodeJS.ErrnoException).code})`,
    ]);
  }
  const pack = referencePack().list();
  const taken = new Map(pack.map((d) => [d.id, 'the reference pack']));
  const problems = listed.refused.map((r) => `${r.path}: ${r.why}`);
  const extra: WorkflowDefinition[] = [];
  for (const path of listed.files) {
    try {
      const d = parseDefinition(readJsonFile(path), path);
      const other = taken.get(d.id);
      if (other) throw new Error(`${path}: workflow id "${d.id}" is already defined by ${other}`);
      taken.set(d.id, path);
      extra.push(d);
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  if (problems.length > 0) throw new WorkflowLoadError(problems);
  return createRegistry([...pack, ...extra]);
}
