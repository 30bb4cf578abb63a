// Per-agent cards (interop.md §"Per-agent cards"): each agent of the caller's inventory is reached
// through an opaque routing value R, its `a2aTenant` (agent-inventory.ts mints it). Resolution
// happens only after authentication, against the caller's own inventory, so an R of another
// tenant's agent is exactly an R never minted.
import type { HostContext } from '../../context.ts';
import type { AgentEntry } from '../../ports/agents.ts';
import type { Subject } from '../../ports/auth.ts';
import { buildAgentCard } from './card.ts';
import { inventory } from '../agent-inventory.ts';
import { invalidParams } from './errors.ts';
import type { AgentCard } from './wire.ts';

/** The agent an A2A request is routed to, with the R it was reached by. */
export interface RoutedAgent {
  entry: AgentEntry;
  a2aTenant: string;
  /** The tenant named no agent of the caller (see `nobody`). */
  unknown?: true;
}

/** The one answer for an R that names no agent of the caller: never minted and foreign alike. */
export function unknownTenant() {
  return invalidParams('tenant does not name an agent of this host');
}

/**
 * What a `tenant` (the JSON-RPC param, the HTTP+JSON `/{tenant}` path segment) that names no agent
 * of the caller routes to: an agent that owns no task and runs no skill. Task operations through
 * it answer exactly as for an unknown task (interop.md §"The operation mappings" Isolation); those
 * that would start a task or read a card answer `unknownTenant()`. A foreign tenant's name, another
 * tenant's R and an R never minted all land here, so they answer alike.
 */
function nobody(tenant: string): RoutedAgent {
  return {
    entry: { agentId: '', persona: '', label: '', workflowIds: [] },
    a2aTenant: tenant,
    unknown: true,
  };
}

/**
 * The agent a request's `tenant` routes to; undefined for a request without one, or naming the
 * caller's own tenant (A2A's optional tenant segment; it selects nothing the credential did not).
 * Call only for an authenticated caller (the pipeline does, after authentication and negotiation).
 */
export async function resolveTenant(
  ctx: HostContext,
  subject: Subject,
  params: unknown,
): Promise<RoutedAgent | undefined> {
  if (typeof params !== 'object' || params === null) return undefined;
  const tenant = (params as Record<string, unknown>)['tenant'];
  if (tenant === undefined || tenant === '' || tenant === subject.tenant) return undefined;
  if (typeof tenant !== 'string') throw unknownTenant();
  if (!ctx.config.a2a.agentCards) return nobody(tenant);
  for (const { entry, a2aTenant } of await inventory(ctx, subject)) {
    if (a2aTenant === tenant) return { entry, a2aTenant };
  }
  return nobody(tenant);
}

/** Workflow ids an agent runs for this caller (its own list within what the host routes). */
export function agentSkillFilter(
  agent: RoutedAgent | undefined,
): ((id: string) => boolean) | undefined {
  if (!agent) return undefined;
  const ids = new Set(agent.entry.workflowIds);
  return (id) => ids.has(id);
}

/**
 * Whether a task is the routed agent's: its workflow is one the host routes to that agent. A request
 * reached through an agent's R sees only that agent's tasks; any other task of the caller answers
 * exactly as an unknown one (interop.md §"Per-agent cards": R is a `tenant` value under Isolation).
 * A request without R sees every task the caller may read.
 */
export function agentOwns(agent: RoutedAgent | undefined, workflowId: string): boolean {
  return !agent || agent.entry.workflowIds.includes(workflowId);
}

/** The agent's own card (interop.md §"Per-agent cards"). */
export async function agentCard(
  ctx: HostContext,
  subject: Subject,
  agent: RoutedAgent,
): Promise<AgentCard> {
  const host = await buildAgentCard(ctx, subject);
  const { entry, a2aTenant } = agent;
  const runs = agentSkillFilter(agent)!;
  return {
    ...host,
    name: entry.persona,
    version: entry.packVersion ?? host.version,
    description: entry.description ?? entry.label,
    supportedInterfaces: host.supportedInterfaces.map((i) => ({ ...i, tenant: a2aTenant })),
    skills: (host.skills ?? []).filter((s) => runs(s.id)),
  };
}
