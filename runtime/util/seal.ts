// Sealing a secret kept in the store (README "Secrets at rest"): `sealed:v1:` + base64url(iv ‖ tag ‖
// AES-256-GCM ciphertext) under a key derived from the sealing secret by HKDF-SHA256. The purpose
// names the derivation and is bound in as associated data, so a value sealed for one purpose (an
// MCP requestState key, the push data key, one push secret) never opens as another; `context`
// binds a value to its row (a push secret to its reference), so it cannot be moved to another.
// The MCP requestState keys and the push secrets (adapters/store/push-secrets.ts) both seal here,
// under the operator's WOPGEN_MCP_STATE_KEK or a key kept in the store.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'sealed:v1:';

export class SealedKeyError extends Error {
  override readonly name = 'SealedKeyError';
}

/** What a seal is for: its derivation, its associated data and what to say when it cannot open. */
export interface SealPurpose {
  /** HKDF `info`: one key per purpose from one secret. */
  info: string;
  /** Associated data every value of this purpose is sealed with. */
  aad: string;
  /** Said when a sealed value meets no secret to open it with. */
  noSecret: string;
  /** Said when the secret given does not open it. */
  wrongSecret: string;
}

export interface KeySeal {
  /** Whether values are sealed when stored (a secret is configured). */
  readonly sealing: boolean;
  seal(clear: string, context?: string): string;
  /** The clear value of a stored one (clear values pass through); throws SealedKeyError. */
  open(stored: string, context?: string): string;
  isSealed(stored: string): boolean;
  /**
   * A key kept in the store, opened: its clear value and, when this seal seals and the store
   * holds it in clear, the sealed form to write back (sealed in place). Throws SealedKeyError.
   */
  keep(stored: string): { clear: string; reseal?: string };
}

export function sealWith(secret: string | undefined, purpose: SealPurpose): KeySeal {
  const key =
    secret === undefined || secret === ''
      ? undefined
      : Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose.info, 32));
  const aad = (context: string | undefined) =>
    Buffer.from(context === undefined ? purpose.aad : `${purpose.aad}\u0000${context}`, 'utf8');
  const isSealed = (stored: string) => stored.startsWith(PREFIX);
  const seal: KeySeal = {
    sealing: key !== undefined,
    isSealed,
    seal(clear, context) {
      if (!key) return clear;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(context));
      const ct = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url');
    },
    open(stored, context) {
      if (!isSealed(stored)) return stored;
      if (!key) throw new SealedKeyError(purpose.noSecret);
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(
          aad(context),
        );
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SealedKeyError(purpose.wrongSecret);
      }
    },
    keep(stored) {
      const clear = seal.open(stored);
      return key && !isSealed(stored) ? { clear, reseal: seal.seal(clear) } : { clear };
    },
  };
  return seal;
}
