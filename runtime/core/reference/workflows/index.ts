// Loads the reference workflow pack (every *.json here, ids matching the upstream conformance
// fixtures, DESIGN.md §5) into a registry with compiled input validators.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parseDefinition, type WorkflowDefinition } from '../engine/definition.ts';

export const PACK_DIR = fileURLToPath(new URL('.', import.meta.url));

export interface WorkflowRegistry {
  get(id: string): WorkflowDefinition | undefined;
  list(): WorkflowDefinition[];
}

/** Read and check every definition in `dir`; throws on the first invalid or duplicate one. */
export function loadWorkflowDir(dir: string = PACK_DIR): WorkflowDefinition[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const path = join(dir, f);
      return parseDefinition(JSON.parse(readFileSync(path, 'utf8')) as unknown, path);
    });
}

export function createRegistry(definitions: readonly WorkflowDefinition[]): WorkflowRegistry {
  const byId = new Map<string, WorkflowDefinition>();
  for (const d of definitions) {
    if (byId.has(d.id)) throw new Error(`duplicate workflow id ${d.id}`);
    byId.set(d.id, d);
  }
  return { get: (id) => byId.get(id), list: () => [...byId.values()] };
}

/** The shipped pack. */
export function referencePack(): WorkflowRegistry {
  return createRegistry(loadWorkflowDir());
}
