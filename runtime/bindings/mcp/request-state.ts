// `requestState` minted by the host as MCP server (the map's `mcp.mrtr` "requestState" row):
// integrity-protected (HMAC-SHA256 over the claims), bound to the authenticated principal, a TTL,
// the digest of the originating request (method + tool name + arguments), the runId and the
// interrupts it asks about (or, before any run, the questions it asked and the answers given so
// far, questions.ts) and the round number; usable exactly once: spending it is one atomic
// insert in the store (spent_tokens), so two concurrent retries, even in two processes, cannot both
// pass, and a restart does not re-open a spent token. Markers are dropped once their token expired.
// The HMAC key is the configured secret, else one generated on first use and kept in the store, so
// a host restart does not break the MRTR calls in flight, every host of a deployment verifies what
// any other minted, and the key can be rotated without breaking rounds in flight (state-keys.ts).
//
// Every refusal — malformed, tampered, expired, already used, another principal, another request —
// is the same -32602 "invalid requestState", so the answer tells a holder nothing about why.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Subject } from '../../ports/auth.ts';
import { canonicalJson, sha256Hex } from '../../util/digest.ts';
import type { TokenStore } from '../../ports/store/binding-state.ts';
import { INVALID_PARAMS, McpError } from './jsonrpc.ts';
import { StateKeys, type StateKeyStore } from './state-keys.ts';

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
  /** Absent for a round asked before any run exists (questions.ts). */
  runId?: string;
  interruptIds: string[];
  /** Before any run: the names of the questions this round asked, and the answers kept so far. */
  questions?: string[];
  answers?: Record<string, Record<string, unknown>>;
  /** The input_required round this state answers (1-based). */
  round: number;
}

/** What the states need of the host's binding state. */
export interface StateStore {
  tokens: TokenStore;
  kv: StateKeyStore;
}

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
  private readonly keys: StateKeys;

  constructor(
    secret: string | undefined,
    private readonly store: StateStore,
    private readonly ttlMs: number,
    private readonly now: () => Date,
    kek?: string,
  ) {
    this.keys = new StateKeys(secret, store.kv, Date.now, kek);
  }

  /** Reads the key ring once (at start): a sealed ring this host cannot open stops it here. */
  async ready(): Promise<void> {
    await this.keys.ring();
  }

  async mint(
    subject: Subject,
    fields: Pick<StateClaims, 'dig' | 'runId' | 'interruptIds' | 'questions' | 'answers' | 'round'>,
  ): Promise<string> {
    const claims: StateClaims = {
      v: 1,
      jti: randomBytes(16).toString('base64url'),
      sub: principalDigest(subject),
      exp: this.now().getTime() + this.ttlMs,
      ...fields,
    };
    const body = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
    return `${body}.${mac(body, (await this.keys.ring()).current)}`;
  }

  /**
   * Checks integrity, expiry, principal, request digest and that it is unused; consumes nothing.
   * A token spent on a run's round under `idempotencyKey` is answered `replay` to a repeat under
   * the same key (tools/call's Idempotency-Key): the round is answered again, nothing resolved twice.
   */
  async check(
    token: unknown,
    subject: Subject,
    dig: string,
    idempotencyKey?: string,
  ): Promise<StateClaims & { replay?: true }> {
    const claims = await this.verify(token);
    if (
      !claims ||
      claims.exp <= this.now().getTime() ||
      claims.sub !== principalDigest(subject) ||
      claims.dig !== dig
    ) {
      throw invalidState();
    }
    const { tokens } = this.store;
    if (!(await tokens.isTokenSpent(claims.jti))) return claims;
    if (
      claims.runId !== undefined &&
      idempotencyKey !== undefined &&
      (await tokens.isTokenSpent(spentUnder(claims.jti, idempotencyKey)))
    )
      return { ...claims, replay: true };
    throw invalidState();
  }

  /**
   * Spends a checked token; every later consumer (a concurrent retry too) is refused, but for a
   * repeat under the same `idempotencyKey` (check).
   */
  async consume(claims: StateClaims, idempotencyKey?: string): Promise<void> {
    const now = this.now().getTime();
    if (!(await this.store.tokens.spendToken(claims.jti, claims.exp, now))) throw invalidState();
    // Marked after the spend: a crash in between leaves a repeat refused, never answered falsely.
    if (idempotencyKey !== undefined)
      await this.store.tokens.spendToken(spentUnder(claims.jti, idempotencyKey), claims.exp, now);
  }

  /** Whether `sig` is the MAC of `body` under a key of the ring (re-read once when none matches). */
  private async signed(body: string, sig: string): Promise<boolean> {
    const got = Buffer.from(sig, 'utf8');
    const matches = (keys: Buffer[]) =>
      keys.some((key) => {
        const want = Buffer.from(mac(body, key), 'utf8');
        return want.length === got.length && timingSafeEqual(want, got);
      });
    if (matches((await this.keys.ring()).accepted)) return true;
    return this.keys.forget() && matches((await this.keys.ring()).accepted);
  }

  private async verify(token: unknown): Promise<StateClaims | undefined> {
    if (typeof token !== 'string' || token.length > 4096) return undefined;
    const [body, sig, ...rest] = token.split('.');
    if (!body || !sig || rest.length > 0) return undefined;
    if (!(await this.signed(body, sig))) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StateClaims;
      return claims.v === 1 && Array.isArray(claims.interruptIds) ? claims : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The marker that token `jti` was spent under `idempotencyKey`. */
function spentUnder(jti: string, idempotencyKey: string): string {
  return `${jti}.${sha256Hex(idempotencyKey)}`;
}

function mac(body: string, key: Buffer): string {
  return createHmac('sha256', key).update(body, 'utf8').digest('base64url');
}
