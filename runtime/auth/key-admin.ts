// The operator's view of a host's API keys (`wopgen keys`): list, mint, rotate and revoke, per
// tenant. A key is named by an id derived from its stored hash under the store's pepper, so the id
// reveals nothing of the key (not even for records from before the pepper, which hold a plain
// SHA-256); the key itself exists only in what mint and rotate return, once.
import { createHmac } from 'node:crypto';
import type { ApiKeyRecord } from '../ports/store/api-key-store.ts';
import { ApiKeyStore } from './api-keys.ts';
import { keyPepper, type KeyStores } from './host-keys.ts';

export interface KeyInfo {
  /** 12 hex digits naming the key in `wopgen keys rotate|revoke`. */
  id: string;
  tenant: string;
  /** The principal the key authenticates as: a rotated key keeps it, so its runs stay its own. */
  subjectId: string;
  createdAt: string;
}

export interface IssuedKey {
  /** The key itself: shown once, never stored. */
  key: string;
  info: KeyInfo;
}

/** Why a key operation was refused (an unknown id, or one of another tenant): exit 1. */
export class KeyRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyRefusal';
  }
}

export const KEY_ID = /^[0-9a-f]{12}$/;

export class KeyAdmin {
  private readonly keys: ApiKeyStore;

  private constructor(
    private readonly stores: KeyStores,
    private readonly pepper: Buffer,
  ) {
    this.keys = new ApiKeyStore(stores.apiKeys, pepper);
  }

  static async open(stores: KeyStores): Promise<KeyAdmin> {
    return new KeyAdmin(stores, await keyPepper(stores.kv));
  }

  async list(tenant?: string): Promise<KeyInfo[]> {
    return (await this.stores.apiKeys.listApiKeys(tenant)).map((r) => this.info(r));
  }

  async mint(tenant: string): Promise<IssuedKey> {
    const { key, record } = this.keys.newKey(tenant);
    await this.stores.apiKeys.insertApiKey(record);
    return { key, info: this.info(record) };
  }

  /** A new key for the same tenant and subject replaces `id`, in one write. */
  async rotate(id: string, tenant?: string): Promise<IssuedKey & { replaced: KeyInfo }> {
    const current = await this.find(id, tenant);
    const { key, record } = this.keys.newKey(current.tenant, current.subjectId);
    if (!(await this.stores.apiKeys.replaceApiKey(current.keyHash, record)))
      throw new KeyRefusal(`no API key ${id}: it was revoked meanwhile`);
    return { key, info: this.info(record), replaced: this.info(current) };
  }

  async revoke(id: string, tenant?: string): Promise<KeyInfo> {
    const current = await this.find(id, tenant);
    if (!(await this.stores.apiKeys.deleteApiKey(current.keyHash)))
      throw new KeyRefusal(`no API key ${id}: it was revoked meanwhile`);
    return this.info(current);
  }

  private async find(id: string, tenant: string | undefined): Promise<ApiKeyRecord> {
    if (!KEY_ID.test(id))
      throw new KeyRefusal(`"${id}" is not a key id (12 hex digits, from wopgen keys list)`);
    const found = (await this.stores.apiKeys.listApiKeys(tenant)).filter(
      (r) => this.idOf(r) === id,
    );
    if (found.length === 0)
      throw new KeyRefusal(
        tenant === undefined ? `no API key ${id}` : `no API key ${id} for tenant "${tenant}"`,
      );
    // 48 bits: two ids alike among one store's keys is improbable, and then refused, never guessed.
    if (found.length > 1) throw new KeyRefusal(`${found.length} API keys share the id ${id}`);
    return found[0]!;
  }

  private info(r: ApiKeyRecord): KeyInfo {
    return { id: this.idOf(r), tenant: r.tenant, subjectId: r.subjectId, createdAt: r.createdAt };
  }

  private idOf(r: ApiKeyRecord): string {
    return createHmac('sha256', this.pepper)
      .update('key-id\0')
      .update(r.keyHash)
      .digest('hex')
      .slice(0, 12);
  }
}
