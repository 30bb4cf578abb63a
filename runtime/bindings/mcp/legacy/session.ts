// An initialize-era session (streamable HTTP 2025-06-18/2025-11-25 §Session Management): minted by
// `initialize`, named by `Mcp-Session-Id` afterwards, ended by DELETE. Held in the store through
// the LegacySessionStore port. A session is bound to the principal that opened it: presented under
// any other key it is answered exactly as an unknown one (interop.md §Isolation: a session id never
// selects a tenant). The id is 192 random bits, visible ASCII as the transport requires.
import { randomBytes } from 'node:crypto';
import type { Subject } from '../../../ports/auth.ts';
import type { ClientCapabilities } from '../envelope.ts';
import { isRecord } from '../jsonrpc.ts';
import { principalDigest } from '../request-state.ts';
import type { LegacySessionStore } from './session-store.ts';
import type { LegacyRevision } from './versions.ts';

export interface LegacySession {
  id: string;
  /** The revision `initialize` settled on. */
  version: LegacyRevision;
  /** What the client's `initialize` named, verbatim (negotiation.decided `requested`). */
  requested?: string;
  /** sha256 of (issuer, subjectId, tenant): the only principal that may use the session. */
  principal: string;
  /** The client's declared capabilities, without `extensions` (no extension is served here). */
  capabilities: ClientCapabilities;
  createdAt: string;
}

const sessionKey = (id: string) => `session.${id}`;

/** The capabilities the handlers may rely on: a legacy client gets no extension (no tasks). */
export function legacyCapabilities(declared: unknown): ClientCapabilities {
  if (!isRecord(declared)) return {};
  const { extensions: _ignored, ...rest } = declared;
  return rest;
}

export interface SessionInit {
  version: LegacyRevision;
  requested?: string;
  capabilities: unknown;
  now: Date;
}

/** A new session of `subject` (stdio keeps its one session in memory; HTTP stores it). */
export function newSession(subject: Subject, init: SessionInit): LegacySession {
  return {
    id: randomBytes(24).toString('base64url'),
    version: init.version,
    ...(init.requested !== undefined && { requested: init.requested }),
    principal: principalDigest(subject),
    capabilities: legacyCapabilities(init.capabilities),
    createdAt: init.now.toISOString(),
  };
}

export class LegacySessions {
  constructor(readonly store: LegacySessionStore) {}

  async mint(subject: Subject, init: SessionInit): Promise<LegacySession> {
    const session = newSession(subject, init);
    await this.store.put(sessionKey(session.id), session);
    return session;
  }

  /** The session `id` as `subject` may use it; undefined when unknown, ended or another's. */
  async open(id: string, subject: Subject): Promise<LegacySession | undefined> {
    const s = await this.store.get<LegacySession>(sessionKey(id));
    return s && s.principal === principalDigest(subject) ? s : undefined;
  }

  async end(id: string): Promise<void> {
    await this.store.delete(sessionKey(id));
  }
}
