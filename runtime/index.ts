// wopgen/runtime: the public entry point of the host runtime, for a host implementer who brings an
// engine, a store or an HTTP server of their own (DESIGN.md §5).
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
// - the contract seam: createHost({ contract, handlers }) serves a generated package's `contract`
//   value (wopgen's own by default); ContractHandlers<typeof contract> types the members it adds
//   (what each handler receives: A2aCallContext, McpCallContext, RestCallContext; the errors it
//   throws: A2aError, McpError, CoreError), and ContractRefused is the start-up refusal.
//
// What it deliberately does not give: the bindings' internals (the built-in REST, A2A and MCP
// handlers are reached only through createHost), the reference engine's own store layout, and a
// generated package (a host's protocol contract is `wopgen generate` output of its own spec).
export {
  createHost,
  type BindingFactory,
  type ContractParts,
  type Host,
  type HostParts,
  type HostStores,
} from './host/create-host.ts';
// The contract a host serves (a generated package's `contract` value) and the handlers it adds:
// typed from the contract, checked again at start-up (ContractRefused names what is unserved).
export type {
  A2aMember,
  ContractHandlers,
  McpMember,
  RestMember,
} from './host/contract-handlers.ts';
export type { HostContract } from './contract/served.ts';
export { ContractRefused } from './contract/refused.ts';
export { wopgenContract } from './contract/default.ts';
export type { A2aRequestContext as A2aCallContext } from './bindings/a2a/request-context.ts';
export type { TaskView } from './bindings/a2a/task-projection.ts';
export { A2aError } from './bindings/a2a/errors.ts';
export type { McpCallContext } from './bindings/mcp/handlers.ts';
export { McpError } from './bindings/mcp/jsonrpc.ts';
export type { AnonymousCallContext, RestCallContext } from './bindings/rest/call-context.ts';
export { createSqliteHost, type SqliteHost, type SqliteHostOptions } from './host/sqlite.ts';
export type { RequestListener } from './host/server.ts';
export { mountUnder } from './host/mount.ts';
export { defaultConfig, type A2aConfig, type HostConfig, type McpConfig } from './config.ts';
export type { HostContext, Mount } from './context.ts';
export { HOST_VERSION } from './version.ts';
/** The raw `<tenant>/<opaque>` run id a wire id names (`~2F`, `%2F` or raw), or undefined. */
export { parseWireId as runIdFromWire } from './ids.ts';

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
// A store's own API keys, as `wopgen serve` and `wopgen keys` use them (keyed by the store's secret).
export { hostApiKeys, seedApiKeys, type KeyStores } from './auth/host-keys.ts';

// MCP prompts and resources a host may serve beside its workflows.
export {
  emptyCatalogue,
  type CataloguePrompt,
  type CatalogueResource,
  type CatalogueTemplate,
  type McpCatalogue,
} from './bindings/mcp/catalogue/catalogue.ts';
