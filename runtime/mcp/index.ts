// The MCP server mount of the reference host: one dispatcher (generated method table + handlers)
// shared by the streamable-HTTP mount (`POST /mcp`) and the stdio transport (`wopgen serve --stdio`).
import type { HostContext, Mount } from '../context.ts';
import { McpDispatcher } from './dispatch.ts';
import { createHandlers } from './handlers.ts';
import { mcpHttpMount } from './http.ts';
import { RequestStates } from './request-state.ts';

export interface McpServer {
  dispatcher: McpDispatcher;
  mounts: Mount[];
}

/** The requestState key and spent tokens live in the host's binding state. */
export function createMcpServer(ctx: HostContext): McpServer {
  const mcp = ctx.config.mcp;
  const states = new RequestStates(
    mcp.requestStateSecret,
    ctx.state,
    mcp.requestStateTtlMs,
    ctx.now,
  );
  const dispatcher = new McpDispatcher(ctx, createHandlers(ctx, states));
  const mounts = mcp.transports.includes('streamable-http') ? [mcpHttpMount(ctx, dispatcher)] : [];
  return { dispatcher, mounts };
}
