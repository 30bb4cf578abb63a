// The `initialize` request of the 2025 lifecycle (2025-06-18 and 2025-11-25 §Lifecycle,
// Initialization): the client names the revision it wants and its capabilities; the server answers
// with the revision it will speak (negotiateLegacy), its capabilities and serverInfo. Elicitation,
// sampling and roots are client capabilities, read from the request and kept with the session.
// The outcome is recorded as every negotiation is (interop.md §Negotiation is a protocol, "The
// audit event"): `negotiation.decided`, here as the caller's durable host event, and on the log
// of every run the session starts.
import type { Subject } from '../../../ports/auth.ts';
import type { HostContext } from '../../../context.ts';
import { NegotiationRecorder, recorderSinks } from '../../../negotiation/recorder.ts';
import { HOST_NAME, HOST_VERSION } from '../../../version.ts';
import { catalogueCapabilities } from '../catalogue/catalogue.ts';
import type { LegacySession } from './session.ts';
import type { LegacyRevision } from './versions.ts';

export interface InitializeResult {
  protocolVersion: LegacyRevision;
  capabilities: Record<string, object>;
  serverInfo: { name: string; version: string };
}

export function initializeResult(ctx: HostContext, version: LegacyRevision): InitializeResult {
  return {
    protocolVersion: version,
    capabilities: { tools: {}, ...catalogueCapabilities(ctx.catalogue) },
    serverInfo: { name: HOST_NAME, version: HOST_VERSION },
  };
}

/** The revision the client's `initialize` named, when it named a string. */
export function requestedOf(params: Record<string, unknown> | undefined): string | undefined {
  const v = params?.protocolVersion;
  return typeof v === 'string' ? v : undefined;
}

/** Records the session's negotiation: on `runId`'s log, else as the caller's host event. */
export async function recordLegacyDecision(
  ctx: HostContext,
  session: Pick<LegacySession, 'version' | 'requested'>,
  subject: Subject,
  peerOrigin: string,
  runId?: string,
): Promise<void> {
  const decision = {
    outcome: 'accepted' as const,
    reason: 'ok' as const,
    version: session.version,
    floor: ctx.config.mcp.minimumRevision,
    ...(session.requested !== undefined && { requested: session.requested }),
  };
  const negotiation = new NegotiationRecorder(recorderSinks(ctx), 'mcp', peerOrigin);
  negotiation.subject = subject;
  negotiation.decision = decision;
  await (runId ? negotiation.bindRun(runId) : negotiation.finish());
}

/**
 * An `initialize` without credentials: refused (an unauthenticated exchange never lowers the
 * version below `preferredVersion`, interop.md §Negotiation is a protocol), recorded for the host.
 */
export async function recordLegacyRefusal(
  ctx: HostContext,
  requested: string | undefined,
  peerOrigin: string,
): Promise<void> {
  const decision = {
    outcome: 'refused' as const,
    reason: 'unauthenticated' as const,
    floor: ctx.config.mcp.minimumRevision,
    ...(requested !== undefined && { requested }),
  };
  const negotiation = new NegotiationRecorder(recorderSinks(ctx), 'mcp', peerOrigin);
  negotiation.decision = decision;
  await negotiation.finish();
}
