// API-key credentials: minted once, stored only as keyed hashes, resolved to a Subject whose tenant
// comes from the key record alone (DESIGN.md §5 "Subject"; interop.md §"The operation mappings" Isolation).
// With a host secret (a `pepper`), the stored hash is HMAC-SHA256(pepper, key) and an operator key's
// subject id is derived from another HMAC of it (not a SHA-256): neither the key table nor the
// `subjectId` every reader of the tenant sees is an offline oracle for a weak operator-chosen key.
// Records written before the pepper existed (plain SHA-256) are still recognised.
import { createHash, createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isRunTenant, randomOpaque } from '../ids.ts';
import type { Authenticator, Subject } from '../ports/auth.ts';
import type { ApiKeyRecord, ApiKeyStore as ApiKeyRecords } from '../ports/store/api-key-store.ts';

export const API_KEY_PREFIX = 'wop_';
/** Issuer recorded on subjects authenticated by this host's own API keys. */
export const API_KEY_ISSUER = 'urn:wopgen:api-key';

export interface MintedKey {
  /** The raw key: shown to the caller once and never stored. */
  key: string;
  subject: Subject;
}

/** The stored form of a key: HMAC-SHA256 under the host's pepper, or SHA-256 without one. */
export function hashKey(key: string, pepper?: Uint8Array): Buffer {
  if (pepper) return createHmac('sha256', pepper).update(key, 'utf8').digest();
  return createHash('sha256').update(key, 'utf8').digest();
}

/**
 * How long a verified key is answered from memory. The store lookup on every request was a
 * measurable share of a read's cost; a key record removed from the store by another
 * process stops working within this window. Only known keys are cached (by a digest, never the
 * key), so unknown keys cannot grow the cache. The cache's digest is SHA-256 over a random
 * per-process salt and the key: as keyed as the stored HMAC for what memory holds (the salt never
 * leaves the process), at a fifth of its cost — the HMAC of every request (a fresh key import per
 * call) was ~3% of a read's CPU in a GetTask profile. The stored hash is computed only on a miss.
 */
export const KEY_CACHE_TTL_MS = 5_000;
const KEY_CACHE_MAX = 10_000;

/** The subject id of an operator-chosen key: stable per key and host, revealing nothing of it. */
export function operatorSubjectId(key: string, pepper: Uint8Array | undefined): string {
  const mac = pepper
    ? createHmac('sha256', pepper).update(`subject\0${key}`, 'utf8').digest('hex')
    : hashKey(key).toString('hex');
  return `key-${mac.slice(0, 16)}`;
}

/** The host's own credentials: API keys over the ApiKeyStore port; an Authenticator for bindings. */
export class ApiKeyStore implements Authenticator {
  private readonly verified = new Map<string, { subject: Subject; until: number }>();
  private readonly cacheSalt = randomBytes(16).toString('base64');

  /** `pepper`: the host secret keyed hashes use (see the header); plain SHA-256 without it. */
  constructor(
    private readonly store: ApiKeyRecords,
    private readonly pepper?: Uint8Array,
  ) {}

  /** The record of `key`: under its keyed hash, else (records from before the pepper) its SHA-256. */
  private async find(key: string) {
    const hash = hashKey(key, this.pepper);
    const rec = await this.store.findApiKey(hash);
    if (rec || !this.pepper) return rec && { rec, hash };
    const legacy = hashKey(key);
    const old = await this.store.findApiKey(legacy);
    return old && { rec: old, hash: legacy };
  }

  /** Mint a key for `tenant`; `subjectId` defaults to a fresh opaque id. */
  async mintKey(tenant: string, options: { subjectId?: string } = {}): Promise<MintedKey> {
    const { key, record } = this.newKey(tenant, options.subjectId);
    await this.store.insertApiKey(record);
    return { key, subject: subjectFor(tenant, record.subjectId) };
  }

