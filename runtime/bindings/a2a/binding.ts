// The A2A binding as the host mounts it: the public agent card route, the JSON-RPC mount and the
// HTTP+JSON mount. The
// A2A task record (contextId and message history) is read and written through the RunCore port.
import type { HostContext, Mount } from '../../context.ts';
import type { Route } from '../../http/router.ts';
import { cardRoutes } from './card.ts';
import { createA2aHandlers } from './handlers.ts';
import { httpJsonMount } from './http-json.ts';
import { jsonRpcMount } from './jsonrpc.ts';

export function a2aBinding(ctx: HostContext): { routes: Route[]; mounts: Mount[] } {
  const deps = { ctx };
  const handlers = createA2aHandlers(deps);
  // One handler set; each binding only frames it.
  return {
    routes: cardRoutes(ctx),
    mounts: [jsonRpcMount(deps, handlers), httpJsonMount(deps, handlers)],
  };
}
