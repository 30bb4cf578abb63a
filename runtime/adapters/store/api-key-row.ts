// An `api_keys` row as both SQL adapters read it (the same columns in SQLite and PostgreSQL).
import type { ApiKeyRecord } from '../../ports/store/api-key-store.ts';

export interface ApiKeyRow {
  key_hash: Uint8Array;
  tenant: string;
  subject_id: string;
  created_at: string;
}

export const apiKeyFromRow = (row: ApiKeyRow): ApiKeyRecord => ({
  keyHash: row.key_hash,
  tenant: row.tenant,
  subjectId: row.subject_id,
  createdAt: row.created_at,
});
