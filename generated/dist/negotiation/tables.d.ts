export type InteropProtocol = 'a2a' | 'mcp';
export interface NegotiationTable {
    protocol: InteropProtocol;
    /** Request header that names the requested version. */
    header: string;
    /** The version grammar from the facet schema. */
    pattern: RegExp;
    ordering: 'numeric' | 'date';
    /** The upstream version the map is pinned to. */
    pinned: string;
    /** The upstream release behind the pin (informative). */
    release: string;
    versionsField: string;
    preferredField: string;
    floorField: string;
    /** Profile id pattern; no -legacy id matches it. */
    profilePattern: RegExp | null;
    /** The profile a facet claims for the pinned version. */
    profile: string;
    source: string;
}
export declare const negotiationTables: {
    readonly [P in InteropProtocol]: NegotiationTable;
};
/** Compares two versions of one protocol by its ordering: negative, zero or positive. */
export declare function compareVersions(table: NegotiationTable, a: string, b: string): number;
