// The push data key of a PostgreSQL store (push-secrets.ts): created in clear by the first host to
// open the database (first writer wins, so every host seals under one key), read on every open,
// and sealed in place by sealPgPushKey once a host has checked the KEK (racing hosts write the
// same key under different IVs: either write is right).
import type { ClientBase, Pool } from 'pg';
import {
  dataKeySeal,
  freshDataKey,
  PUSH_DATA_KEY_KV,
  pushSecretBox,
  type PushSecretBox,
} from '../push-secrets.ts';

/** Throws SealedKeyError when the stored key is sealed and `kek` does not open it. */
export async function pgPushSecrets(
  db: Pool | ClientBase,
  kek: string | undefined,
): Promise<PushSecretBox> {
  const { rows } = await db.query<{ v: string }>(
    `WITH ins AS (INSERT INTO kv (k, v) VALUES ($1, $2) ON CONFLICT (k) DO NOTHING RETURNING v)
     SELECT v FROM ins UNION ALL SELECT v FROM kv WHERE k = $1 LIMIT 1`,
    [PUSH_DATA_KEY_KV, freshDataKey()],
  );
  return pushSecretBox(dataKeySeal(kek).open(rows[0]!.v));
}

/** Seals a data key stored in clear under `kek` (nothing without one, or when sealed already). */
export async function sealPgPushKey(pool: Pool, kek: string | undefined): Promise<void> {
  const { rows } = await pool.query<{ v: string }>('SELECT v FROM kv WHERE k = $1', [
    PUSH_DATA_KEY_KV,
  ]);
  if (!rows[0]) return;
  const { reseal } = dataKeySeal(kek).keep(rows[0].v);
  if (reseal !== undefined)
    await pool.query('UPDATE kv SET v = $1 WHERE k = $2', [reseal, PUSH_DATA_KEY_KV]);
}
