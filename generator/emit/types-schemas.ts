// Facet, event-payload and host-event types by json-schema-to-typescript. Several bundled schemas
// are merged into one document per output file so shared definitions are declared once; names come
// from definition keys (titles are dropped), so there are no `Foo1`-style names.
import type { JSONSchema } from 'json-schema-to-typescript';
import { cachedAsyncStep } from '../cache/context.ts';
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import type { Origin } from '../model/ir.ts';
// The library's own name mangling, so collision checks and importers name types exactly as it does.
import { toSafeString } from 'json-schema-to-typescript/dist/src/utils.js';
import type { EmittedFile } from './source-file.ts';

export interface NamedSchema {
  name: string;
  schema: Record<string, unknown>;
  origin: Origin;
}

export async function emitSchemaTypes(
  path: string,
  rootName: string,
  entries: NamedSchema[],
  sink: DiagnosticSink,
): Promise<EmittedFile> {
  const defs: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  for (const e of entries) {
    // `$id` would name the type after its URL; the entry's own name is the one we want.
    const {
      $defs,
      $id: _id,
      $schema: _schema,
      ...own
    } = e.schema as { $defs?: Record<string, unknown> } & Record<string, unknown>;
    for (const [k, v] of Object.entries($defs ?? {})) defs[k] = v;
    defs[e.name] = own;
    properties[e.name] = { $ref: `#/$defs/${e.name}` };
  }
  const owner = new Map<string, string>();
  for (const k of Object.keys(defs)) {
    const n = toSafeString(k);
    const prior = owner.get(n);
    const origin = entries[0]?.origin ?? { file: path, pointer: '' };
    if (prior)
      sink.report(
        'name-collision',
        origin.file,
        origin.pointer,
        `definitions "${prior}" and "${k}" both become the type name ${n}`,
      );
    owner.set(n, k);
  }
  const root = stripTitles({
    type: 'object',
    properties,
    additionalProperties: false,
    $defs: sortKeys(defs),
  }) as JSONSchema;
  const ts = await cachedAsyncStep('json-schema-to-typescript', [root, rootName], async () =>
    (await jsonSchemaToTypescript()).compile(root, rootName, {
      bannerComment: '',
      format: false,
      additionalProperties: false,
      declareExternallyReferenced: true,
      unreachableDefinitions: false,
      $refOptions: { resolve: { external: false, file: false, http: false } } as never,
    }),
  );
  const sources = entries.map(
    // Named as exported (the library's mangling: `A2aFacet` is declared as `A2AFacet`).
    (e) => `/** ${typeNameOf(e.name)} — Source: ${e.origin.file}#${e.origin.pointer} */`,
  );
  return {
    path,
    from: [...new Set(entries.map((e) => e.origin.file))].sort(),
    body: [...sources, ts, ...aliasesForUnnamed(ts, rootName, entries)].join('\n'),
    parser: 'typescript',
    dist: 'types',
  };
}

type Library = typeof import('json-schema-to-typescript');

/**
 * The library, loaded only when a schema is compiled: its formatter loads all of prettier's Node
 * build, ~0.1 s of a regeneration whose types all come from the artifact cache. A CommonJS module
 * imported from the bundled build has its exports under `default`.
 */
async function jsonSchemaToTypescript(): Promise<Library> {
  const m = (await import('json-schema-to-typescript')) as Library & { default?: Library };
  return typeof m.compile === 'function' ? m : m.default!;
}

/** Removes the `title` keyword (a string in schema position) everywhere; keeps data values intact. */
function stripTitles(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripTitles);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k === 'title' && typeof v === 'string') continue;
    out[k] = ['const', 'enum', 'default', 'examples', 'example'].includes(k) ? v : stripTitles(v);
  }
  return out;
}

function sortKeys(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * An entry whose schema is only a `$ref` (upstream's `channelPresence` points at
 * `ChannelPresencePayload`) is compiled under its target's name, so no type carries the entry's
 * own; every importer names entries by key (typeNameOf), so each such entry gets an alias.
 */
function aliasesForUnnamed(ts: string, rootName: string, entries: NamedSchema[]): string[] {
  return entries
    .map((e) => ({ key: e.name, type: typeNameOf(e.name) }))
    .filter(({ type }) => !new RegExp(`^export (?:interface|type) ${type}\\b`, 'm').test(ts))
    .map(
      ({ key, type }) => `export type ${type} = NonNullable<${rootName}[${JSON.stringify(key)}]>;`,
    );
}

/** The TypeScript name json-schema-to-typescript gives a definition key. */
export function typeNameOf(key: string): string {
  return toSafeString(key);
}
