// The runtime's import rules (DESIGN.md §3), as data and one rule function, so the layering test can
// check both the real tree and a synthetic import that breaks a rule.
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

export type Layer = 'ports' | 'shared' | 'binding' | 'reference' | 'adapter' | 'host' | 'generated';

/** The runtime's command modules (bin/wopgen.js RUNTIME_COMMANDS). */
const RUNTIME_COMMANDS = ['serve.ts', 'keys.ts'];

/** The layer of a project-relative path, or undefined outside the runtime and generated/. */
export function layerOf(path: string): Layer | undefined {
  if (path.startsWith('generated/')) return 'generated';
  if (!path.startsWith('runtime/')) return undefined;
  const rest = path.slice('runtime/'.length);
  const top = rest.split('/')[0]!;
  if (top === 'ports') return 'ports';
  if (rest.startsWith('core/reference/')) return 'reference';
  if (top === 'adapters') return 'adapter';
  // serve.ts, keys.ts and serve/ are the runtime's commands (`wopgen serve`, `wopgen keys`, which
  // bin/wopgen.js loads as runtime/<command>.ts): they open stores and compose a host like host/
  // does; index.ts (wopgen/runtime) is the public entry point, which names every part as host/ does.
  if (top === 'host' || top === 'serve' || RUNTIME_COMMANDS.includes(rest) || rest === 'index.ts')
    return 'host';
  if (top === 'bindings' || rest === 'context.ts') return 'binding';
  // http/, negotiation/, auth/, util/ and the root leaves (ids, config, version).
  return 'shared';
}

/**
 * What each layer may import: ports import nothing of the runtime; shared modules import ports;
 * bindings import ports, shared modules and the modules at the root of bindings/ (never another
 * binding's folder, the reference engine, an adapter or the host); the reference engine and the adapters import ports and shared modules; only the
 * host knows every part. Every layer may import the generated package, by its name and entry points
 * only (`@wopgen/generated/...`): a relative path into generated/ is a violation.
 */
const ALLOWED: Record<Layer, readonly Layer[]> = {
  generated: ['generated'],
  ports: ['ports', 'generated'],
  shared: ['shared', 'ports', 'generated'],
  binding: ['binding', 'shared', 'ports', 'generated'],
  reference: ['reference', 'shared', 'ports', 'generated'],
  adapter: ['adapter', 'shared', 'ports', 'generated'],
  host: ['host', 'binding', 'reference', 'adapter', 'shared', 'ports', 'generated'],
};

/** `auth/` holds the host's own credential store; a binding sees only the port's Subject. */
const BINDING_FORBIDDEN_SHARED = ['runtime/auth/'];

/** The protocol folder of a binding file (`a2a` of runtime/bindings/a2a/x.ts), else undefined. */
function bindingFolderOf(path: string): string | undefined {
  return /^runtime\/bindings\/([^/]+)\//.exec(path)?.[1];
}

export interface Edge {
  from: string;
  to: string;
}

/** The generated package's name: the runtime imports it by this name only (DESIGN.md §3). */
export const GENERATED_PACKAGE = '@wopgen/generated';

/** The edges that break a rule (an empty list when the tree keeps them all). */
export function violations(edges: readonly Edge[]): Edge[] {
  return edges.filter(({ from, to }) => {
    const a = layerOf(from);
    const b = layerOf(to);
    if (!a || !b) return false;
    // A relative path into generated/ bypasses the package's entry points.
    if (a !== 'generated' && b === 'generated') return true;
    if (!ALLOWED[a].includes(b)) return true;
    if (a !== 'binding') return false;
    // Bindings never import each other (DESIGN.md §3): what two share sits at bindings/'s root.
    const mine = bindingFolderOf(from);
    const theirs = bindingFolderOf(to);
    if (mine && theirs && mine !== theirs) return true;
    return BINDING_FORBIDDEN_SHARED.some((p) => to.startsWith(p));
  });
}

const IMPORT =
  /^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Every module specifier a source text imports or re-exports, as written. */
export function importSpecifiers(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2]!);
}

/**
 * Relative imports of each file (project-relative paths, resolved), and imports of the generated
 * package by name (the specifier as written, `to` starting with `@wopgen/generated`).
 */
export function importEdges(root: string, files: readonly string[]): Edge[] {
  const edges: Edge[] = [];
  for (const from of files) {
    for (const spec of importSpecifiers(readFileSync(join(root, from), 'utf8'))) {
      if (spec === GENERATED_PACKAGE || spec.startsWith(`${GENERATED_PACKAGE}/`)) {
        edges.push({ from, to: spec });
        continue;
      }
      if (!spec.startsWith('.')) continue;
      edges.push({ from, to: normalize(relative(root, join(root, dirname(from), spec))) });
    }
  }
  return edges;
}

/** Imports of the generated package that name no entry point of its `exports` map. */
export function unexported(edges: readonly Edge[], exportsMap: Record<string, unknown>): Edge[] {
  return edges.filter(({ to }) => {
    if (to !== GENERATED_PACKAGE && !to.startsWith(`${GENERATED_PACKAGE}/`)) return false;
    const subpath = `.${to.slice(GENERATED_PACKAGE.length)}`;
    return !(subpath in exportsMap);
  });
}
