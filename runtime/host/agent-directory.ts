// The reference host's agent inventory: agents declared in configuration (`config.agents`), each
// visible to the tenants it names. A deployment with installed agent packs replaces this directory
// behind the same port (ports/agents.ts).
import type { AgentManifest } from '../config.ts';
import type { AgentDirectory, AgentEntry } from '../ports/agents.ts';

export function staticAgentDirectory(manifests: () => readonly AgentManifest[]): AgentDirectory {
  return {
    async listAgents(subject) {
      return manifests()
        .filter((m) => m.tenants.includes(subject.tenant))
        .map(({ tenants: _tenants, ...entry }): AgentEntry => entry);
    },
  };
}
