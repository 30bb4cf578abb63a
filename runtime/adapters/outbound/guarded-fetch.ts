// The `fetch` of outbound steps: every URL passes the push egress guard (interop.md §"A2A push
// delivery" rules: https only, no loopback, private, link-local or metadata address unless the
// operator admits loopback for development) before the request leaves, the request connects to the
// address the guard approved (pinned-fetch.ts: a second DNS answer never reaches the connect), and
// redirects are refused so a remote cannot send the request somewhere the guard never judged.
import type { OutboundCredential } from '../../config.ts';
import { checkEgress, type EgressOptions } from '../push/egress-guard.ts';
import { pinnedFetch, type PinnedOptions } from './pinned-fetch.ts';

export type OutboundFetch = (url: string, init: RequestInit) => Promise<Response>;

export function guardedFetch(
  options: EgressOptions & PinnedOptions,
  credentials: readonly OutboundCredential[] = [],
): OutboundFetch {
  return async (url, init) => {
    const target = await checkEgress(url, options);
    const headers = new Headers(init.headers);
    // The operator's credential for this origin only (an env reference, read now): a request to
    // any other target carries none.
    for (const c of credentials) {
      const value = process.env[c.env];
      if (c.origin === target.url.origin && value) headers.set(c.header, value);
    }
    return pinnedFetch(target, { ...init, headers, redirect: 'error' }, options);
  };
}
