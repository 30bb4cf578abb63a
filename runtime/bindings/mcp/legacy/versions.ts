// The `initialize`-era revisions the host speaks as a private, non-advertised behaviour
// (interop.md §"Legacy profiles are absent"): never listed in `mcp.revisions`, discovery or
// `server/discover`. Lifecycle §Version Negotiation (2025-06-18, 2025-11-25): the server answers
// with the client's version when it supports it, otherwise with the latest one it supports.

/** Newest first: the answer to an `initialize` naming a revision not listed here. */
export const LEGACY_REVISIONS = ['2025-11-25', '2025-06-18'] as const;
export type LegacyRevision = (typeof LEGACY_REVISIONS)[number];

export function isLegacyRevision(v: unknown): v is LegacyRevision {
  return typeof v === 'string' && (LEGACY_REVISIONS as readonly string[]).includes(v);
}

/** The revision an `initialize` naming `requested` is served at. */
export function negotiateLegacy(requested: unknown): LegacyRevision {
  return isLegacyRevision(requested) ? requested : LEGACY_REVISIONS[0];
}

/** URL-mode elicitation and `elicitation.form`/`.url` sub-capabilities arrived in 2025-11-25. */
export function hasUrlElicitation(version: LegacyRevision): boolean {
  return version !== '2025-06-18';
}
