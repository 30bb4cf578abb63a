// Wire schemas of a pinned protocol revision: `<family>-<version>.schema.json` in the schema
// directories (ours: schemas/mcp-2026-07-28.schema.json). A `$defs` entry named after a method in
// PascalCase plus `Params` / `Result` / `Event` (a stream's items) types that method; a method with none stays `unknown`.
import { join } from 'node:path';
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { bundle } from '../load/bundle.ts';
import type { SourceSet } from '../load/source-set.ts';
import type { WireModel } from './ir.ts';
import { pascal } from './naming.ts';
import { shapeDigest } from './shape-digest.ts';

export function buildWire(
  set: SourceSet,
  sink: DiagnosticSink,
  family: 'a2a' | 'mcp',
  version: string,
  methods: readonly string[],
): WireModel | null {
  const name = `${family}-${version}.schema.json`;
  const file = set.layout.schemaDirs.map((d) => set.get(join(d, name))).find((f) => f);
  if (!file || file.syntax) return null;
  const schema = bundle(set, sink, { file, pointer: '' }, { defsPath: ['$defs'] }).value;
  const defs = (schema['$defs'] ?? {}) as Record<string, Record<string, unknown>>;
  // A definition that only refers to another (`ToolsListParams` → `PageParams`) is that type.
  const named = (def: string): string | null => {
    if (!Object.hasOwn(defs, def)) return null;
    const ref = defs[def]!['$ref'];
    const alias =
      typeof ref === 'string' && Object.keys(defs[def]!).length === 1 && ref.startsWith('#/$defs/')
        ? ref.slice('#/$defs/'.length)
        : null;
    return alias !== null && alias !== def ? named(alias) : def;
  };
  const types: WireModel['types'] = {};
  const shapes: WireModel['shapes'] = {};
  const rootOf = (def: string | null) => (def === null ? null : { $ref: `#/$defs/${def}` });
  for (const method of methods) {
    const base = pascal(method);
    const t = {
      params: named(`${base}Params`),
      result: named(`${base}Result`) ?? named('Result'),
      event: named(`${base}Event`),
    };
    types[method] = t;
    shapes[method] = shapeDigest(schema, {
      params: rootOf(t.params),
      result: rootOf(t.result),
      event: rootOf(t.event),
    });
  }
  // Aliases are resolved in `types`; emitting them too would let the type printer name a shared
  // target after whichever alias it meets first.
  return {
    defs: Object.keys(defs)
      .filter((def) => named(def) === def)
      .sort()
      .map((def) => ({ name: def, schema: defs[def]! })),
    types,
    shapes,
    origin: { file: file.rel, pointer: '/$defs' },
  };
}
