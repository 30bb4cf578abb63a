// PostgreSQL adapter of the API-key ports: only a keyed hash of a key is stored (DESIGN.md §5).
import type { Pool } from 'pg';
import type { ApiKeyAdmin, ApiKeyRecord } from '../../../ports/store/api-key-store.ts';
import { apiKeyFromRow, type ApiKeyRow } from '../api-key-row.ts';
import { prepared } from './prepared.ts';

// Columns named, not `*`: a column a later migration adds cannot change a prepared plan's shape.
const COLUMNS = 'key_hash, tenant, subject_id, created_at';

export class PgApiKeyStore implements ApiKeyAdmin {
  constructor(private readonly pool: Pool) {}

  async insertApiKey(r: ApiKeyRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO api_keys (key_hash, tenant, subject_id, created_at) VALUES ($1, $2, $3, $4)',
      [Buffer.from(r.keyHash), r.tenant, r.subjectId, r.createdAt],
    );
  }

  async findApiKey(keyHash: Uint8Array): Promise<ApiKeyRecord | undefined> {
    const { rows } = await this.pool.query<ApiKeyRow>(
      prepared(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = $1`, [Buffer.from(keyHash)]),
    );
    return rows[0] && apiKeyFromRow(rows[0]);
  }

  async listApiKeys(tenant?: string): Promise<ApiKeyRecord[]> {
    const { rows } =
      tenant === undefined
        ? await this.pool.query<ApiKeyRow>(
            `SELECT ${COLUMNS} FROM api_keys ORDER BY created_at, key_hash`,
          )
        : await this.pool.query<ApiKeyRow>(
            `SELECT ${COLUMNS} FROM api_keys WHERE tenant = $1 ORDER BY created_at, key_hash`,
            [tenant],
          );
    return rows.map(apiKeyFromRow);
  }

  async deleteApiKey(keyHash: Uint8Array): Promise<boolean> {
    const r = await this.pool.query('DELETE FROM api_keys WHERE key_hash = $1', [
      Buffer.from(keyHash),
    ]);
    return r.rowCount === 1;
  }

  async replaceApiKey(current: Uint8Array, next: ApiKeyRecord): Promise<boolean> {
    // One statement, so one transaction: the insert happens only if the delete found the record.
    const r = await this.pool.query(
      `WITH gone AS (DELETE FROM api_keys WHERE key_hash = $1 RETURNING 1)
       INSERT INTO api_keys (key_hash, tenant, subject_id, created_at)
       SELECT $2, $3, $4, $5 FROM gone`,
      [
        Buffer.from(current),
        Buffer.from(next.keyHash),
        next.tenant,
        next.subjectId,
        next.createdAt,
      ],
    );
    return r.rowCount === 1;
  }
}
