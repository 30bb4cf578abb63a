// What every binding (REST, A2A, MCP) receives from the host: the core, the credential check,
// configuration, clock, logger and the current discovery document. Bindings depend on this
// interface, never on host.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ApiKeyStore } from './auth/api-keys.ts';
import type { Subject } from './auth/subject.ts';
import type { HostConfig } from './config.ts';
import type { RunCore } from './core/port.ts';
import type { WorkflowRegistry } from './core/workflows/index.ts';
import type { ServedDocument } from './discovery/document.ts';
import type { McpCatalogue } from './mcp/catalogue/catalogue.ts';

export interface HostContext {
  config: HostConfig;
  core: RunCore;
  keys: ApiKeyStore;
  workflows: WorkflowRegistry;
  /** Prompts and resources the MCP mount serves (empty unless configured). */
  catalogue: McpCatalogue;
  log: Logger;
  now(): Date;
  /** The discovery document as currently served (rebuilt when the refresh SLA re-evaluates). */
  discovery(): ServedDocument;
  /** The Subject of `Authorization: Bearer <key>`, or undefined. */
  authenticate(req: IncomingMessage): Promise<Subject | undefined>;
  /** The peer origin whose sha256 goes into negotiation records. */
  peerOrigin(req: IncomingMessage): string;
}

/** A binding that owns every request under a path prefix, including its own refusals. */
export interface Mount {
  prefix: string;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}
