// Sealing the MCP requestState keys at rest (issue 10, break 10: without WOPGEN_MCP_STATE_SECRET
// the HMAC keys sat in clear in the store, so anyone who could read a backup or the database could
// forge requestState for any principal). With a key-encryption key (`mcp.requestStateKek`, from
// WOPGEN_MCP_STATE_KEK: environment only, never a flag, never logged) each key is stored as
// `sealed:v1:` + base64url(iv ‖ tag ‖ AES-256-GCM ciphertext) under a key derived from the KEK by
// HKDF-SHA256; the store alone then holds nothing that signs or verifies a token. Every host of a
// deployment is given the same KEK, and the ring in the store stays shared and rotatable.
//
// A key stored in clear (a host that ran before the KEK was set) is still read, and sealed in place
// (state-keys.ts). A sealed key the host cannot open (no KEK, another KEK) is a start-up error that
// says which variable to set: tokens signed with it could not be verified, nor new ones signed.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'sealed:v1:';
/** Binds a sealed value to its purpose: it cannot be replayed as another kind of secret. */
const AAD = Buffer.from('wopgen mcp requestState hmac key', 'utf8');

export class SealedKeyError extends Error {
  override readonly name = 'SealedKeyError';
}

export interface KeySeal {
  /** Whether values are sealed when stored (a KEK is configured). */
  readonly sealing: boolean;
  seal(clear: string): string;
  /** The clear value of a stored one (clear values pass through); throws SealedKeyError. */
  open(stored: string): string;
  isSealed(stored: string): boolean;
}

export function keySeal(kek: string | undefined): KeySeal {
  const key =
    kek === undefined || kek === ''
      ? undefined
      : Buffer.from(hkdfSync('sha256', kek, Buffer.alloc(0), 'wopgen mcp state seal v1', 32));
  const isSealed = (stored: string) => stored.startsWith(PREFIX);
  return {
    sealing: key !== undefined,
    isSealed,
    seal(clear) {
      if (!key) return clear;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(AAD);
      const ct = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url');
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      if (!key)
        throw new SealedKeyError(
          'the MCP requestState keys in the store are sealed: set WOPGEN_MCP_STATE_KEK (mcp.requestStateKek) to the key they were sealed with',
        );
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(AAD);
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SealedKeyError(
          'the MCP requestState keys in the store were sealed with another WOPGEN_MCP_STATE_KEK',
        );
      }
    },
  };
}
