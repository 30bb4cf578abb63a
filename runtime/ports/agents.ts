// The caller's agent inventory (`GET /agents`) as bindings see it: which agents the caller may
// reach and which workflows each one runs. interop.md §"Per-agent cards" publishes each entry as its
// own A2A card behind an opaque routing value the A2A binding mints (bindings/a2a/agent-routing.ts).
import type { Subject } from './auth.ts';

export interface AgentEntry {
  /** Chosen by the agent pack author (schemas/ids.schema.json#/$defs/agentId). */
  agentId: string;
  persona: string;
  label: string;
  description?: string;
  packName?: string;
  packVersion?: string;
  /** The workflows the host routes to this agent (before the caller's own filter). */
  workflowIds: string[];
}

export interface AgentDirectory {
  /** The agents `subject` may see, in a stable order. */
  listAgents(subject: Subject): Promise<AgentEntry[]>;
}
