// Version negotiation, one algorithm for A2A and MCP (interop.md §Negotiation is a protocol):
// candidate = requested, else preferred; below the floor fails closed; a version not offered is
// refused; lowering below preferred needs an authenticated peer; otherwise accepted.
import type { InteropProtocol, NegotiationTable } from '@wopgen/generated/negotiation/tables';
import type { ServedContract } from '../contract/served.ts';
import { BoundedMemo } from '../util/bounded-memo.ts';

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

/**
 * Decisions already made, per table, by everything they depend on. Every exchange decides (CPU
 * profile: ~1.5% of a read's CPU), over a handful of distinct inputs. Bounded: a client names any
 * `requested` it likes, so the cache is emptied when full and over-long values are not kept.
 */
const decided = new WeakMap<NegotiationTable, BoundedMemo<string, Readonly<NegotiationDecision>>>();
const CACHED_REQUEST_MAX = 64;

/** The served contract's negotiation tables and version ordering. */
export type VersionRules = ServedContract['negotiation'];

/** The decision for one exchange (the same frozen object for the same inputs). */
export function decide(
  rules: VersionRules,
  protocol: InteropProtocol,
  offered: OfferedVersions,
  request: { requested?: string | undefined; authenticated: boolean },
): Readonly<NegotiationDecision> {
  const table = rules.tables[protocol];
  const compare = (a: string, b: string) => rules.compare(table, a, b);
  const requested = request.requested;
  if (requested !== undefined && requested.length > CACHED_REQUEST_MAX) {
    return decideOnce(table, compare, offered, request);
  }
  const key = `${offered.versions.join(',')}\0${offered.preferred}\0${offered.floor}\0${
    request.authenticated ? 1 : 0
  }${requested === undefined ? '' : `\0${requested}`}`;
  let cache = decided.get(table);
  if (!cache) decided.set(table, (cache = new BoundedMemo(256)));
  return cache.get(key, () => Object.freeze(decideOnce(table, compare, offered, request)));
}

function decideOnce(
  table: NegotiationTable,
  compare: (a: string, b: string) => number,
  offered: OfferedVersions,
  request: { requested?: string | undefined; authenticated: boolean },
): NegotiationDecision {
  const base = {
    floor: offered.floor,
    ...(request.requested !== undefined ? { requested: request.requested } : {}),
  };
  const candidate = request.requested ?? offered.preferred;
  if (!table.pattern.test(candidate)) return { ...base, outcome: 'refused', reason: 'unsupported' };
  if (compare(candidate, offered.floor) < 0) {
    return { ...base, outcome: 'refused', reason: 'below-floor' };
  }
  if (!offered.versions.includes(candidate)) {
    return { ...base, outcome: 'refused', reason: 'unsupported' };
  }
  if (!request.authenticated && compare(candidate, offered.preferred) < 0) {
    return { ...base, outcome: 'refused', reason: 'unauthenticated' };
  }
  return { ...base, outcome: 'accepted', reason: 'ok', version: candidate };
}
