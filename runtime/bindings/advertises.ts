// Whether the host advertises a map row's `requires` entry (`<family>.<property>`, e.g.
// `a2a.streaming`, `mcp.serverMount`), for every binding alike (interop.md §"The operation
// mappings": a row whose facet property is not advertised is refused). The configuration the
// facets are built from decides, read at each request; a property the configuration does not hold
// by that name (`mcp.serverMount`, made from the MCP transports) is read off the discovery document
// as served. A property counts when it is `true` or an object (a mount, a block of settings).
import type { HostConfig } from '../config.ts';
import type { ServedDocument } from './discovery/document.ts';

function isOn(value: unknown): boolean {
  return value === true || (typeof value === 'object' && value !== null);
}

function member(holder: unknown, key: string): unknown {
  return typeof holder === 'object' && holder !== null && Object.hasOwn(holder, key)
    ? (holder as Record<string, unknown>)[key]
    : undefined;
}

export function advertises(
  config: HostConfig,
  served: () => ServedDocument,
  requirement: string,
): boolean {
  const dot = requirement.indexOf('.');
  if (dot <= 0) return false;
  const family = requirement.slice(0, dot);
  const property = requirement.slice(dot + 1);
  const configured = member(member(config, family), property);
  if (configured !== undefined) return isOn(configured);
  return isOn(member(member(served().document, family), property));
}
