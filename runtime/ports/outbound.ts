// What a host lends the outbound steps of its engine (a2a-call, mcp-call; interop.md §Calling
// out): how requests leave it, under which bounds, and which stdio MCP servers may be started.
import type { ClientLimits } from '@wopgen/generated/client/support';

/** A stdio MCP server the operator allows workflows to start, by the name a node gives. */
export interface StdioServer {
  command: string;
  args?: string[];
  env?: Record<string, string>;
}

/** The host's part: how requests leave it, and which stdio servers may be started. */
export interface OutboundDeps {
  /** The transport seam of both clients (the host's egress-checked fetch). */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  stdio: Readonly<Record<string, StdioServer>>;
  /** Milliseconds between two polls of a remote task. */
  pollMs: number;
  /** The bounds every answer is read under (the operator's); the clients' defaults when absent. */
  limits?: Partial<ClientLimits>;
}
