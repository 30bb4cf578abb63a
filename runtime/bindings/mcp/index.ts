// The MCP server mount of the reference host: one dispatcher (generated method table + handlers)
// shared by the streamable-HTTP mount (`POST /mcp`) and the stdio transport (`wopgen serve --stdio`),
// plus the initialize-era requests served by the same handlers (legacy/, never advertised).
import type { HostContext, Mount } from '../../context.ts';
import { McpDispatcher } from './dispatch.ts';
import { createHandlers } from './handlers.ts';
import { mcpHttpMount } from './http.ts';
import { LegacyHttp } from './legacy/http.ts';
import { LegacyRequests } from './legacy/requests.ts';
import { kvSessionStore } from './legacy/session-store.ts';
import { RequestStates } from './request-state.ts';

export interface McpServer {
  dispatcher: McpDispatcher;
  /** Initialize-era requests (2025-11-25, 2025-06-18) over the same handlers. */
  legacy: LegacyRequests;
  mounts: Mount[];
  /** Reads the requestState key ring once; rejects when the store's ring is sealed out of reach. */
  ready(): Promise<void>;
}

/** The requestState key, spent tokens and initialize-era sessions live in the host's binding state. */
export function createMcpServer(ctx: HostContext): McpServer {
  const mcp = ctx.config.mcp;
  const states = new RequestStates(
    mcp.requestStateSecret,
    ctx.state,
    mcp.requestStateTtlMs,
    ctx.now,
    mcp.requestStateKek,
  );
  const handlers = createHandlers(ctx, states);
  const dispatcher = new McpDispatcher(ctx, handlers);
  const legacy = new LegacyRequests(ctx, handlers);
  const legacyHttp = new LegacyHttp(ctx, legacy, kvSessionStore(ctx.state.kv), (err) =>
    dispatcher.toMcpError(err),
  );
  const mounts = mcp.transports.includes('streamable-http')
    ? [mcpHttpMount(ctx, dispatcher, legacyHttp)]
    : [];
  return { dispatcher, legacy, mounts, ready: () => states.ready() };
}
