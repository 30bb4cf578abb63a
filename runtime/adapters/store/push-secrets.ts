// Push tokens and credentials sealed at rest (README "Secrets at rest"). interop.md §"A2A push
// delivery" holds them by reference; here the referenced value is sealed too: each secret row is
// `sealed:v1:…` (util/seal.ts) under a data key, bound to its reference, and the data key is a kv
// row of the same store, sealed under the operator's key-encryption key (WOPGEN_MCP_STATE_KEK, the
// one that seals the MCP requestState keys) when one is configured, and kept in clear otherwise.
//
// Why a data key rather than sealing each row under the KEK: without a KEK the secrets are still
// never in clear in push_secrets (a dump or export of that table reveals nothing), every host on a
// shared PostgreSQL database finds the same key without configuration, and setting a KEK later
// seals that one row in place, protecting every stored secret at once. The store alone reveals the
// secrets only when no KEK is configured: the data key then sits in it.
//
// Opening a store reads the data key (a sealed one the KEK given cannot open refuses the store)
// and writes it only in clear (a new store, or one an older release made). Sealing it under the
// KEK is a separate step the host takes once it has checked that KEK against what the store
// already holds sealed (the MCP requestState ring, create-host.ts): a mistyped KEK at the first
// start after an upgrade is refused there, instead of sealing the key where the right one
// cannot open it.
import { randomBytes } from 'node:crypto';
import type { PushSecret } from '../../ports/store/push-store.ts';
import { sealWith, type KeySeal } from '../../util/seal.ts';

/** The kv row holding the push data key. */
export const PUSH_DATA_KEY_KV = 'push.secretKey';

const DATA_KEY = {
  info: 'wopgen push data key seal v1',
  aad: 'wopgen push data key',
  noSecret:
    'the push secret key in the store is sealed: set WOPGEN_MCP_STATE_KEK (mcp.requestStateKek) to the key it was sealed with',
  wrongSecret: 'the push secret key in the store was sealed with another WOPGEN_MCP_STATE_KEK',
};

const SECRET = {
  info: 'wopgen push secret seal v1',
  aad: 'wopgen push secret',
  // Unreachable: a data key always exists. Said should a row meet a store without one.
  noSecret: 'a push secret in the store is sealed, and the store holds no push secret key',
  wrongSecret: 'a push secret in the store was sealed under another push secret key',
};

/** How the data key is kept: sealed under `kek`, or in clear without one. */
export function dataKeySeal(kek: string | undefined): KeySeal {
  return sealWith(kek, DATA_KEY);
}

/** A new data key (stored in clear until the host seals it). */
export function freshDataKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Seals and opens the secret rows of one store, under its data key (clear). */
export interface PushSecretBox {
  seal(secretRef: string, secret: PushSecret): string;
  /** A stored row's secret; a row in clear (written before sealing) is read as it is. */
  open(secretRef: string, stored: string): PushSecret;
  /** The sealed form of a row stored in clear; undefined when it is sealed already. */
  sealClear(secretRef: string, stored: string): string | undefined;
}

export function pushSecretBox(dataKey: string): PushSecretBox {
  const seal = sealWith(dataKey, SECRET);
  return {
    seal: (ref, secret) => seal.seal(JSON.stringify(secret), ref),
    open: (ref, stored) => JSON.parse(seal.open(stored, ref)) as PushSecret,
    sealClear: (ref, stored) => (seal.isSealed(stored) ? undefined : seal.seal(stored, ref)),
  };
}
