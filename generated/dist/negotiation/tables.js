export const negotiationTables = {
    /** Source: spec/facets/a2a.schema.json and the map's pins.a2a */
    a2a: {
        protocol: 'a2a',
        header: 'A2A-Version',
        pattern: new RegExp('^[0-9]+\\.[0-9]+$'),
        ordering: 'numeric',
        pinned: '1.0',
        release: '1.0.1',
        versionsField: 'versions',
        preferredField: 'preferredVersion',
        floorField: 'minimumVersion',
        profilePattern: new RegExp('^a2a-[0-9]+\\.[0-9]+$'),
        profile: 'a2a-1.0',
        source: 'spec/facets/a2a.schema.json',
    },
    /** Source: spec/facets/mcp.schema.json and the map's pins.mcp */
    mcp: {
        protocol: 'mcp',
        header: 'MCP-Protocol-Version',
        pattern: new RegExp('^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        ordering: 'date',
        pinned: '2026-07-28',
        release: '2026-07-28',
        versionsField: 'revisions',
        preferredField: 'preferredVersion',
        floorField: 'minimumRevision',
        profilePattern: new RegExp('^mcp-[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        profile: 'mcp-2026-07-28',
        source: 'spec/facets/mcp.schema.json',
    },
};
/** Compares two versions of one protocol by its ordering: negative, zero or positive. */
export function compareVersions(table, a, b) {
    if (table.ordering === 'date')
        return a < b ? -1 : a > b ? 1 : 0;
    const [am = 0, an = 0] = a.split('.').map(Number);
    const [bm = 0, bn = 0] = b.split('.').map(Number);
    return am - bm || an - bn;
}
