// The agent inventory on REST: `GET /agents` and `GET /agents/{agentId}` list the caller's agents
// (ports/agents.ts), each with its opaque `a2aTenant` when per-agent cards are on (interop.md
// §"Per-agent cards"). An agent outside the caller's inventory is `not_found`, like an unknown one.
import type { HostContext } from '../../context.ts';
import type { AgentEntry } from '../../ports/agents.ts';
import { CoreError } from '../../ports/errors.ts';
import { inventory } from '../agent-inventory.ts';
import type { RestBuiltins } from './handlers.ts';

/** The wire AgentInventoryEntry (the workflow list is the host's routing, not an inventory field). */
function wireEntry(entry: AgentEntry, a2aTenant: string | undefined) {
  const { workflowIds: _routed, ...rest } = entry;
  return { ...rest, ...(a2aTenant !== undefined && { a2aTenant }) };
}

export function agentHandlers(ctx: HostContext): Pick<RestBuiltins, 'listAgents' | 'getAgent'> {
  return {
    async listAgents(_request, c) {
      const agents = (await inventory(ctx, c.subject)).map((a) => wireEntry(a.entry, a.a2aTenant));
      return { status: 200, body: { agents, total: agents.length } };
    },

    async getAgent({ path }, c) {
      const found = (await inventory(ctx, c.subject)).find((a) => a.entry.agentId === path.agentId);
      if (!found) throw new CoreError('not_found', 'no such agent');
      return { status: 200, body: wireEntry(found.entry, found.a2aTenant) };
    },
  };
}
