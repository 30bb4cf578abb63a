// Host configuration: what `wopgen serve` (or an embedding program) decides, with defaults that
// advertise exactly what the reference host serves.
import { negotiationTables } from '../generated/negotiation/tables.ts';

export interface A2aConfig {
  versions: string[];
  preferredVersion: string;
  minimumVersion: string;
  streaming: boolean;
  pushNotifications: boolean;
  durableTasks: boolean;
  /** Workflow ids A2A routes as skills; undefined routes every workflow of the registry. */
  skills?: string[];
  /** Milliseconds a blocking SendMessage waits for a terminal or input-required state. */
  blockingTimeoutMs: number;
}

export interface HostConfig {
  /** Absolute base URL every advertised URL is built from (no trailing slash). */
  baseUrl: string;
  /** The OpenWOP versions served on REST (`OpenWOP-Version`). */
  protocolVersions: string[];
  preferredProtocolVersion: string;
  a2a: A2aConfig;
  /** Days an advertisement stays fresh; at most 90 (interop.md, the refresh SLA). */
  refreshWindowDays: number;
  /** Request body limit in bytes. */
  bodyLimit: number;
}

export function defaultConfig(baseUrl: string): HostConfig {
  const pinned = negotiationTables.a2a.pinned;
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    protocolVersions: ['2.0'],
    preferredProtocolVersion: '2.0',
    a2a: {
      versions: [pinned],
      preferredVersion: pinned,
      minimumVersion: pinned,
      streaming: true,
      pushNotifications: false,
      durableTasks: true,
      blockingTimeoutMs: 10_000,
    },
    refreshWindowDays: 90,
    bodyLimit: 1024 * 1024,
  };
}
