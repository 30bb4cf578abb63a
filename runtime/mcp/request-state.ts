// `requestState` minted by the host as MCP server (the map's `mcp.mrtr` "requestState" row):
// integrity-protected (HMAC-SHA256 over the claims), bound to the authenticated principal, a TTL,
// the digest of the originating request (method + tool name + arguments), the runId, the
// interrupts it asks about and the round number; usable exactly once (used token ids persist in the
// store's kv, so a restart does not re-open them).
//
// Every refusal — malformed, tampered, expired, already used, another principal, another request —
// is the same -32602 "invalid requestState", so the answer tells a holder nothing about why.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Subject } from '../auth/subject.ts';
import { canonicalJson, sha256Hex } from '../core/digest.ts';
import { INVALID_PARAMS, McpError } from './jsonrpc.ts';

export interface StateClaims {
  v: 1;
  /** Token id (single use). */
  jti: string;
  /** sha256 of the principal (issuer, subjectId, tenant). */
  sub: string;
  /** Expiry, epoch milliseconds. */
  exp: number;
  /** Digest of the originating request. */
  dig: string;
  runId: string;
  interruptIds: string[];
  /** The input_required round this state answers (1-based). */
  round: number;
}

/** Where used token ids are remembered (the store's kv in the host). */
export interface UsedTokenStore {
  getKv(key: string): Promise<string | undefined>;
  setKv(key: string, value: string): Promise<void>;
}

export function principalDigest(subject: Subject): string {
  return sha256Hex(canonicalJson([subject.issuer, subject.subjectId, subject.tenant]));
}

/** Digest of a tools/call request: what a retry must repeat byte-for-byte in meaning. */
export function callDigest(method: string, name: string, args: unknown): string {
  return sha256Hex(canonicalJson({ method, name, arguments: args }));
}

function usedKey(claims: StateClaims): string {
  return `mcp.requestState.used.${claims.jti}`;
}

export function invalidState(): McpError {
  return new McpError(INVALID_PARAMS, 'invalid requestState', { reason: 'request_state_invalid' });
}

export class RequestStates {
  private readonly key: Buffer;
  /** Claimed in-process before the kv write, so two concurrent retries cannot both pass. */
  private readonly claimed = new Set<string>();

  constructor(
    secret: string | undefined,
    private readonly used: UsedTokenStore,
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {
    this.key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  mint(
    subject: Subject,
    fields: { dig: string; runId: string; interruptIds: string[]; round: number },
  ): string {
    const claims: StateClaims = {
      v: 1,
      jti: randomBytes(16).toString('base64url'),
      sub: principalDigest(subject),
      exp: this.now().getTime() + this.ttlMs,
      ...fields,
    };
    const body = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** Checks integrity, expiry, principal, request digest and that it is unused; consumes nothing. */
  async check(token: unknown, subject: Subject, dig: string): Promise<StateClaims> {
    const claims = this.verify(token);
    if (
      !claims ||
      claims.exp <= this.now().getTime() ||
      claims.sub !== principalDigest(subject) ||
      claims.dig !== dig
    ) {
      throw invalidState();
    }
    if (this.claimed.has(claims.jti) || (await this.used.getKv(usedKey(claims))) !== undefined) {
      throw invalidState();
    }
    return claims;
  }

  /** Consumes a checked token; a second consumer (a concurrent retry) is refused. */
  async consume(claims: StateClaims): Promise<void> {
    if (this.claimed.has(claims.jti)) throw invalidState();
    this.claimed.add(claims.jti);
    if ((await this.used.getKv(usedKey(claims))) !== undefined) throw invalidState();
    await this.used.setKv(usedKey(claims), new Date(claims.exp).toISOString());
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body, 'utf8').digest('base64url');
  }

  private verify(token: unknown): StateClaims | undefined {
    if (typeof token !== 'string' || token.length > 4096) return undefined;
    const [body, sig, ...rest] = token.split('.');
    if (!body || !sig || rest.length > 0) return undefined;
    const want = Buffer.from(this.mac(body), 'utf8');
    const got = Buffer.from(sig, 'utf8');
    if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StateClaims;
      return claims.v === 1 && Array.isArray(claims.interruptIds) ? claims : undefined;
    } catch {
      return undefined;
    }
  }
}
