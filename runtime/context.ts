// What every binding (REST, A2A, MCP) receives from the host: the run core and the other ports,
// configuration, clock, logger and the current discovery document. Bindings depend on this
// interface and on ports/, never on the host, the reference engine or a store adapter.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { HostConfig } from './config.ts';
import type { ServedContract } from './contract/served.ts';
import type { SuppliedHandlers } from './contract/supplied.ts';
import type { HostLimits } from './http/limits.ts';
import type { StreamSlots } from './http/stream-slots.ts';
import type { TenantGate } from './util/tenant-gate.ts';
import type { ServedDocument } from './bindings/discovery/document.ts';
import type { McpCatalogue } from './bindings/mcp/catalogue/catalogue.ts';
import type { AgentDirectory } from './ports/agents.ts';
import type { EffectSeamManifest } from './ports/effect-seams.ts';
import type { Subject } from './ports/auth.ts';
import type { HostEventLog } from './ports/host-events.ts';
import type { PushConfigs } from './ports/push.ts';
import type { RunCore } from './ports/run-core.ts';
import type { KeyValueStore, TokenStore } from './ports/store/binding-state.ts';

export interface HostContext {
  /** The generated package this host serves (contract/served.ts): every table a binding reads. */
  contract: ServedContract;
  /** Handlers the host implementer supplied, by member; the bindings merge them over their own. */
  handlers: SuppliedHandlers;
  config: HostConfig;
  core: RunCore;
  hostEvents: HostEventLog;
  /** Binding state that is not a run's: single-use tokens and host-wide values. */
  state: { tokens: TokenStore; kv: KeyValueStore };
  /** The caller's agent inventory (`GET /agents`, per-agent A2A cards). */
  agents: AgentDirectory;
  /** A2A push-notification configs; absent when the host delivers no pushes. */
  push?: PushConfigs;
  /** Prompts and resources the MCP mount serves (empty unless configured). */
  catalogue: McpCatalogue;
  log: Logger;
  now(): Date;
  /** The outbound effects this host performs (GET /host/effect-seams), fixed at start. */
  effectSeams: EffectSeamManifest;
  /** The discovery document as currently served (rebuilt when the refresh SLA re-evaluates). */
  discovery(): ServedDocument;
  /** The Subject of `Authorization: Bearer <key>`, or undefined. */
  authenticate(req: IncomingMessage): Promise<Subject | undefined>;
  /** The peer origin whose sha256 goes into negotiation records. */
  peerOrigin(req: IncomingMessage): string;
  /** Resolved resource limits (http/limits.ts). */
  limits: HostLimits;
  /** Open event streams, capped per tenant and per host. */
  streams: StreamSlots;
  /** Task and run listings, bounded per tenant (`limits.listingsPerTenant`). */
  listings: TenantGate;
}

/** A binding that owns every request under a path prefix, including its own refusals. */
export interface Mount {
  prefix: string;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}
