// The content-free `negotiation.decided` record of every outcome, refusals included
// (interop.md §Negotiation is a protocol, "The audit event"): on the run's log when the exchange
// belongs to a run, else as the caller's durable host event. It never carries the peer origin in
// clear, only its sha256.
import { hash } from 'node:crypto';
import type { NegotiationDecided } from '@wopgen/generated/types/events';
import type { ServedContract } from '../contract/served.ts';
import type { Subject } from '../ports/auth.ts';
import type { NewRunEvent } from '../ports/events.ts';
import type { HostEventLog } from '../ports/host-events.ts';
import type { RunCore } from '../ports/run-core.ts';
import type { NegotiationDecision } from './decide.ts';
import { BoundedMemo } from '../util/bounded-memo.ts';

/** Tenant under which exchanges with no authenticated caller are recorded. */
export const HOST_SCOPE_TENANT = '_host';

/**
 * Longest `requested` kept in a record. Versions are short (`1.0`,
 * `2026-07-28`); a longer header is still named — its first characters and an ellipsis — so
 * the record stays content-free and small whatever a client sends.
 */
export const MAX_RECORDED_VERSION = 64;

export function boundedVersion(requested: string): string {
  return requested.length <= MAX_RECORDED_VERSION
    ? requested
    : `${requested.slice(0, MAX_RECORDED_VERSION - 1)}…`;
}

/**
 * Digests of recent peer origins: every exchange records one, and a host talks to few peers. The
 * origin is the peer's to choose (its Origin header), so the memo is emptied when full.
 */
const digests = new BoundedMemo<string, string>(1024);

export function peerDigest(origin: string): string {
  return digests.get(origin, (o) => hash('sha256', o, 'hex'));
}

/** The served contract's validator of the record's payload (its event schema). */
export type DecisionCheck = ServedContract['validators']['negotiationDecided'];

export function decisionPayload(
  validateNegotiationDecided: DecisionCheck,
  protocol: 'a2a' | 'mcp',
  decision: NegotiationDecision,
  peerOrigin: string,
  at: Date,
): NegotiationDecided {
  const payload: NegotiationDecided = {
    protocol,
    outcome: decision.outcome,
    at: at.toISOString(),
    floor: decision.floor,
    peerDigest: peerDigest(peerOrigin),
    reason: decision.reason,
  };
  if (decision.version !== undefined) payload.version = decision.version;
  if (decision.requested !== undefined) payload.requested = boundedVersion(decision.requested);
  const checked = checkedDecisions[protocol];
  if (checked.has(decision)) return payload;
  if (!validateNegotiationDecided(payload)) {
    throw new Error(
      `negotiation.decided payload invalid: ${JSON.stringify(validateNegotiationDecided.errors)}`,
    );
  }
  if (Object.isFrozen(decision)) checked.add(decision);
  return payload;
}

/**
 * Decisions whose payload has passed the schema check once. decide() hands out one frozen decision
 * per distinct input, and a payload differs from the last one of the same decision only in `at`
 * (an ISO timestamp) and `peerDigest` (a hex SHA-256), both made by the code above: checking every
 * request's payload again cost ~0.5% of a read's CPU (CPU profile).
 */
const checkedDecisions = {
  a2a: new WeakSet<NegotiationDecision>(),
  mcp: new WeakSet<NegotiationDecision>(),
};

/** The record as a run event: written with a run the exchange creates (CreateRunRequest.events). */
export function decisionEvent(payload: NegotiationDecided): NewRunEvent {
  return { type: 'negotiation.decided', payload };
}

/**
 * On the run's log when the exchange is bound to a run its caller reads, else a host event. Either
 * way a grouped append: committed before the answer goes out, synced by the group commit already
 * under way rather than awaited (README §Durability says what a power loss can lose). Every outcome
 * keeps its own record, as interop.md §"The audit event" asks, at no fsync wait of its own.
 */
export async function recordDecision(
  sink: { core: RunCore; hostEvents: HostEventLog },
  target: { runId?: string; subject?: Subject; tenant?: string },
  payload: NegotiationDecided,
): Promise<void> {
  if (target.runId && target.subject) {
    await sink.core.appendRunEvent(
      target.subject,
      target.runId,
      { type: 'negotiation.decided', payload },
      { wait: 'commit' },
    );
    return;
  }
  await sink.hostEvents.append(
    target.tenant ?? HOST_SCOPE_TENANT,
    { type: 'negotiation.decided', delivery: 'durable', payload },
    { wait: 'commit' },
  );
}
