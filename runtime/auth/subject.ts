// The authenticated principal every core call runs under (DESIGN.md §5; interop.md §"The operation
// mappings" Isolation: the tenant comes only from the credential, never from contextId/tenant/_meta).
import type { components } from '../../generated/types/openapi.ts';

/** `{issuer, subjectId, tenant, lane, kind}` — the wire shape of RunSnapshot.owner.subject. */
export type Subject = components['schemas']['RunSnapshot_subject'];

/** Stable key for one principal (idempotency scope): issuer plus subjectId. */
export function principalOf(subject: Subject): string {
  return JSON.stringify([subject.issuer, subject.subjectId]);
}
