// `requestState` minted by the host as MCP server (the map's `mcp.mrtr` "requestState" row):
// integrity-protected (HMAC-SHA256 over the claims), bound to the authenticated principal, a TTL,
// the digest of the originating request (method + tool name + arguments), the runId, the
// interrupts it asks about and the round number; usable exactly once: spending it is one atomic
// insert in the store (spent_tokens), so two concurrent retries, even in two processes, cannot both
// pass, and a restart does not re-open a spent token. Markers are dropped once their token expired.
// The HMAC key is the configured secret, else one generated on first use and kept in the store, so
// a host restart does not break the MRTR calls in flight.
//
// Every refusal — malformed, tampered, expired, already used, another principal, another request —
// is the same -32602 "invalid requestState", so the answer tells a holder nothing about why.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Subject } from '../../ports/auth.ts';
import { canonicalJson, sha256Hex } from '../../util/digest.ts';
import type { KeyValueStore, TokenStore } from '../../ports/store/binding-state.ts';
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

/** What the states need of the host's binding state. */
export interface StateStore {
  tokens: TokenStore;
  kv: Pick<KeyValueStore, 'setKvIfAbsent'>;
}

const KEY_KV = 'mcp.requestState.hmacKey';

export function principalDigest(subject: Subject): string {
  return sha256Hex(canonicalJson([subject.issuer, subject.subjectId, subject.tenant]));
}

/** Digest of a tools/call request: what a retry must repeat byte-for-byte in meaning. */
export function callDigest(method: string, name: string, args: unknown): string {
  return sha256Hex(canonicalJson({ method, name, arguments: args }));
}

export function invalidState(): McpError {
  return new McpError(INVALID_PARAMS, 'invalid requestState', { reason: 'request_state_invalid' });
}

export class RequestStates {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly secret: string | undefined,
    private readonly store: StateStore,
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  /** The configured secret, else the stored key (made on first use). */
  private hmacKey(): Promise<Buffer> {
    this.key ??= (async () => {
      if (this.secret) return Buffer.from(this.secret, 'utf8');
      // First writer wins, so every host sharing the store signs with one key.
      const stored = await this.store.kv.setKvIfAbsent(KEY_KV, randomBytes(32).toString('base64'));
      return Buffer.from(stored, 'base64');
    })();
    return this.key;
  }

  async mint(
    subject: Subject,
    fields: { dig: string; runId: string; interruptIds: string[]; round: number },
  ): Promise<string> {
    const claims: StateClaims = {
      v: 1,
      jti: randomBytes(16).toString('base64url'),
      sub: principalDigest(subject),
      exp: this.now().getTime() + this.ttlMs,
      ...fields,
    };
    const body = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
    return `${body}.${await this.mac(body)}`;
  }

  /** Checks integrity, expiry, principal, request digest and that it is unused; consumes nothing. */
  async check(token: unknown, subject: Subject, dig: string): Promise<StateClaims> {
    const claims = await this.verify(token);
    if (
      !claims ||
      claims.exp <= this.now().getTime() ||
      claims.sub !== principalDigest(subject) ||
      claims.dig !== dig ||
      (await this.store.tokens.isTokenSpent(claims.jti))
    ) {
      throw invalidState();
    }
    return claims;
  }

  /** Spends a checked token; every later consumer (a concurrent retry too) is refused. */
  async consume(claims: StateClaims): Promise<void> {
    if (!(await this.store.tokens.spendToken(claims.jti, claims.exp, this.now().getTime())))
      throw invalidState();
  }

  private async mac(body: string): Promise<string> {
    return createHmac('sha256', await this.hmacKey())
      .update(body, 'utf8')
      .digest('base64url');
  }

  private async verify(token: unknown): Promise<StateClaims | undefined> {
    if (typeof token !== 'string' || token.length > 4096) return undefined;
    const [body, sig, ...rest] = token.split('.');
    if (!body || !sig || rest.length > 0) return undefined;
    const want = Buffer.from(await this.mac(body), 'utf8');
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
