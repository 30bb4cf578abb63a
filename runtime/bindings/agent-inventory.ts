// The caller's agent inventory with each agent's opaque routing value R, its `a2aTenant`
// (interop.md §"Per-agent cards"), shared by REST's `GET /agents` and the A2A binding's per-agent
// cards. R is an HMAC under a host key kept in the store, over the host version, the caller's tenant
// and the agent id: stable for the agent and host version, and it encodes nothing a reader can
// recover (no tenant, workspace or principal).
import { createHmac } from 'node:crypto';
import type { HostContext } from '../context.ts';
import type { AgentEntry } from '../ports/agents.ts';
import type { Subject } from '../ports/auth.ts';
import { HOST_VERSION } from '../version.ts';
import { hostKey } from './host-key.ts';

const KEY_NAME = 'a2a.agentRouting.key';

/** R for `agentId` as `subject`'s tenant reaches it. */
async function a2aTenantOf(ctx: HostContext, subject: Subject, agentId: string): Promise<string> {
  const mac = createHmac('sha256', await hostKey(ctx, KEY_NAME))
    .update(JSON.stringify([HOST_VERSION, subject.tenant, agentId]))
    .digest('base64url');
  return `ag-${mac.slice(0, 32)}`;
}

/** The caller's inventory with each entry's R (undefined R when per-agent cards are off). */
export async function inventory(
  ctx: HostContext,
  subject: Subject,
): Promise<{ entry: AgentEntry; a2aTenant?: string }[]> {
  const entries = await ctx.agents.listAgents(subject);
  if (!ctx.config.a2a.agentCards) return entries.map((entry) => ({ entry }));
  return Promise.all(
    entries.map(async (entry) => ({
      entry,
      a2aTenant: await a2aTenantOf(ctx, subject, entry.agentId),
    })),
  );
}
