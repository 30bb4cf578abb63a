// The agent inventory on REST: `GET /agents` and `GET /agents/{agentId}` list the caller's agents
// (ports/agents.ts), each with its opaque `a2aTenant` when per-agent cards are on (interop.md
// §"Per-agent cards"). An agent outside the caller's inventory is `not_found`, like an unknown one.
import type { HostContext } from '../../context.ts';
import { sendJson, sendOpenWopError } from '../../http/respond.ts';
import type { Route } from '../../http/router.ts';
import type { AgentEntry } from '../../ports/agents.ts';
import { inventory } from '../a2a/agent-routing.ts';
import { restPreamble, versionHeaders } from './guard.ts';

/** The wire AgentInventoryEntry (the workflow list is the host's routing, not an inventory field). */
function wireEntry(entry: AgentEntry, a2aTenant: string | undefined) {
  const { workflowIds: _routed, ...rest } = entry;
  return { ...rest, ...(a2aTenant !== undefined && { a2aTenant }) };
}

export function agentRoutes(ctx: HostContext): Route[] {
  const h = () => versionHeaders(ctx);
  return [
    {
      method: 'GET',
      path: '/agents',
      async handler(req, res) {
        const subject = await restPreamble(ctx, req, res);
        if (!subject) return;
        const agents = (await inventory(ctx, subject)).map((a) => wireEntry(a.entry, a.a2aTenant));
        sendJson(res, 200, { agents, total: agents.length }, h());
      },
    },
    {
      method: 'GET',
      path: '/agents/{agentId}',
      async handler(req, res, params) {
        const subject = await restPreamble(ctx, req, res);
        if (!subject) return;
        const found = (await inventory(ctx, subject)).find(
          (a) => a.entry.agentId === params['agentId'],
        );
        if (!found) return sendOpenWopError(res, 'not_found', 'no such agent', undefined, h());
        sendJson(res, 200, wireEntry(found.entry, found.a2aTenant), h());
      },
    },
  ];
}
