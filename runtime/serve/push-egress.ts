// `wopgen serve` flags for where A2A pushes may go (adapters/push/egress-guard.ts). Flags win over
// the environment:
//   --push-allow-cidrs CIDR,CIDR   WOPGEN_PUSH_ALLOW_CIDRS   private networks push may reach
//                                                          (in-cluster webhooks); none by default
//   --push-ports N,N               WOPGEN_PUSH_PORTS         ports a push URL may name (443,80)
// A malformed CIDR or port, or an empty list, is a UsageError naming it. Metadata and reserved
// addresses stay refused whatever the list says.
import type { PushDeliveryConfig } from '../config.ts';
import { parseCidr } from '../adapters/push/egress-guard.ts';
import { UsageError } from './usage.ts';

export const PUSH_EGRESS_OPTIONS = {
  'push-allow-cidrs': { type: 'string' },
  'push-ports': { type: 'string' },
} as const;

export interface PushEgressSettings {
  pushAllowCidrs?: string[];
  pushPorts?: number[];
}

function list(text: string, what: string): string[] {
  const items = text
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
  if (items.length === 0) throw new UsageError(`${what} names nothing`);
  return items;
}

/** A CIDR list and a port list of the egress guard, read from their flag (or variable) texts. */
export function egressLists(
  cidrText: string | undefined,
  portText: string | undefined,
  flags: { cidrs: string; ports: string },
): { cidrs?: string[]; ports?: number[] } {
  const out: { cidrs?: string[]; ports?: number[] } = {};
  if (cidrText !== undefined) {
    out.cidrs = list(cidrText, flags.cidrs);
    const bad = out.cidrs.find((c) => !parseCidr(c));
    if (bad !== undefined)
      throw new UsageError(`${flags.cidrs}: "${bad}" is not a CIDR (such as 10.20.0.0/16)`);
  }
  if (portText !== undefined) {
    const ports = list(portText, flags.ports);
    const bad = ports.find((p) => !/^\d{1,5}$/.test(p) || Number(p) < 1 || Number(p) > 65535);
    if (bad !== undefined)
      throw new UsageError(`${flags.ports}: "${bad}" is not a port from 1 to 65535`);
    out.ports = ports.map(Number);
  }
  return out;
}

/** The push egress settings of parsed flags and the environment (flags win). */
export function pushEgressSettings(
  values: { 'push-allow-cidrs'?: string; 'push-ports'?: string },
  env: NodeJS.ProcessEnv,
): PushEgressSettings {
  const { cidrs, ports } = egressLists(
    values['push-allow-cidrs'] ?? env['WOPGEN_PUSH_ALLOW_CIDRS'],
    values['push-ports'] ?? env['WOPGEN_PUSH_PORTS'],
    { cidrs: '--push-allow-cidrs', ports: '--push-ports' },
  );
  return { ...(cidrs && { pushAllowCidrs: cidrs }), ...(ports && { pushPorts: ports }) };
}

/** Put the settings into the host's push delivery config. */
export function applyPushEgress(push: PushDeliveryConfig, s: PushEgressSettings): void {
  if (s.pushAllowCidrs) push.allowedCidrs = s.pushAllowCidrs;
  if (s.pushPorts) push.allowedPorts = s.pushPorts;
}
