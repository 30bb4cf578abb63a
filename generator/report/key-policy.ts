// Where the report may send the operator's key (README "Interop report"). The host names its own
// card and interface URLs, and a hostile or mistaken host may name another origin: the key goes
// only to the origin of --host (and any origin the operator adds with --trust-origin). A probe
// whose URL is on another origin is not sent at all, so nothing the report does there can act
// with the key or reach a service behind it; the row says so, and counts as a disagreement. The
// public agent card, which needs no key, is read from wherever discovery says, never with one.
import { httpUrl } from './probe.ts';

/** How a row's probe was sent, as the report prints it in its "Key" column. */
export type KeyUse = 'sent' | 'no key given' | 'not sent (another origin)' | '—';

export interface KeyPolicy {
  /** Origins the key may go to, --host's first. */
  readonly trusted: readonly string[];
  /** Advertised URLs (normalised) the policy kept the key and the probes from. */
  readonly withheld: readonly string[];
  /** Whether a probe may be sent to `url`. Records `url` as withheld when not. */
  allows(url: string): boolean;
  /** The headers that authenticate a probe to an allowed URL (none without a key). */
  readonly auth: Record<string, string>;
  /** The Key column of a row whose probe was sent. */
  readonly sentAs: KeyUse;
}

export function keyPolicy(
  hostUrl: string,
  apiKey: string | undefined,
  extraOrigins: readonly string[] = [],
): KeyPolicy {
  const trusted = [
    ...new Set([hostUrl, ...extraOrigins].map((u) => httpUrl(u)?.origin).filter(isString)),
  ];
  const withheld = new Set<string>();
  return {
    trusted,
    get withheld() {
      return [...withheld];
    },
    allows(url) {
      const u = httpUrl(url);
      if (u && trusted.includes(u.origin)) return true;
      withheld.add(u?.href ?? url);
      return false;
    },
    auth: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    sentAs: apiKey ? 'sent' : 'no key given',
  };
}

const isString = (v: string | undefined): v is string => v !== undefined;
