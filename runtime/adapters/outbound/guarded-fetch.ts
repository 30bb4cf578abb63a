// The `fetch` of outbound steps: every URL passes the push egress guard (interop.md §"A2A push
// delivery" rules: https only, no loopback, private, link-local or metadata address unless the
// operator admits loopback for development) before the request leaves, and redirects are refused
// so a remote cannot send the request somewhere the guard never judged.
import { checkEgress, type EgressOptions } from '../push/egress-guard.ts';

export type OutboundFetch = (url: string, init: RequestInit) => Promise<Response>;

export function guardedFetch(options: EgressOptions, inner: OutboundFetch = fetch): OutboundFetch {
  return async (url, init) => {
    await checkEgress(url, options);
    return inner(url, { ...init, redirect: 'error' });
  };
}
