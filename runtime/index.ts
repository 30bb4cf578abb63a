// wopgen/runtime: the public entry point of the host runtime, for a host implementer who brings an
// engine, a store or an HTTP server of their own (DESIGN.md §5, issue 14).
//
// What it gives:
// - createHost, the composition root, and its typed options (HostParts): a host is built from a
//   RunCore, the store ports it uses itself, a change feed and an authenticator;
// - the ports, as types with their documentation: RunCore (the seam an engine implements), the
//   store ports, the change feed, the auth resolver (Authenticator → Subject), and the few values
//   they come with (CoreError, ANONYMOUS, the terminal event types);
// - implementations of those ports: the reference engine (createRunCore, referencePack), the
//   SQLite store adapter, the in-process change feed and hashed API keys; the PostgreSQL stores,
//   change feed and run leases (openPostgres); createSqliteHost, the three composed (what
//   `wopgen serve` runs, over either database);
// - mounting: `Host.handler` is a node:http request listener for one's own server, and mountUnder
//   serves it under a path prefix of an existing service.
//
// What it deliberately does not give: the bindings' internals (the REST, A2A and MCP handlers are
// reached only through createHost), the reference engine's own store layout, and the generated
// package (a host's protocol contract is `wopgen generate` output of its own spec).
export {
  createHost,
  type BindingFactory,
  type Host,
  type HostParts,
  type HostStores,
} from './host/create-host.ts';
export { createSqliteHost, type SqliteHost, type SqliteHostOptions } from './host/sqlite.ts';
export type { RequestListener } from './host/server.ts';
export { mountUnder } from './host/mount.ts';
export { defaultConfig, type A2aConfig, type HostConfig, type McpConfig } from './config.ts';
export type { HostContext, Mount } from './context.ts';
export { HOST_VERSION } from './version.ts';

// The ports (own types only; runtime/ports/ imports nothing else of the runtime).
export * from './ports/index.ts';
export type * from './ports/store/index.ts';

// Implementations of the ports.
export {
  createRunCore,
  createRegistry,
  loadWorkflowDir,
  parseDefinition,
  referencePack,
  type RunCoreOptions,
  type WorkflowDefinition,
  type WorkflowRegistry,
} from './core/reference/index.ts';
export {
  openSqliteStores,
  openStoreUrl,
  type SqliteStores,
} from './adapters/store/sqlite/index.ts';
export { InProcessChangeFeed } from './adapters/change-feed/in-process.ts';
// PostgreSQL: the store ports, the change feed across hosts and the run leases, in one call.
export {
  openPostgres,
  type PgTimeouts,
  type PostgresOptions,
  type PostgresParts,
} from './host/postgres.ts';
export type { RunLeases } from './ports/run-leases.ts';
export { ApiKeyStore as ApiKeyAuthenticator, type MintedKey } from './auth/api-keys.ts';

// MCP prompts and resources a host may serve beside its workflows.
export {
  emptyCatalogue,
  type CataloguePrompt,
  type CatalogueResource,
  type CatalogueTemplate,
  type McpCatalogue,
} from './bindings/mcp/catalogue/catalogue.ts';
