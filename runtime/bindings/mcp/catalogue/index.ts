// The MCP prompt and resource catalogue: what a host (and `wopgen serve --mcp-catalogue DIR`) needs
// to load one. The handlers and discover capabilities are wired by ../handlers.ts.
export {
  catalogueCapabilities,
  emptyCatalogue,
  type CataloguePrompt,
  type CatalogueResource,
  type CatalogueTemplate,
  type McpCatalogue,
} from './catalogue.ts';
export { CatalogueError } from './errors.ts';
export { buildCatalogue, loadCatalogueDir, type CatalogueSource } from './load.ts';
