// ListTasks page tokens. A token carries the core's list cursor and how many tasks the earlier
// pages listed, sealed with an HMAC under a host key kept in the store (host-key.ts). The MAC
// binds it to the caller's tenant, the agent routing value it came through and the request's
// filters. So a token this host did not mint for this caller and this query (forged, altered,
// another tenant's, or left over from another filter) is refused as invalid params before
// anything is read. A cursor reaches the core only if this host issued it, and every page it
// names costs one page (interop.md §Isolation: the token selects nothing the Subject does not).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { HostContext } from '../../context.ts';
import { invalidParams } from './errors.ts';
import { hostKey } from '../host-key.ts';

const KEY_NAME = 'a2a.pageToken.key';

/** Where the next page starts, and how many tasks the pages before it held. */
export interface PageState {
  cursor: string;
  listed: number;
}

async function mac(ctx: HostContext, scope: string, payload: string): Promise<Buffer> {
  return createHmac('sha256', await hostKey(ctx, KEY_NAME))
    .update(`${scope}\n${payload}`)
    .digest();
}

/** A token for `state`, valid only for requests with the same `scope`. */
export async function sealPageToken(
  ctx: HostContext,
  scope: string,
  state: PageState,
): Promise<string> {
  const payload = Buffer.from(JSON.stringify([state.cursor, state.listed])).toString('base64url');
  return `${payload}.${(await mac(ctx, scope, payload)).toString('base64url')}`;
}

/** The state a token carries; invalid params unless this host minted it for `scope`. */
export async function openPageToken(
  ctx: HostContext,
  scope: string,
  token: string,
): Promise<PageState> {
  const [payload, sig, extra] = token.split('.');
  if (payload && sig && extra === undefined) {
    const want = await mac(ctx, scope, payload);
    const got = Buffer.from(sig, 'base64url');
    if (got.length === want.length && timingSafeEqual(got, want)) {
      const v: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (Array.isArray(v) && typeof v[0] === 'string' && Number.isSafeInteger(v[1]))
        return { cursor: v[0], listed: v[1] as number };
    }
  }
  throw invalidParams('invalid pageToken');
}
