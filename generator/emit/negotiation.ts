// Negotiation tables per protocol: header, version grammar and ordering, the pinned upstream
// release, and which facet fields hold the offered, preferred and floor versions.
import type { FacetModel, SpecModel } from '../model/ir.ts';
import { constant, fn, types } from './code/declarations.ts';
import { doc, entries, inline, lit, unionOf } from './code/literals.ts';
import { TsModule } from './code/module.ts';
import type { EmittedFile } from './source-file.ts';

const HEADERS: Record<FacetModel['family'], string> = {
  a2a: 'A2A-Version',
  mcp: 'MCP-Protocol-Version',
};

export function emitNegotiation(model: SpecModel): EmittedFile {
  const m = new TsModule('negotiation/tables.ts');
  const regexp = (source: string) => `new RegExp(${lit(source)})`;
  m.add(types(`export type InteropProtocol = ${unionOf(model.facets.map((f) => f.family))};`));
  m.add(
    types(
      `export interface NegotiationTable {`,
      `  protocol: InteropProtocol;`,
      `  ${doc('Request header that names the requested version.')}`,
      `  header: string;`,
      `  ${doc('The version grammar from the facet schema.')}`,
      `  pattern: RegExp;`,
      `  ordering: 'numeric' | 'date';`,
      `  ${doc('The upstream version the map is pinned to.')}`,
      `  pinned: string;`,
      `  ${doc('The upstream release behind the pin (informative).')}`,
      `  release: string;`,
      `  versionsField: string;`,
      `  preferredField: string;`,
      `  floorField: string;`,
      `  ${doc('Profile id pattern; no -legacy id matches it.')}`,
      `  profilePattern: RegExp | null;`,
      `  ${doc('The profile a facet claims for the pinned version.')}`,
      `  profile: string;`,
      `  source: string;`,
      `}`,
    ),
  );
  m.add(
    constant({
      name: 'negotiationTables',
      type: '{ readonly [P in InteropProtocol]: NegotiationTable }',
      value: [
        `{`,
        ...entries(
          model.facets.map((f) => {
            const pinned = f.family === 'a2a' ? model.a2a.negotiated : model.mcp.revision;
            const release = f.family === 'a2a' ? model.a2a.release : model.mcp.revision;
            return {
              origin: `Source: ${f.origin.file} and the map's pins.${f.family}`,
              key: f.family,
              value: inline({
                protocol: lit(f.family),
                header: lit(HEADERS[f.family]),
                pattern: regexp(f.versionPattern),
                ordering: lit(f.ordering),
                pinned: lit(pinned),
                release: lit(release),
                versionsField: lit(f.versionsField),
                preferredField: lit(f.preferredField),
                floorField: lit(f.floorField),
                profilePattern: f.profilePattern ? regexp(f.profilePattern) : 'null',
                profile: lit(`${f.family}-${pinned}`),
                source: lit(f.origin.file),
              }),
            };
          }),
        ),
        `}`,
      ],
    }),
  );
  m.add(
    fn({
      doc: [
        doc('Compares two versions of one protocol by its ordering: negative, zero or positive.'),
      ],
      name: 'compareVersions',
      params: [
        ['table', 'NegotiationTable'],
        ['a', 'string'],
        ['b', 'string'],
      ],
      returns: 'number',
      body: [
        `  if (table.ordering === 'date') return a < b ? -1 : a > b ? 1 : 0;`,
        `  const [am = 0, an = 0] = a.split('.').map(Number);`,
        `  const [bm = 0, bn = 0] = b.split('.').map(Number);`,
        `  return am - bm || an - bn;`,
      ],
    }),
  );
  return m.file(model.facets.map((f) => f.origin.file));
}
