// Version negotiation, one algorithm for A2A and MCP (interop.md §Negotiation is a protocol):
// candidate = requested, else preferred; below the floor fails closed; a version not offered is
// refused; lowering below preferred needs an authenticated peer; otherwise accepted.
import { compareVersions, type NegotiationTable } from '@wopgen/generated/negotiation/tables';

export interface OfferedVersions {
  versions: readonly string[];
  preferred: string;
  floor: string;
}

export type NegotiationReason = 'ok' | 'below-floor' | 'unsupported' | 'unauthenticated';

export interface NegotiationDecision {
  outcome: 'accepted' | 'refused';
  reason: NegotiationReason;
  /** The version served; absent when refused. */
  version?: string;
  floor: string;
  /** What the peer named, verbatim; absent when it named nothing. */
  requested?: string;
}

export function decide(
  table: NegotiationTable,
  offered: OfferedVersions,
  request: { requested?: string; authenticated: boolean },
): NegotiationDecision {
  const base = {
    floor: offered.floor,
    ...(request.requested !== undefined ? { requested: request.requested } : {}),
  };
  const candidate = request.requested ?? offered.preferred;
  if (!table.pattern.test(candidate)) return { ...base, outcome: 'refused', reason: 'unsupported' };
  if (compareVersions(table, candidate, offered.floor) < 0) {
    return { ...base, outcome: 'refused', reason: 'below-floor' };
  }
  if (!offered.versions.includes(candidate)) {
    return { ...base, outcome: 'refused', reason: 'unsupported' };
  }
  if (!request.authenticated && compareVersions(table, candidate, offered.preferred) < 0) {
    return { ...base, outcome: 'refused', reason: 'unauthenticated' };
  }
  return { ...base, outcome: 'accepted', reason: 'ok', version: candidate };
}
