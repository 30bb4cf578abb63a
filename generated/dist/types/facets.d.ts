/** A2aFacet — Source: spec/facets/a2a.schema.json# */
/** McpFacet — Source: spec/facets/mcp.schema.json# */
export interface InteropFacets {
    A2aFacet?: A2AFacet;
    McpFacet?: McpFacet;
}
/**
 * What a host advertises about its A2A support in the discovery document.
 */
export interface A2AFacet {
    /**
     * A2A versions offered, as major.minor.
     *
     * @minItems 1
     */
    versions: [string, ...string[]];
    /**
     * Version used when the peer does not ask for one.
     */
    preferredVersion: string;
    /**
     * Lowest version the host will negotiate.
     */
    minimumVersion: string;
    /**
     * Day the version list was last checked against upstream.
     */
    refreshedAt: string;
    /**
     * Interop profiles claimed, such as a2a-1.0.
     */
    profiles?: string[];
    /**
     * Absolute URL of the public agent card.
     */
    agentCardUrl?: string;
    /**
     * Streaming operations are served.
     */
    streaming?: boolean;
    /**
     * Push-notification configs are accepted.
     */
    pushNotifications?: boolean;
    /**
     * Tasks outlive the request that created them.
     */
    durableTasks?: boolean;
    /**
     * Each agent in the inventory gets its own card; omit the key when not offered.
     */
    agentCards?: true;
}
/**
 * What a host advertises about its MCP support in the discovery document.
 */
export interface McpFacet {
    /**
     * MCP revisions offered, as dates.
     *
     * @minItems 1
     */
    revisions: [string, ...string[]];
    /**
     * Revision used when the peer does not ask for one.
     */
    preferredVersion: string;
    /**
     * Lowest revision the host will negotiate.
     */
    minimumRevision: string;
    /**
     * Day the revision list was last checked against upstream.
     */
    refreshedAt: string;
    /**
     * Interop profiles claimed, such as mcp-2026-07-28.
     */
    profiles?: string[];
    /**
     * Feature ids from the interop map that the host implements.
     */
    features?: string[];
    /**
     * Absolute URLs where the MCP server is reachable.
     */
    serverUrls?: string[];
    /**
     * The host exposes its workflows as an MCP server.
     */
    serverMount?: {
        /**
         * MCP transports of that server; not a list of host transports.
         */
        transports?: ('stdio' | 'streamable-http')[];
    };
    /**
     * Limits for multi-round tool results.
     */
    mrtr?: {
        /**
         * Most input_required rounds allowed per call.
         */
        maxRounds: number;
    };
}
