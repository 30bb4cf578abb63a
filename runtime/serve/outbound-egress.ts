// `wopgen serve` flags for where outbound steps (a2a-call, mcp-call) may go, read as the push
// flags are (push-egress.ts) and judged by the same guard (adapters/push/egress-guard.ts):
//   --outbound-allow-cidrs CIDR,CIDR  WOPGEN_OUTBOUND_ALLOW_CIDRS  private networks steps may reach
//   --outbound-ports N,N              WOPGEN_OUTBOUND_PORTS        ports a target may name (443,80)
//   --outbound-allow-http             WOPGEN_OUTBOUND_ALLOW_HTTP=1 development: admit http: targets
import type { OutboundConfig } from '../config.ts';
import { egressLists } from './push-egress.ts';

export const OUTBOUND_EGRESS_OPTIONS = {
  'outbound-allow-cidrs': { type: 'string' },
  'outbound-ports': { type: 'string' },
  'outbound-allow-http': { type: 'boolean' },
} as const;

export interface OutboundEgressSettings {
  outboundAllowCidrs?: string[];
  outboundPorts?: number[];
  outboundAllowHttp?: boolean;
}

export function outboundEgressSettings(
  values: {
    'outbound-allow-cidrs'?: string;
    'outbound-ports'?: string;
    'outbound-allow-http'?: boolean;
  },
  env: NodeJS.ProcessEnv,
): OutboundEgressSettings {
  const { cidrs, ports } = egressLists(
    values['outbound-allow-cidrs'] ?? env['WOPGEN_OUTBOUND_ALLOW_CIDRS'],
    values['outbound-ports'] ?? env['WOPGEN_OUTBOUND_PORTS'],
    { cidrs: '--outbound-allow-cidrs', ports: '--outbound-ports' },
  );
  const http = values['outbound-allow-http'] === true || env['WOPGEN_OUTBOUND_ALLOW_HTTP'] === '1';
  return {
    ...(cidrs && { outboundAllowCidrs: cidrs }),
    ...(ports && { outboundPorts: ports }),
    ...(http && { outboundAllowHttp: true }),
  };
}

export function applyOutboundEgress(c: OutboundConfig, s: OutboundEgressSettings): void {
  if (s.outboundAllowCidrs) c.allowedCidrs = s.outboundAllowCidrs;
  if (s.outboundPorts) c.allowedPorts = s.outboundPorts;
  if (s.outboundAllowHttp) c.allowHttp = true;
}
