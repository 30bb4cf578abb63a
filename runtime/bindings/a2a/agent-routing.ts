// Per-agent cards (interop.md §"Per-agent cards"): each agent of the caller's inventory is reached
// through an opaque routing value R, its `a2aTenant`. R is an HMAC under a host key kept in the
// store, over the host version, the caller's tenant and the agent id: stable for the agent and host
// version, and it encodes nothing a reader can recover (no tenant, workspace or principal).
// Resolution happens only after authentication, against the caller's own inventory, so an R of
// another tenant's agent is exactly an R never minted.
import { createHmac, randomBytes } from 'node:crypto';
import type { HostContext } from '../../context.ts';
import type { AgentEntry } from '../../ports/agents.ts';
import type { Subject } from '../../ports/auth.ts';
import { HOST_VERSION } from '../../version.ts';
import { buildAgentCard } from './card.ts';
import { invalidParams } from './errors.ts';
import type { AgentCard } from './wire.ts';

const KEY_NAME = 'a2a.agentRouting.key';

/** The agent an A2A request is routed to, with the R it was reached by. */
export interface RoutedAgent {
  entry: AgentEntry;
  a2aTenant: string;
}

const keys = new WeakMap<HostContext, Promise<Buffer>>();

function routingKey(ctx: HostContext): Promise<Buffer> {
  let key = keys.get(ctx);
  if (!key) {
    key = ctx.state.kv
      .setKvIfAbsent(KEY_NAME, randomBytes(32).toString('base64url'))
      .then((v) => Buffer.from(v, 'base64url'));
    keys.set(ctx, key);
  }
  return key;
}

/** R for `agentId` as `subject`'s tenant reaches it. */
export async function a2aTenantOf(
  ctx: HostContext,
  subject: Subject,
  agentId: string,
): Promise<string> {
  const mac = createHmac('sha256', await routingKey(ctx))
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

/** The one answer for an R that names no agent of the caller: never minted and foreign alike. */
export function unknownTenant() {
  return invalidParams('tenant does not name an agent of this host');
}

/**
 * The agent a request's `tenant` routes to; undefined for a request without one. Call only for an
 * authenticated caller (the pipeline does, after authentication and negotiation).
 */
export async function resolveTenant(
  ctx: HostContext,
  subject: Subject,
  params: unknown,
): Promise<RoutedAgent | undefined> {
  if (typeof params !== 'object' || params === null) return undefined;
  const tenant = (params as Record<string, unknown>)['tenant'];
  if (tenant === undefined || tenant === '') return undefined;
  if (typeof tenant !== 'string' || !ctx.config.a2a.agentCards) throw unknownTenant();
  for (const { entry, a2aTenant } of await inventory(ctx, subject)) {
    if (a2aTenant === tenant) return { entry, a2aTenant };
  }
  throw unknownTenant();
}

/** Workflow ids an agent runs for this caller (its own list within what the host routes). */
export function agentSkillFilter(
  agent: RoutedAgent | undefined,
): ((id: string) => boolean) | undefined {
  if (!agent) return undefined;
  const ids = new Set(agent.entry.workflowIds);
  return (id) => ids.has(id);
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
    skills: host.skills.filter((s) => runs(s.id)),
  };
}
