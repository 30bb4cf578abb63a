// Negotiation tables per protocol: header, version grammar and ordering, the pinned upstream
// release, and which facet fields hold the offered, preferred and floor versions.
import type { FacetModel, SpecModel } from '../model/ir.ts';
import { lit, type EmittedFile } from './source-file.ts';

const HEADERS: Record<FacetModel['family'], string> = {
  a2a: 'A2A-Version',
  mcp: 'MCP-Protocol-Version',
};

export function emitNegotiation(model: SpecModel): EmittedFile {
  const L: string[] = [];
  L.push(
    `export type InteropProtocol = ${model.facets.map((f) => lit(f.family)).join(' | ') || 'never'};`,
    '',
    `export interface NegotiationTable {`,
    `  protocol: InteropProtocol;`,
    `  /** Request header that names the requested version. */`,
    `  header: string;`,
    `  /** The version grammar from the facet schema. */`,
    `  pattern: RegExp;`,
    `  ordering: 'numeric' | 'date';`,
    `  /** The upstream version the map is pinned to. */`,
    `  pinned: string;`,
    `  /** The upstream release behind the pin (informative). */`,
    `  release: string;`,
    `  versionsField: string;`,
    `  preferredField: string;`,
    `  floorField: string;`,
    `  /** Profile id pattern; no -legacy id matches it. */`,
    `  profilePattern: RegExp | null;`,
    `  /** The profile a facet claims for the pinned version. */`,
    `  profile: string;`,
    `  source: string;`,
    `}`,
    '',
    `export const negotiationTables: { readonly [P in InteropProtocol]: NegotiationTable } = {`,
  );
  for (const f of model.facets) {
    const pinned = f.family === 'a2a' ? model.a2a.negotiated : model.mcp.revision;
    const release = f.family === 'a2a' ? model.a2a.release : model.mcp.revision;
    L.push(
      `  /** Source: ${f.origin.file} and the map's pins.${f.family} */`,
      `  ${f.family}: { protocol: ${lit(f.family)}, header: ${lit(HEADERS[f.family])}, pattern: new RegExp(${lit(f.versionPattern)}), ordering: ${lit(f.ordering)}, pinned: ${lit(pinned)}, release: ${lit(release)}, versionsField: ${lit(f.versionsField)}, preferredField: ${lit(f.preferredField)}, floorField: ${lit(f.floorField)}, profilePattern: ${f.profilePattern ? `new RegExp(${lit(f.profilePattern)})` : 'null'}, profile: ${lit(`${f.family}-${pinned}`)}, source: ${lit(f.origin.file)} },`,
    );
  }
  L.push(
    `};`,
    '',
    `/** Compares two versions of one protocol by its ordering: negative, zero or positive. */`,
    `export function compareVersions(table: NegotiationTable, a: string, b: string): number {`,
    `  if (table.ordering === 'date') return a < b ? -1 : a > b ? 1 : 0;`,
    `  const [am = 0, an = 0] = a.split('.').map(Number);`,
    `  const [bm = 0, bn = 0] = b.split('.').map(Number);`,
    `  return am - bm || an - bn;`,
    `}`,
  );
  return {
    path: 'negotiation/tables.ts',
    from: model.facets.map((f) => f.origin.file),
    body: L.join('\n'),
    parser: 'typescript',
  };
}
