// The host's MCP prompt and resource catalogue: what `prompts/*`, `resources/*` and
// `completion/complete` serve (the map's `prompts/get | resources/read` row and wopgen's list and
// completion rows). A catalogue is host configuration, loaded before the host starts; it is never
// a workflow and never starts a run.
// TODO(catalogue): entries, loading and validation are filled in by the catalogue work.

/** Everything the catalogue serves; empty unless the host is given one. */
export interface McpCatalogue {
  readonly prompts: readonly unknown[];
  readonly resources: readonly unknown[];
  readonly resourceTemplates: readonly unknown[];
}

export function emptyCatalogue(): McpCatalogue {
  return { prompts: [], resources: [], resourceTemplates: [] };
}

/** The `server/discover` capabilities the catalogue adds (none while it is empty). */
export function catalogueCapabilities(_catalogue: McpCatalogue): Record<string, object> {
  return {};
}
