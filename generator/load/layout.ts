// Finds the input files of a spec directory in either layout wopgen accepts (DESIGN.md §3):
// ours (`spec/openapi.yaml`, `spec/facets/`, sibling `schemas/`) or the upstream repository's
// (`api/v2/`, `spec/v2/`, `schemas/v2/`).
import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

export interface SpecLayout {
  kind: 'wopgen' | 'upstream';
  /** Directory that diagnostic paths are relative to. */
  displayRoot: string;
  openapi: string;
  asyncapi: string;
  interopMap: string;
  errors: string;
  facetsDir: string;
  /** Directories searched for a schema whose `$id` an absolute `$ref` names. */
  schemaDirs: string[];
}

export function detectLayout(specDir: string): SpecLayout | undefined {
  const root = resolve(specDir);
  if (existsSync(join(root, 'api/v2/openapi.yaml'))) {
    return {
      kind: 'upstream',
      displayRoot: root,
      openapi: join(root, 'api/v2/openapi.yaml'),
      asyncapi: join(root, 'api/v2/asyncapi.yaml'),
      interopMap: join(root, 'spec/v2/interop-map.json'),
      errors: join(root, 'spec/v2/errors.json'),
      facetsDir: join(root, 'spec/v2/facets'),
      schemaDirs: [join(root, 'schemas/v2'), join(root, 'spec/v2'), join(root, 'spec/v2/facets')],
    };
  }
  if (existsSync(join(root, 'openapi.yaml')) || existsSync(join(root, 'interop-map.json'))) {
    const parent = dirname(root);
    return {
      kind: 'wopgen',
      displayRoot: parent,
      openapi: join(root, 'openapi.yaml'),
      asyncapi: join(root, 'asyncapi.yaml'),
      interopMap: join(root, 'interop-map.json'),
      errors: join(root, 'errors.json'),
      facetsDir: join(root, 'facets'),
      schemaDirs: [join(parent, 'schemas'), root, join(root, 'facets')],
    };
  }
  return undefined;
}

/** The folders input files are read from: output may not lie inside one, and --watch watches them. */
export function inputDirs(layout: SpecLayout): string[] {
  const dirs = [
    dirname(layout.openapi),
    dirname(layout.asyncapi),
    dirname(layout.interopMap),
    dirname(layout.errors),
    layout.facetsDir,
    ...layout.schemaDirs,
  ].filter((d) => existsSync(d));
  // Outermost first, then drop any folder inside one already kept.
  const sorted = [...new Set(dirs)].sort((a, b) => a.length - b.length);
  return sorted.filter((d, i) => !sorted.slice(0, i).some((p) => d.startsWith(p + sep)));
}
