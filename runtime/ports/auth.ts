// The authenticated principal every port call runs under (DESIGN.md §5; interop.md §"The operation
// mappings" Isolation: the tenant comes only from the credential, never from contextId/tenant/_meta).
import type { components } from '@wopgen/generated/types/openapi';

/** `{issuer, subjectId, tenant, lane, kind}` — the wire shape of RunSnapshot.owner.subject. */
export type Subject = components['schemas']['RunSnapshot_subject'];

/** Stable key for one principal (idempotency scope): issuer plus subjectId. */
export function principalOf(subject: Subject): string {
  return JSON.stringify([subject.issuer, subject.subjectId]);
}

/** Turns a request's credential into a Subject; undefined when absent or not recognised. */
export interface Authenticator {
  /** `authorization` is the raw `Authorization` header value. */
  authenticate(authorization: string | undefined): Promise<Subject | undefined>;
}

/**
 * The caller of an unauthenticated exchange (the public agent card): a port answers it with what
 * anyone may see. Its tenant is the host scope, which owns no run.
 */
export const ANONYMOUS: Subject = {
  issuer: 'urn:openwop:anonymous',
  subjectId: 'anonymous',
  tenant: '_host',
  lane: 'anonymous',
  kind: 'anonymous',
};
