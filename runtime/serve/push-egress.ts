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

/** The push egress settings of parsed flags and the environment (flags win). */
export function pushEgressSettings(
  values: { 'push-allow-cidrs'?: string; 'push-ports'?: string },
  env: NodeJS.ProcessEnv,
): PushEgressSettings {
  const cidrText = values['push-allow-cidrs'] ?? env['WOPGEN_PUSH_ALLOW_CIDRS'];
  const portText = values['push-ports'] ?? env['WOPGEN_PUSH_PORTS'];
  const out: PushEgressSettings = {};
  if (cidrText !== undefined) {
    out.pushAllowCidrs = list(cidrText, '--push-allow-cidrs');
    const bad = out.pushAllowCidrs.find((c) => !parseCidr(c));
    if (bad !== undefined)
      throw new UsageError(`--push-allow-cidrs: "${bad}" is not a CIDR (such as 10.20.0.0/16)`);
  }
  if (portText !== undefined) {
    const ports = list(portText, '--push-ports');
    const bad = ports.find((p) => !/^\d{1,5}$/.test(p) || Number(p) < 1 || Number(p) > 65535);
    if (bad !== undefined)
      throw new UsageError(`--push-ports: "${bad}" is not a port from 1 to 65535`);
    out.pushPorts = ports.map(Number);
  }
  return out;
}

/** Put the settings into the host's push delivery config. */
export function applyPushEgress(push: PushDeliveryConfig, s: PushEgressSettings): void {
  if (s.pushAllowCidrs) push.allowedCidrs = s.pushAllowCidrs;
  if (s.pushPorts) push.allowedPorts = s.pushPorts;
}
