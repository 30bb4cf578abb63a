// The discovery schema has the families interop.md requires a host serving A2A or MCP to list.
import { joinPointer } from '../../load/pointer.ts';
import type { CheckRule } from '../rule.ts';

const FAMILIES = ['a2a', 'mcp', 'hostEvents', 'runList', 'agents', 'fixtures'] as const;

export const discoveryFamilies: CheckRule = {
  id: 'discovery-families',
  checks: 'the discovery schema has a property for every family a host must list',
  reports: ['discovery-family-missing'],
  run({ model }, sink) {
    if (!model.discovery) return;
    const props = (model.discovery.schema['properties'] ?? {}) as Record<string, unknown>;
    for (const family of FAMILIES) {
      if (!(family in props)) {
        sink.report(
          'discovery-family-missing',
          model.discovery.origin.file,
          joinPointer(model.discovery.origin.pointer, 'properties'),
          `the discovery schema has no "${family}" property (interop.md requires it of a host that serves A2A or MCP)`,
        );
      }
    }
  },
};
