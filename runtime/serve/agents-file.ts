// `serve.agents` of wopgen.config.json: the agent inventory `wopgen serve` publishes (`GET
// /agents`, and each agent's own A2A card behind its `a2aTenant`, interop.md §"Per-agent cards").
// Declared, not derived from the routed skills: an inventory entry carries what no workflow
// holds (the persona a card is named for, the pack version it reports, the tenants that see it),
// and the card's skills are then the workflows the entry routes. Every mistake names its path.
import type { AgentManifest } from '../config.ts';
import { UsageError } from './usage.ts';

// schemas/ids.schema.json#/$defs/agentId
const AGENT_ID = /^[A-Za-z0-9._~:-]{1,128}$/;

type Check = (v: unknown) => boolean;
const text: Check = (v) => typeof v === 'string' && v !== '';
const texts: Check = (v) => Array.isArray(v) && v.length > 0 && v.every(text);

const FIELDS: Record<keyof AgentManifest, { check: Check; what: string; required: boolean }> = {
  agentId: {
    check: (v) => typeof v === 'string' && AGENT_ID.test(v),
    what: 'an agent id (1-128 of A-Z a-z 0-9 . _ ~ : -)',
    required: true,
  },
  persona: { check: text, what: 'a non-empty string (the card name)', required: true },
  label: { check: text, what: 'a non-empty string', required: true },
  description: { check: text, what: 'a non-empty string', required: false },
  packName: { check: text, what: 'a non-empty string', required: false },
  packVersion: { check: text, what: 'a non-empty string (the card version)', required: false },
  workflowIds: { check: texts, what: 'a non-empty array of workflow ids', required: true },
  tenants: { check: texts, what: 'a non-empty array of tenant names', required: true },
};

/** The agents of `serve.agents` in `file`, checked; throws a UsageError naming the first mistake. */
export function readAgents(value: unknown, file: string): AgentManifest[] {
  if (!Array.isArray(value))
    throw new UsageError(`${file}: "serve.agents" must be an array of agents`);
  const seen = new Map<string, Set<string>>();
  return value.map((agent: unknown, i) => {
    const at = `${file}: "serve.agents[${i}]`;
    if (typeof agent !== 'object' || agent === null || Array.isArray(agent))
      throw new UsageError(`${at}" must be an object`);
    const a = agent as Record<string, unknown>;
    for (const key of Object.keys(a))
      if (!Object.hasOwn(FIELDS, key))
        throw new UsageError(
          `${at}.${key}" is not an agent field (fields: ${Object.keys(FIELDS).join(', ')})`,
        );
    for (const [key, rule] of Object.entries(FIELDS)) {
      if (a[key] === undefined) {
        if (rule.required) throw new UsageError(`${at}.${key}" is missing: ${rule.what}`);
      } else if (!rule.check(a[key])) throw new UsageError(`${at}.${key}" must be ${rule.what}`);
    }
    const m = a as unknown as AgentManifest;
    // One agent per id in a tenant's inventory (`GET /agents/{agentId}` names one).
    for (const tenant of m.tenants) {
      const ids = seen.get(tenant) ?? new Set<string>();
      if (ids.has(m.agentId))
        throw new UsageError(
          `${at}.agentId" "${m.agentId}" is declared twice for tenant "${tenant}"`,
        );
      seen.set(tenant, ids.add(m.agentId));
    }
    return structuredClone(m);
  });
}

/** The ids the agents route that `known` does not hold, one line each (a refusal at start). */
export function unknownAgentWorkflows(
  agents: readonly AgentManifest[],
  known: (workflowId: string) => boolean,
): string[] {
  return agents.flatMap((a) =>
    a.workflowIds
      .filter((id) => !known(id))
      .map((id) => `agent "${a.agentId}" routes workflow "${id}", which is not served`),
  );
}
