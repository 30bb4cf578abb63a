// Facet models: the bundled schema of each interop facet and the facts negotiation needs
// (which fields hold versions, preferred and floor; the version grammar and its ordering).
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { bundle } from '../load/bundle.ts';
import { getAt } from '../load/pointer.ts';
import type { SourceSet } from '../load/source-set.ts';
import type { SourceFile } from '../load/source.ts';
import type { FacetModel } from './ir.ts';
import { checkJsonSchema } from './meta-schema.ts';

const FIELDS = {
  a2a: {
    versionsField: 'versions',
    preferredField: 'preferredVersion',
    floorField: 'minimumVersion',
  },
  mcp: {
    versionsField: 'revisions',
    preferredField: 'preferredVersion',
    floorField: 'minimumRevision',
  },
} as const;

const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

export function buildFacet(
  set: SourceSet,
  sink: DiagnosticSink,
  family: 'a2a' | 'mcp',
  file: SourceFile,
): FacetModel {
  const fields = FIELDS[family];
  // Its types are printed from it: a schema that is not one stops the run as located errors.
  checkJsonSchema(sink, file);
  const schema = bundle(set, sink, { file, pointer: '' }, { defsPath: ['$defs'] }).value;
  const props = (schema['properties'] ?? {}) as Record<string, unknown>;
  const item = getAt(schema, `/properties/${fields.versionsField}/items`) as
    Record<string, unknown> | undefined;
  const pattern = typeof item?.['pattern'] === 'string' ? item['pattern'] : undefined;
  const isDate = item?.['format'] === 'date' || pattern === DATE_PATTERN;
  const profile = getAt(schema, '/properties/profiles/items/pattern');
  return {
    family,
    schema,
    properties: Object.keys(props).sort(),
    ...fields,
    versionPattern: isDate ? DATE_PATTERN : (pattern ?? '^[0-9]+\\.[0-9]+$'),
    ordering: isDate ? 'date' : 'numeric',
    profilePattern: typeof profile === 'string' ? profile : null,
    origin: { file: file.rel, pointer: '' },
  };
}
