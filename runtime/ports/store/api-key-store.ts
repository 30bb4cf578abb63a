// API-key records: only a keyed hash of a key is ever stored (DESIGN.md §5 "Subject").

export interface ApiKeyRecord {
  keyHash: Uint8Array;
  tenant: string;
  subjectId: string;
  createdAt: string;
}

/** What authenticating a key needs: register one, find one by its hash. */
export interface ApiKeyStore {
  insertApiKey(record: ApiKeyRecord): Promise<void>;
  findApiKey(keyHash: Uint8Array): Promise<ApiKeyRecord | undefined>;
}

/** What the operator's key management needs as well (`wopgen keys`): list, revoke, rotate. */
export interface ApiKeyAdmin extends ApiKeyStore {
  /** Every record, or only `tenant`'s, oldest first (ties by hash). */
  listApiKeys(tenant?: string): Promise<ApiKeyRecord[]>;
  /** Removes the record; false when there was none. */
  deleteApiKey(keyHash: Uint8Array): Promise<boolean>;
  /** Removes `current` and inserts `next` in one transaction; false (nothing written) when `current` is gone. */
  replaceApiKey(current: Uint8Array, next: ApiKeyRecord): Promise<boolean>;
}
