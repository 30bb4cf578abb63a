// API-key records: only the sha256 of a key is ever stored (DESIGN.md §5 "Subject").

export interface ApiKeyRecord {
  keyHash: Uint8Array;
  tenant: string;
  subjectId: string;
  createdAt: string;
}

export interface ApiKeyStore {
  insertApiKey(record: ApiKeyRecord): Promise<void>;
  findApiKey(keyHash: Uint8Array): Promise<ApiKeyRecord | undefined>;
}
