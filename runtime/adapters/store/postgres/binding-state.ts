// PostgreSQL adapter of the binding-state ports (single-use tokens, host-wide key-value settings).
// What several hosts race on — spending a token, the first writer of a key such as the requestState
// HMAC key — is decided by a unique key in the database, never in one host's memory: any host of
// a deployment may receive the MCP retry that spends a requestState.
import type { Pool } from 'pg';
import type { KeyValueStore, TokenStore } from '../../../ports/store/binding-state.ts';
import { prepared } from './prepared.ts';

export class PgBindingState implements TokenStore, KeyValueStore {
  constructor(private readonly pool: Pool) {}

  async getKv(key: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ v: string }>(
      prepared('SELECT v FROM kv WHERE k = $1', [key]),
    );
    return rows[0]?.v;
  }

  async setKv(key: string, value: string): Promise<void> {
    await this.pool.query(
      'INSERT INTO kv (k, v) VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET v = excluded.v',
      [key, value],
    );
  }

  async setKvIfAbsent(key: string, value: string): Promise<string> {
    // One statement: the inserted row, or (on conflict) the row a concurrent first writer left.
    const { rows } = await this.pool.query<{ v: string }>(
      `WITH ins AS (INSERT INTO kv (k, v) VALUES ($1, $2) ON CONFLICT (k) DO NOTHING RETURNING v)
       SELECT v FROM ins UNION ALL SELECT v FROM kv WHERE k = $1 LIMIT 1`,
      [key, value],
    );
    // The CTE's snapshot cannot see a row committed by a writer it waited on: read it again then.
    return rows[0]?.v ?? (await this.getKv(key))!;
  }

  async spendToken(id: string, expiresAt: number, now: number): Promise<boolean> {
    await this.pool.query(prepared('DELETE FROM spent_tokens WHERE expires_at < $1', [now]));
    const res = await this.pool.query(
      prepared(
        'INSERT INTO spent_tokens (token_id, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [id, expiresAt],
      ),
    );
    return res.rowCount === 1;
  }

  async isTokenSpent(id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      prepared('SELECT 1 FROM spent_tokens WHERE token_id = $1', [id]),
    );
    return rowCount === 1;
  }
}
