// The A2A binding as the host mounts it: the public agent card route and the JSON-RPC mount.
// It needs, besides the host context, the store's A2A task-state seam (contextId and message
// history per task), which the RunCore port does not carry.
import type { HostContext, Mount } from '../context.ts';
import type { Route } from '../http/router.ts';
import { cardRoutes } from './card.ts';
import { createA2aHandlers } from './handlers.ts';
import { jsonRpcMount } from './jsonrpc.ts';
import type { A2aTaskStore } from './task-projection.ts';

export function a2aBinding(
  ctx: HostContext,
  tasks: A2aTaskStore,
): { routes: Route[]; mounts: Mount[] } {
  const deps = { ctx, tasks };
  return { routes: cardRoutes(ctx), mounts: [jsonRpcMount(deps, createA2aHandlers(deps))] };
}
