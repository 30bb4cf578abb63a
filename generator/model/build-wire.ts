// Wire schemas of a pinned protocol revision: `<family>-<version>.schema.json` in the schema
// directories (ours: schemas/mcp-2026-07-28.schema.json), else wopgen's own copy of it
// (load/builtin-schemas.ts). A `$defs` entry named after a method in PascalCase plus `Params` /
// `Result` / `Event` (a stream's items) types that method. A method the schema does not type is a
// `wire-type-missing` error at its map row: never a silent `unknown`.
import { join } from 'node:path';
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { bundle } from '../load/bundle.ts';
import { BUILTIN_PREFIX, builtinSchemasDir } from '../load/builtin-schemas.ts';
import type { SourceSet } from '../load/source-set.ts';
import type { SourceFile } from '../load/source.ts';
import type { Origin, WireModel } from './ir.ts';
import { closest } from '../diagnostics/suggest.ts';
import { checkJsonSchema } from './meta-schema.ts';
import { pascal } from './naming.ts';
import { shapeDigest } from './shape-digest.ts';

/** A method of the map: its name, whether it answers a stream, and its first row. */
export interface WireMethod {
  method: string;
  streaming: boolean;
  origin: Origin;
}

function wireFile(set: SourceSet, name: string): SourceFile | undefined {
  const own = set.layout.schemaDirs.map((d) => set.get(join(d, name))).find((f) => f);
  if (own) return own;
  const builtin = builtinSchemasDir();
  return builtin ? set.getBuiltin(join(builtin, name), `${BUILTIN_PREFIX}${name}`) : undefined;
}

export function buildWire(
  set: SourceSet,
  sink: DiagnosticSink,
  family: 'a2a' | 'mcp',
  version: string,
  methods: readonly WireMethod[],
): WireModel | null {
  const name = `${family}-${version}.schema.json`;
  const file = wireFile(set, name);
  if (!file) {
    for (const m of methods)
      sink.report(
        'wire-type-missing',
        m.origin.file,
        m.origin.pointer,
        `${m.method} has no wire types: no ${name} in the schema folders (nor in wopgen's own)`,
      );
    return null;
  }
  if (file.syntax || checkJsonSchema(sink, file) > 0) return null;
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
  // The protocol's methods, as the wire schema types them: a row naming none of them is most
  // likely a typo of one (`GetTsk`), so the error offers the nearest.
  const typed = Object.keys(defs)
    .filter((d) => d.endsWith('Params'))
    .map((d) => d.slice(0, -'Params'.length));
  const types: WireModel['types'] = {};
  const shapes: WireModel['shapes'] = {};
  const rootOf = (def: string | null) => (def === null ? null : { $ref: `#/$defs/${def}` });
  for (const { method, streaming, origin } of methods) {
    const base = pascal(method);
    const t = {
      params: named(`${base}Params`),
      result: named(`${base}Result`) ?? named('Result'),
      event: named(`${base}Event`),
    };
    // What the method travels in: its params, and its events when it streams, else its result.
    const missing = [
      ...(t.params === null ? [`${base}Params`] : []),
      ...(streaming
        ? t.event === null
          ? [`${base}Event`]
          : []
        : t.result === null
          ? [`${base}Result`]
          : []),
    ];
    if (missing.length > 0)
      sink.report(
        'wire-type-missing',
        origin.file,
        origin.pointer,
        `${method} has no wire types: ${file.rel} has no $defs ${missing.join(' or ')}` +
          nearestMethod(family, base, typed),
      );
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

/**
 * `; did you mean "GetTask"?` when the row's method is a near miss of one the schema types. A2A
 * methods are the PascalCase names themselves; MCP methods are their slash-separated words
 * (`ToolsList` → `tools/list`).
 */
function nearestMethod(family: 'a2a' | 'mcp', base: string, typed: readonly string[]): string {
  const near = closest(base, typed);
  if (near === undefined) return '';
  const name = family === 'a2a' ? near : near.replace(/(?<=[a-z])(?=[A-Z])/g, '/').toLowerCase();
  return `; did you mean "${name}"?`;
}