  /**
   * A fresh random key for `tenant` and the record that stores it (nothing is written): for a
   * caller that writes the record together with another change (a rotation, key-admin.ts).
   */
  newKey(
    tenant: string,
    subjectId = `key-${randomOpaque(12)}`,
  ): { key: string; record: ApiKeyRecord } {
    if (!isRunTenant(tenant)) throw new Error(`invalid tenant ${JSON.stringify(tenant)}`);
    if (!/^[^\s/]{1,256}$/.test(subjectId))
      throw new Error(`invalid subjectId ${JSON.stringify(subjectId)}`);
    const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    const record = {
      keyHash: hashKey(key, this.pepper),
      tenant,
      subjectId,
      createdAt: new Date().toISOString(),
    };
    return { key, record };
  }

  /**
   * Register an operator-chosen key (`--api-key KEY=TENANT`); idempotent. The subject id is derived
   * from a keyed hash of the key (operatorSubjectId), so the same key maps to the same principal
   * across restarts of the same store.
   */
  async registerKey(key: string, tenant: string): Promise<Subject> {
    if (!isRunTenant(tenant)) throw new Error(`invalid tenant ${JSON.stringify(tenant)}`);
    if (key.length < 16) throw new Error('an API key must be at least 16 characters');
    const found = await this.find(key);
    if (found) {
      if (found.rec.tenant !== tenant)
        throw new Error('this API key is already registered for another tenant');
      return subjectFor(found.rec.tenant, found.rec.subjectId);
    }
    const subjectId = operatorSubjectId(key, this.pepper);
    try {
      await this.store.insertApiKey({
        keyHash: hashKey(key, this.pepper),
        tenant,
        subjectId,
        createdAt: new Date().toISOString(),
      });
    } catch (err) {
      // Hosts sharing one database register the operator's keys as they start, possibly at once:
      // the loser of the insert finds the winner's record (the key hash is the primary key).
      const raced = await this.find(key);
      if (!raced) throw err;
      if (raced.rec.tenant !== tenant)
        throw new Error('this API key is already registered for another tenant');
      return subjectFor(raced.rec.tenant, raced.rec.subjectId);
    }
    return subjectFor(tenant, subjectId);
  }

  /** Resolve a raw key to its Subject, or undefined. */
  async verifyKey(key: string): Promise<Subject | undefined> {
    const digest = this.cacheKey(key);
    const now = Date.now();
    const hit = this.verified.get(digest);
    if (hit && hit.until > now) return { ...hit.subject };
    this.verified.delete(digest);
    const found = await this.find(key);
    if (!found) return undefined;
    const { rec, hash } = found;
    if (rec.keyHash.length !== hash.length || !timingSafeEqual(rec.keyHash, hash)) return undefined;
    const subject = subjectFor(rec.tenant, rec.subjectId);
    if (this.verified.size >= KEY_CACHE_MAX) this.verified.clear();
    this.verified.set(digest, { subject, until: now + KEY_CACHE_TTL_MS });
    return subject;
  }

  /** Drop a key from the cache at once (for a revocation; the store record is the caller's). */
  forget(key: string): void {
    this.verified.delete(this.cacheKey(key));
  }

  /** The in-memory cache's name for `key` (see KEY_CACHE_TTL_MS). */
  private cacheKey(key: string): string {
    return hash('sha256', `${this.cacheSalt}\0${key}`, 'base64');
  }

  /** `Authorization: Bearer <key>` → Subject, or undefined for anything else. */
  async authenticate(authorizationHeader: string | undefined): Promise<Subject | undefined> {
    const m = /^Bearer[ ]+([^\s]+)\s*$/i.exec(authorizationHeader ?? '');
    return m ? this.verifyKey(m[1]!) : undefined;
  }
}

function subjectFor(tenant: string, subjectId: string): Subject {
  return { issuer: API_KEY_ISSUER, subjectId, tenant, lane: 'api-key', kind: 'user' };
}
