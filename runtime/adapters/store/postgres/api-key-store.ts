// PostgreSQL adapter of the ApiKeyStore port: only the sha256 of a key is stored (DESIGN.md §5).
import type { Pool } from 'pg';
import type { ApiKeyRecord, ApiKeyStore } from '../../../ports/store/api-key-store.ts';
import { prepared } from './prepared.ts';

export class PgApiKeyStore implements ApiKeyStore {
  constructor(private readonly pool: Pool) {}

  async insertApiKey(r: ApiKeyRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO api_keys (key_hash, tenant, subject_id, created_at) VALUES ($1, $2, $3, $4)',
      [Buffer.from(r.keyHash), r.tenant, r.subjectId, r.createdAt],
    );
  }

  async findApiKey(keyHash: Uint8Array): Promise<ApiKeyRecord | undefined> {
    const { rows } = await this.pool.query<{
      key_hash: Buffer;
      tenant: string;
      subject_id: string;
      created_at: string;
    }>(
      prepared(
        'SELECT key_hash, tenant, subject_id, created_at FROM api_keys WHERE key_hash = $1',
        [Buffer.from(keyHash)],
      ),
    );
    const row = rows[0];
    return (
      row && {
        keyHash: row.key_hash,
        tenant: row.tenant,
        subjectId: row.subject_id,
        createdAt: row.created_at,
      }
    );
  }
}
