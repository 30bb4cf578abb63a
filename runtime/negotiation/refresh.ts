// The refresh SLA (interop.md §Negotiation is a protocol): the offered versions are re-evaluated
// against the versions this build implements (the generated pins) at start and daily; the facet's
// `refreshedAt` is the date of the last successful evaluation. A facet whose preferred version or
// floor is not offered, that offers a version this build cannot serve, or whose window exceeds
// 90 days is inconsistent, and the host refuses to run with it.
import type { InteropProtocol } from '@wopgen/generated/negotiation/tables';
import type { OfferedVersions, VersionRules } from './decide.ts';

export const MAX_REFRESH_WINDOW_DAYS = 90;

export class StaleFacetError extends Error {
  constructor(protocol: string, problems: string[]) {
    super(`the ${protocol} facet cannot be advertised: ${problems.join('; ')}`);
    this.name = 'StaleFacetError';
  }
}

/** Returns the new `refreshedAt` (YYYY-MM-DD) or throws StaleFacetError naming every problem. */
export function evaluateFacet(
  rules: VersionRules,
  protocol: InteropProtocol,
  offered: OfferedVersions,
  windowDays: number,
  today: Date,
): string {
  const table = rules.tables[protocol];
  const problems: string[] = [];
  if (offered.versions.length === 0) problems.push('no version is offered');
  for (const v of offered.versions) {
    if (!table.pattern.test(v)) problems.push(`"${v}" is not a ${protocol} version`);
    else if (v !== table.pinned) {
      problems.push(
        `"${v}" is offered but this build implements only ${table.pinned} (pinned ${table.release})`,
      );
    }
  }
  if (!offered.versions.includes(offered.preferred)) {
    problems.push(`preferred version "${offered.preferred}" is not offered`);
  }
  if (!offered.versions.includes(offered.floor)) {
    problems.push(`floor "${offered.floor}" is not offered`);
  }
  if (!(windowDays >= 1 && windowDays <= MAX_REFRESH_WINDOW_DAYS)) {
    problems.push(`refresh window of ${windowDays} days is outside 1–${MAX_REFRESH_WINDOW_DAYS}`);
  }
  if (problems.length > 0) throw new StaleFacetError(protocol, problems);
  return today.toISOString().slice(0, 10);
}

/** True when a `refreshedAt` date is no longer within its window (or lies in the future). */
export function isStale(refreshedAt: string, windowDays: number, today: Date): boolean {
  const at = Date.parse(`${refreshedAt}T00:00:00Z`);
  const now = Date.parse(`${today.toISOString().slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at) || at > now || now - at > windowDays * 86_400_000;
}
