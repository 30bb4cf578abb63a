// A host's API keys over its store: keyed by the store's own pepper (created on first use, so every
// process opening the store — each `wopgen serve`, `wopgen keys`, a scaffolded server — hashes and
// finds keys alike), and the first start's demo key, minted once and never again.
import { randomBytes } from 'node:crypto';
import type { ApiKeyAdmin } from '../ports/store/api-key-store.ts';
import type { KeyValueStore } from '../ports/store/binding-state.ts';
import { ApiKeyStore } from './api-keys.ts';

/** The store parts the host's keys live in. */
export interface KeyStores {
  apiKeys: ApiKeyAdmin;
  kv: KeyValueStore;
}

/** The host secret API-key hashes and operator subject ids are keyed with (api-keys.ts). */
const KEY_PEPPER = 'auth.key-pepper';
/** Set once a demo key was minted: a later start mints none, even after it was revoked. */
const DEMO_MINTED = 'demo-key-minted';

export async function keyPepper(kv: KeyValueStore): Promise<Buffer> {
  const value = await kv.setKvIfAbsent(KEY_PEPPER, randomBytes(32).toString('base64url'));
  return Buffer.from(value, 'base64url');
}

/** The host's API keys (an Authenticator) over `stores`, keyed by the store's pepper. */
export async function hostApiKeys(stores: KeyStores): Promise<ApiKeyStore> {
  return new ApiKeyStore(stores.apiKeys, await keyPepper(stores.kv));
}

/**
 * Registers the operator's keys; with none given, on the first start of a store that holds no key,
 * mints one for `tenant` and returns it (to be shown once: only its hash is stored). Every later
 * start returns undefined and uses the keys in the store (`wopgen keys` manages them).
 */
export async function seedApiKeys(
  keys: ApiKeyStore,
  stores: KeyStores,
  given: readonly { key: string; tenant: string }[],
  tenant = 'demo',
): Promise<{ key: string; tenant: string } | undefined> {
  for (const k of given) await keys.registerKey(k.key, k.tenant);
  if (given.length > 0 || (await stores.kv.getKv(DEMO_MINTED)) !== undefined) return undefined;
  if ((await stores.apiKeys.listApiKeys()).length > 0) return undefined;
  const minted = await keys.mintKey(tenant);
  await stores.kv.setKv(DEMO_MINTED, new Date().toISOString());
  return { key: minted.key, tenant };
}
